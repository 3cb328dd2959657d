import ReflRuntime

/// Reads `Schema/UIKit.schema`, the UIKit schema as data a person reviews:
///
///     # a comment
///     enum UIView.ContentMode objc UIViewContentMode [since V]
///         WORD RAW-VALUE [SWIFT-CASE]          (the case name defaults to WORD in camelCase)
///     options UIView.AutoresizingMask objc UIViewAutoresizing
///         WORD BIT-VALUE [SWIFT-NAME]
///     class NAME [: SUPERCLASS] [since V]
///         KEY TYPE [swift NAME] [forward KEY.PATH] [since V] [deprecated V] [single] [note "TEXT"]
///
/// TYPE is a type of `@view` declarations: `color`, `number`, ...,
/// `enum(UIView.ContentMode)`, `options(...)`, `object(CALayer)`, and
/// `per-state(TYPE)` for a property set per control state.
public enum SchemaFile {
    public struct Failure: Error, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "Schema/UIKit.schema:\(line): \(message)" }
    }

    public static func parse(_ text: String) throws(Failure) -> ViewSchema {
        var schema = ViewSchema()
        var currentClass: ViewClass?
        var currentEnumeration: EnumerationSchema?

        func flush() {
            if let done = currentClass { schema.classes[done.name] = done }
            if let done = currentEnumeration { schema.enumerations[done.name] = done }
            currentClass = nil
            currentEnumeration = nil
        }

        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let words = try Self.words(String(line), line: lineNumber)
            guard let first = words.first else { continue }
            let indented = rawLine.first == " "
            if !indented {
                flush()
                switch first {
                case "enum", "options":
                    guard words.count >= 4, words[2] == "objc" else {
                        throw Failure(line: lineNumber, message: "expected '\(first) SWIFT-NAME objc OBJC-NAME'")
                    }
                    currentEnumeration = EnumerationSchema(name: words[1], objcName: words[3], isOptionSet: first == "options", cases: [])
                case "class":
                    guard words.count >= 2 else { throw Failure(line: lineNumber, message: "expected 'class NAME [: SUPERCLASS]'") }
                    var superclass: String?
                    var rest = words.dropFirst(2)
                    if rest.first == ":" {
                        guard rest.count >= 2 else { throw Failure(line: lineNumber, message: "expected a superclass after ':'") }
                        superclass = rest[rest.startIndex + 1]
                        rest = rest.dropFirst(2)
                    }
                    var since: OSVersion?
                    if rest.first == "since", rest.count >= 2 { since = try version(rest[rest.startIndex + 1], line: lineNumber) }
                    guard schema.classes[words[1]] == nil else { throw Failure(line: lineNumber, message: "class \(words[1]) is declared twice") }
                    currentClass = ViewClass(name: words[1], superclass: superclass, properties: [], since: since)
                default:
                    throw Failure(line: lineNumber, message: "expected 'class', 'enum' or 'options', found '\(first)'")
                }
                continue
            }
            if currentEnumeration != nil {
                guard words.count == 2 || words.count == 3, let raw = Int(words[1]) else {
                    throw Failure(line: lineNumber, message: "expected 'WORD RAW-VALUE [SWIFT-NAME]'")
                }
                let swiftName = words.count == 3 ? words[2] : camelCase(words[0])
                currentEnumeration!.cases.append(EnumerationCase(word: words[0], swiftName: swiftName, rawValue: raw))
            } else if currentClass != nil {
                currentClass!.properties.append(try property(words, line: lineNumber))
            } else {
                throw Failure(line: lineNumber, message: "an indented line outside a class or enum")
            }
        }
        flush()
        try check(schema)
        return schema
    }

    /// Every type names a known enumeration or class, every superclass is known.
    private static func check(_ schema: ViewSchema) throws(Failure) {
        for known in schema.classes.values {
            if let superclass = known.superclass, schema.classes[superclass] == nil, !["NSObject", "UIResponder"].contains(superclass) {
                throw Failure(line: 0, message: "class \(known.name): unknown superclass \(superclass)")
            }
            for property in known.properties {
                switch property.type {
                case .enumeration(let name), .options(let name):
                    guard schema.enumerations[name] != nil else {
                        throw Failure(line: 0, message: "\(known.name).\(property.stylesheetKey): unknown enumeration \(name)")
                    }
                case .object(let name):
                    guard schema.classes[name] != nil else {
                        throw Failure(line: 0, message: "\(known.name).\(property.stylesheetKey): unknown class \(name)")
                    }
                default: break
                }
            }
        }
    }

    private static func property(_ words: [String], line: Int) throws(Failure) -> PropertySchema {
        guard words.count >= 2 else { throw Failure(line: line, message: "expected 'KEY TYPE ...'") }
        let (type, isPerState) = try Self.type(words[1], line: line)
        let key = camelCase(words[0])
        var property = PropertySchema(key: key, stylesheetKey: words[0], swiftName: key, type: type, isPerState: isPerState)
        var index = 2
        while index < words.count {
            if words[index] == "single" {
                guard case .options = type else { throw Failure(line: line, message: "'single' is for a property of options") }
                property.takesSingleOption = true
                index += 1
                continue
            }
            guard index + 1 < words.count else { throw Failure(line: line, message: "'\(words[index])' needs a value") }
            let value = words[index + 1]
            switch words[index] {
            case "swift": property.swiftName = value
            case "forward": property.forwardsTo = value
            case "since": property.since = try version(value, line: line)
            case "deprecated": property.deprecated = try version(value, line: line)
            case "note": property.note = value
            default: throw Failure(line: line, message: "unknown attribute '\(words[index])'")
            }
            index += 2
        }
        return property
    }

    /// `color`, `enum(UIView.ContentMode)`, `per-state(color)`.
    static func type(_ text: String, line: Int) throws(Failure) -> (PropertyType, isPerState: Bool) {
        guard let parsed = PropertyType.parse(text) else { throw Failure(line: line, message: "unknown type '\(text)'") }
        return parsed
    }

    private static func version(_ text: String, line: Int) throws(Failure) -> OSVersion {
        guard let version = OSVersion(text) else { throw Failure(line: line, message: "expected a version such as 15.0, found '\(text)'") }
        return version
    }

    /// Words separated by spaces; a `"quoted text"` is one word.
    private static func words(_ line: String, line number: Int) throws(Failure) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if quoted {
                if character == "\"" { words.append(current); current = ""; quoted = false } else { current.append(character) }
            } else if character == "\"" {
                quoted = true
            } else if character == " " || character == "\t" {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if quoted { throw Failure(line: number, message: "unterminated quoted text") }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `background-color` → `backgroundColor`.
    public static func camelCase(_ word: String) -> String {
        var out = ""
        var capitalize = false
        for character in word {
            if character == "-" { capitalize = !out.isEmpty; continue }
            out.append(capitalize ? Character(character.uppercased()) : character)
            capitalize = false
        }
        return out
    }
}
