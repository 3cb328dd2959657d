import ReflLexer

/// What the schema says of one declaration key in a rule for a known class:
/// the property it sets, or the warning an unknown key gets. Found once per
/// class and key by each thread (see `RuleContext.keyCheck`). Not indirect:
/// a known key's check, handed out once a declaration, is then the reference
/// to its `KnownKey` alone, where a box around it counted a reference to the
/// box and another to the key each time (2 fewer atomic operations a
/// declaration; an unknown key's check copies its message, but is rare).
enum KeyCheck {
    /// The class is not in the schema, or the key is checked no further.
    case unchecked
    /// The key sets a property the schema has.
    case known(KnownKey)
    /// The key names nothing the class has; the message says what might.
    case unknown(Message)
}

/// The property a known key sets, and the class that declares it. A class,
/// so that a check handed out for every declaration counts one reference
/// rather than copying the property's schema (its names, its type, its
/// note: 1,400 instructions a declaration of the benchmark's UIKit corpus).
final class KnownKey: Sendable {
    let property: PropertySchema
    let declaredBy: String
    /// Whether the property, or an object on its key path, is not yet
    /// available or is deprecated at the deployment target: found with the
    /// key, so that a declaration of a key that draws no warning (most) does
    /// not walk the key path again, nor make the key's text, at every use.
    let isFlaggedAtTarget: Bool

    init(_ property: PropertySchema, declaredBy: String, isFlaggedAtTarget: Bool) {
        self.property = property
        self.declaredBy = declaredBy
        self.isFlaggedAtTarget = isFlaggedAtTarget
    }
}

/// Checks rules for classes the schema knows: keys, types, control states
/// and availability. Immutable and shared by the rule threads.
struct SchemaCheck: Sendable {
    let schema: ViewSchema
    /// `--deployment-target`: properties introduced later or deprecated by
    /// then get a warning.
    let deploymentTarget: OSVersion?

    /// The class a rule is checked as: its class, or its one name when that
    /// names a known class. Nil leaves the rule unchecked (trait-only rules,
    /// classes nobody declared).
    func checkedClass(className: String?, oneName: String?) -> String? {
        if let className { return schema.classes[className] == nil ? nil : className }
        if let oneName, schema.classes[oneName] != nil { return oneName }
        return nil
    }

    /// The property `keyPath` (`titleLabel.font`) of `className`, following
    /// sub-objects; `written` is the key as the stylesheet has it.
    func check(keyPath: String, written: String, of className: String) -> KeyCheck {
        let components = keyPath.split(separator: ".").map(String.init)
        var current = className
        for (index, component) in components.enumerated() {
            guard let found = schema.property(component, of: current) else {
                // The parts of the key as written are only for the message (made
                // for every key checked, they were a quarter of a check).
                let writtenComponents = SchemaWords.keyPathParts(written)
                let shown = index < writtenComponents.count && writtenComponents.count == components.count
                    ? writtenComponents[index] : component
                return .unknown(unknownKey(shown, at: index, of: current, written: written, writtenComponents: writtenComponents))
            }
            if index == components.count - 1 {
                let declaredBy = found.declaredBy.name
                // Whether the deployment target draws a warning does not depend on how the key is written, only its text does.
                let isFlaggedAtTarget = availabilityWarning(key: written, found.property, declaredBy: declaredBy, keyPath: keyPath, of: className) != nil
                return .known(KnownKey(found.property, declaredBy: declaredBy, isFlaggedAtTarget: isFlaggedAtTarget))
            }
            guard case .object(let subclass) = found.property.type else {
                return .unknown(.warning(.unknownProperty,
                    "'\(found.property.stylesheetKey)' of \(current) is \(found.property.type.article), which has no properties to reach with '--'"))
            }
            current = subclass
        }
        return .unchecked
    }

    /// Ways of CSS and of other engines that UIKit spells differently.
    private static let habits: [String: String] = [
        "font-size": "the size goes in the font: 'font: font(\"Avenir\", 16pt)' or 'font: font(body)'",
        "font-weight": "the weight goes in the font: 'font: font(\"system\", 17pt, semibold)'",
        "font-family": "the family goes in the font: 'font: font(\"Avenir-Heavy\", 16pt)'",
        "opacity": "UIKit calls it 'alpha'",
        "border-radius": "UIKit calls it 'corner-radius'",
        "text-align": "UIKit calls it 'text-alignment'",
        "background": "UIKit calls it 'background-color' (or 'background-image' on controls and bars)",
        "visibility": "UIKit's views have 'hidden: true'",
        "display": "UIKit's views have 'hidden: true'",
        "box-shadow": "a shadow is set at once with 'shadow: shadow(x, y, blur, color)'",
        "padding": "UIKit has 'layout-margins' (and a button's 'configuration--content-insets')",
        "margin": "UIKit has 'layout-margins' (and a button's 'configuration--content-insets')",
    ]

    private func unknownKey(_ component: String, at index: Int, of className: String, written: String,
                            writtenComponents: [String]) -> Message {
        let candidates = schema.allProperties(of: className)
        func replaced(with key: String) -> String {
            var parts = writtenComponents
            if index < parts.count && parts.count > 1 { parts[index] = key; return parts.joined(separator: "--") }
            return key
        }
        let base = "'\(component)' is not a property of \(className)"
        // The CSS habit: what UIKit has instead.
        if index == 0 && writtenComponents.count == 1 {
            if component == "color", candidates.contains(where: { $0.property.key == "textColor" }) {
                return .warning(.unknownProperty, base + "; did you mean 'text-color'?", fixIt: FixIt(replacement: "text-color"))
            }
            if component == "box-shadow" {
                // The shorthand, not a property a class has: the key is certain.
                return .warning(.unknownProperty, base + "; \(Self.habits[component]!)", fixIt: FixIt(replacement: "shadow"))
            }
            if let habit = Self.habits[component] {
                let replacement = habit.hasPrefix("UIKit calls it '") ? String(habit.dropFirst(16).prefix { $0 != "'" }) : nil
                if let replacement, candidates.contains(where: { $0.property.stylesheetKey == replacement }) {
                    return .warning(.unknownProperty, base + "; \(habit)", fixIt: FixIt(replacement: replacement))
                }
                return .warning(.unknownProperty, base + "; \(habit)")
            }
        }
        // The Swift name instead of the key-value-coding name: `is-hidden`.
        if let bySwiftName = candidates.first(where: { StylesheetText.kebabCase($0.property.swiftName, equals: component) }),
           bySwiftName.property.stylesheetKey != component {
            let key = bySwiftName.property.stylesheetKey
            return .warning(.unknownProperty, base + "; did you mean '\(key)' (the key-value-coding name of '\(bySwiftName.property.swiftName)')?",
                            fixIt: FixIt(replacement: replaced(with: key)))
        }
        if let suggestion = Suggestions.closest(to: component, in: candidates.map(\.property.stylesheetKey)) {
            return .warning(.unknownProperty, base + "; did you mean '\(suggestion)'?", fixIt: FixIt(replacement: replaced(with: suggestion)))
        }
        return .warning(.unknownProperty, base + " (nor of its superclasses); declare it with '@view \(className) { \(component): TYPE; }' if an extension adds it")
    }

    /// Whether `value` is something `type` takes. A call the compiler does
    /// not know is the app's to decide, and always passes.
    func accepts(_ type: PropertyType, _ value: StyleValue) -> Bool {
        if case .call = value { return true }
        switch (type, value) {
        case (.any, _): return true
        case (.color, .color), (.color, .lightDark), (.color, .assetColor): return true
        case (.number, .number), (.number, .percent): return true
        case (.duration, .duration), (.duration, .number): return true
        case (.bool, .bool): return true
        case (.string, .string), (.string, .localizedString): return true
        case (.font, .font): return true
        // The original engine drew an image from a color or a gradient.
        case (.image, .image), (.image, .color), (.image, .gradient): return true
        case (.edgeInsets, .edgeInsets), (.directionalEdgeInsets, .edgeInsets): return true
        case (.size, .size), (.offset, .size), (.offset, .point): return true
        case (.point, .point): return true
        case (.rect, .rect): return true
        case (.transform, .transform): return true
        case (.gradient, .gradient), (.gradient, .color): return true
        case (.textAttributes, .textAttributes), (.shadow, .shadow), (.border, .border): return true
        case (.enumeration(let name), .enumCase(let value)): return schema.enumerations[name]?.objcName == value.enumName
        case (.enumeration, .number(let raw, nil)), (.options, .number(let raw, nil)): return raw == raw.rounded()
        case (.options(let name), .optionSet(let value)): return schema.enumerations[name]?.objcName == value.setName
        case (.words(let words), .identifier(let word)): return words.contains(word)
        default: return false
        }
    }

    /// A keyword lowered without the key's type at hand (in a rule of
    /// traits that `__include` copies), as the case of the same name of the
    /// property's enumeration (`center`, a text alignment, as a stack view's
    /// alignment) or the option of its option set (`top`, `left`); any other
    /// value as it is.
    func adapt(_ value: StyleValue, to type: PropertyType) -> StyleValue {
        if case .options(let name) = type, let enumeration = schema.enumerations[name] {
            let found: EnumerationCase?
            switch value {
            case .identifier(let word): found = enumeration.case(word)
            case .enumCase(let written) where written.enumName != enumeration.objcName:
                found = enumeration.cases.first { $0.swiftName == written.caseName }
            default: found = nil
            }
            guard let found else { return value }
            return .optionSet(Self.optionSet(of: enumeration, bits: found.rawValue))
        }
        guard case .enumeration(let name) = type, let enumeration = schema.enumerations[name] else { return value }
        switch value {
        case .enumCase(let written) where written.enumName != enumeration.objcName:
            guard let found = enumeration.cases.first(where: { $0.swiftName == written.caseName }) else { return value }
            return .enumCase(EnumCase(enumName: enumeration.objcName, caseName: found.swiftName, rawValue: found.rawValue))
        case .identifier(let word):
            guard let found = enumeration.case(word) else { return value }
            return .enumCase(EnumCase(enumName: enumeration.objcName, caseName: found.swiftName, rawValue: found.rawValue))
        default:
            return value
        }
    }

    /// The case a string names by its word or its Swift name
    /// (`'forceRightToLeft'`), for an enumeration property: what was meant.
    func caseNamed(byString text: String, type: PropertyType) -> (word: String, value: StyleValue)? {
        guard case .enumeration(let name) = type, let enumeration = schema.enumerations[name],
              let found = enumeration.cases.first(where: { $0.word == text || $0.swiftName == text }) else { return nil }
        return (found.word, .enumCase(EnumCase(enumName: enumeration.objcName, caseName: found.swiftName, rawValue: found.rawValue)))
    }

    /// The error for a value `type` does not take; with `suggestion`, a
    /// keyword of that type the value (a bare word) likely misspells.
    func typeError(key: String, _ type: PropertyType, found value: StyleValue, suggestion: String? = nil) -> Message {
        var message = baseTypeError(key: key, type, found: value)
        if let suggestion {
            message.text += "; did you mean '\(suggestion)'?"
            message.fixIt = FixIt(replacement: suggestion)
        }
        return message
    }

    /// The keyword (a color name, `true`, ...) one typo away from `word`
    /// whose value `type` takes; nil when there is none. Words that mean
    /// something elsewhere in the language (`light`, a weight) get none.
    func keyword(like word: String, for type: PropertyType) -> String? {
        guard !Keywords.languageWords.contains(word) else { return nil }
        let fitting = Keywords.all.filter { keyword in
            Keywords.value(of: keyword).map { accepts(type, adapt($0, to: type)) } ?? false
        }
        return Suggestions.closest(to: word, in: fitting)
    }

    private func baseTypeError(key: String, _ type: PropertyType, found value: StyleValue) -> Message {
        switch type {
        case .object(let className):
            return .error(.propertyType, "'\(key)' is a \(className), set through its own properties: write '\(key)--KEY: VALUE'")
        case .enumeration(let name), .options(let name):
            let all = schema.enumerations[name]?.cases ?? []
            let cases = all.prefix(8).map { "'\($0.word)'" }.joined(separator: ", ") + (all.count > 8 ? ", …" : "")
            return .error(.propertyType, "'\(key)' takes a case of \(name) (\(cases)); found \(value.kindDescription)")
        default:
            return .error(.propertyType, "'\(key)' takes \(type.article); found \(value.kindDescription)")
        }
    }

    /// The value of a bare word (or `a, b` words) for a key whose type is an
    /// enumeration, an option set or a declared list of words; nil when the
    /// type is none of those. An unknown word is an error naming the cases
    /// (`key`, the key as written, is made only for it).
    func lowerWords(_ words: [(word: String, range: SourceRange)], key: @autoclosure () -> String, type: PropertyType)
        -> Result<StyleValue, WordError>? {
        switch type {
        case .enumeration(let name):
            guard let enumeration = schema.enumerations[name], words.count == 1 else { return nil }
            guard let found = enumeration.case(words[0].word) else {
                return .failure(WordError(message: unknownCase(words[0].word, of: enumeration.name, cases: enumeration.cases.map(\.word), key: key()), range: words[0].range))
            }
            return .success(.enumCase(EnumCase(enumName: enumeration.objcName, caseName: found.swiftName, rawValue: found.rawValue)))
        case .options(let name):
            guard let enumeration = schema.enumerations[name] else { return nil }
            var bits = 0
            for word in words {
                guard let found = enumeration.case(word.word) else {
                    return .failure(WordError(message: unknownCase(word.word, of: enumeration.name, cases: enumeration.cases.map(\.word), key: key()), range: word.range))
                }
                bits |= found.rawValue
            }
            return .success(.optionSet(Self.optionSet(of: enumeration, bits: bits)))
        case .words(let allowed):
            guard words.count == 1 else { return nil }
            guard allowed.contains(words[0].word) else {
                return .failure(WordError(message: unknownCase(words[0].word, of: "enum(\(allowed.joined(separator: ", ")))", cases: allowed, key: key()), range: words[0].range))
            }
            return .success(.identifier(words[0].word))
        default:
            return nil
        }
    }

    /// The value of options of `enumeration` whose bits are `bits`: listed
    /// as the options whose every bit is set (`top` (1) alone is not `all`
    /// (15)), in the enumeration's order; none for no bits (`none`, as an
    /// empty option set is written in Swift).
    private static func optionSet(of enumeration: EnumerationSchema, bits: Int) -> OptionSetValue {
        // One pass, the names taken straight from the cases: filtering first
        // copied each case whole (three strings) into an array of its own.
        var ordered: [String] = []
        ordered.reserveCapacity(min(bits.nonzeroBitCount, enumeration.cases.count))
        for index in enumeration.cases.indices {
            let raw = enumeration.cases[index].rawValue
            if raw != 0 && bits & raw == raw { ordered.append(enumeration.cases[index].swiftName) }
        }
        return OptionSetValue(setName: enumeration.objcName, options: ordered, rawValue: bits)
    }

    /// Whether `word` is a case or an option of an enumeration of the
    /// schema (UIKit's and the declared ones), or a word of a declared
    /// property's own list.
    func isCaseWord(_ word: String) -> Bool {
        schema.enumerations.values.contains { $0.case(word) != nil }
            || schema.classes.values.contains { $0.properties.contains { property in
                if case .words(let words) = property.type { return words.contains(word) }
                return false
            } }
    }

    /// The error for options where the property takes a single one
    /// (`takesSingleOption`): several, none, or one of several bits
    /// (`image-placement: all`); nil when `value` is one option of one bit.
    /// (`key`, the key as written, is made only for the message.)
    func singleOptionError(key: @autoclosure () -> String, _ property: PropertySchema, found value: StyleValue) -> Message? {
        guard property.takesSingleOption, case .options(let name) = property.type, let enumeration = schema.enumerations[name] else { return nil }
        let bits: Int
        switch value {
        case .optionSet(let options): bits = options.rawValue
        case .number(let raw, nil): bits = Int(exactly: raw) ?? -1
        default: return nil
        }
        let singles = enumeration.singleBitCases
        guard !singles.contains(where: { $0.rawValue == bits }) else { return nil }
        let words = singles.map { "'\($0.word)'" }
        let choices = words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + words.last! : words.joined()
        // What was given, in its words: the option that is exactly those bits (`all`), else the one-bit options it holds.
        let found: String
        if let exact = enumeration.cases.first(where: { $0.rawValue == bits }) {
            found = "'\(exact.word)', which is \(singles.filter { bits & $0.rawValue != 0 }.count) options"
        } else if case .optionSet = value {
            found = "'" + singles.filter { bits & $0.rawValue != 0 }.map(\.word).joined(separator: ", ") + "'"
        } else {
            found = bits < 0 ? "a number that is no option" : "\(bits)"
        }
        return .error(.propertyType, "'\(key())' takes a single option of \(name) (\(choices)); found \(found)")
    }

    private func unknownCase(_ word: String, of name: String, cases: [String], key: String) -> Message {
        let list = cases.prefix(12).map { "'\($0)'" }.joined(separator: ", ") + (cases.count > 12 ? ", …" : "")
        if let suggestion = Suggestions.closest(to: word, in: cases) ?? cases.first(where: { $0.hasSuffix("-" + word) }) {
            return .error(.unknownEnumCase, "'\(word)' is not a case of \(name) for '\(key)'; did you mean '\(suggestion)'?",
                          fixIt: FixIt(replacement: suggestion))
        }
        return .error(.unknownEnumCase, "'\(word)' is not a case of \(name) for '\(key)'; the cases are \(list)")
    }

    /// The error for a control state on a property without a per-state setter.
    func stateError(key: String, className: String) -> Message {
        let perState = schema.allProperties(of: className).filter(\.property.isPerState).map { "'\($0.property.stylesheetKey)'" }
        let which = perState.isEmpty ? "\(className) has no property set per control state"
            : "the per-state properties of \(className) are \(perState.joined(separator: ", "))"
        return .error(.stateNotPerState, "'\(key)' is not set per control state in UIKit; \(which)")
    }

    /// The warning for a key whose property is not available, or is
    /// deprecated, at the deployment target. For a key path
    /// (`configuration--base-background-color`, `keyPath` as the table has
    /// it, of `className`) each step is checked, the sub-objects it goes
    /// through first; the first step that warns is named as a key of its own
    /// would be (`'configuration' (UIButton.configuration) is available from
    /// iOS 15.0; ...`).
    func availabilityWarning(key: String, _ property: PropertySchema, declaredBy: String,
                             keyPath: String, of className: String) -> Message? {
        guard deploymentTarget != nil else { return nil }
        guard keyPath.utf8.contains(UInt8(ascii: ".")) else { return availabilityWarning(key: key, property, declaredBy: declaredBy) }
        let components = keyPath.split(separator: ".").map(String.init)
        let writtenComponents = SchemaWords.keyPathParts(key)
        var current = className
        for (index, component) in components.dropLast().enumerated() {
            guard let found = schema.property(component, of: current), case .object(let subclass) = found.property.type else { break }
            let shown = writtenComponents.count == components.count ? writtenComponents[index] : found.property.stylesheetKey
            if let warning = availabilityWarning(key: shown, found.property, declaredBy: found.declaredBy.name) { return warning }
            current = subclass
        }
        let shown = writtenComponents.count == components.count ? writtenComponents[components.count - 1] : property.stylesheetKey
        return availabilityWarning(key: shown, property, declaredBy: declaredBy)
    }

    /// The warning for a property not available, or deprecated, at the deployment target.
    func availabilityWarning(key: String, _ property: PropertySchema, declaredBy: String) -> Message? {
        guard let target = deploymentTarget else { return nil }
        if let since = property.since, since > target {
            return .warning(.propertyAvailability,
                            "'\(key)' (\(declaredBy).\(property.swiftName)) is available from iOS \(since); the deployment target is iOS \(target)")
        }
        if let deprecated = property.deprecated, deprecated <= target {
            let note = property.note.map { " (\($0))" } ?? ""
            return .warning(.propertyAvailability,
                            "'\(key)' (\(declaredBy).\(property.swiftName)) is deprecated since iOS \(deprecated)\(note); the deployment target is iOS \(target)")
        }
        return nil
    }
}

/// A word that is not a case of the property's enumeration, and where it is.
struct WordError: Error {
    let message: Message
    let range: SourceRange
}

/// Spelling conversions between UIKit's names and a stylesheet's words.
public enum SchemaWords {
    /// `title-label--font` → `["title-label", "font"]`.
    public static func keyPathParts(_ key: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var previousWasDash = false
        for character in key {
            if character == "-" && previousWasDash && !current.isEmpty {
                current.removeLast()
                parts.append(current)
                current = ""
                previousWasDash = false
                continue
            }
            current.append(character)
            previousWasDash = character == "-"
        }
        parts.append(current)
        return parts
    }
}

extension PropertyType {
    /// Whether bare words are read as this type's cases.
    var takesWords: Bool {
        switch self {
        case .enumeration, .options, .words: return true
        default: return false
        }
    }

    /// The enumeration's Swift name, for an enumeration or option set.
    var enumerationName: String? {
        switch self {
        case .enumeration(let name), .options(let name): return name
        default: return nil
        }
    }

    /// `a color`, `edge insets`, `an enum(...)`: for messages.
    var article: String {
        switch self {
        case .edgeInsets: return "edge insets"
        case .directionalEdgeInsets: return "directional edge insets"
        case .textAttributes: return "text attributes"
        case .any: return "any value"
        case .object(let name): return "a sub-object (\(name))"
        case .enumeration(let name): return "a case of \(name)"
        case .options(let name): return "options of \(name)"
        case .words(let words): return "one of \(words.joined(separator: ", "))"
        case .image, .offset: return "an \(description)"
        default: return "a \(description)"
        }
    }
}
