import ReflLexer

/// The bare words that mean something: booleans, UIKit enum cases and
/// option-set members (case-sensitive, as Grammar.md settles).
enum Keywords {
    /// Content modes: `UIViewContentMode` raw values 0–12.
    static let contentModes: [String: (caseName: String, rawValue: Int)] = [
        "mode-scale-to-fill": ("scaleToFill", 0), "mode-scale-aspect-fit": ("scaleAspectFit", 1),
        "mode-scale-aspect-fill": ("scaleAspectFill", 2), "mode-redraw": ("redraw", 3),
        "mode-center": ("center", 4), "mode-top": ("top", 5), "mode-bottom": ("bottom", 6),
        "mode-left": ("left", 7), "mode-right": ("right", 8), "mode-top-left": ("topLeft", 9),
        "mode-top-right": ("topRight", 10), "mode-bottom-left": ("bottomLeft", 11),
        "mode-bottom-right": ("bottomRight", 12),
    ]

    /// Text alignments: `NSTextAlignment` raw values as on iOS.
    static let textAlignments: [String: Int] = [
        "left": 0, "center": 1, "right": 2, "justified": 3, "natural": 4,
    ]

    /// Autoresizing options: `UIViewAutoresizing` bits (`none` is 0).
    static let autoresizing: [String: (option: String, bit: Int)] = [
        "flexible-left-margin": ("flexibleLeftMargin", 1), "flexible-width": ("flexibleWidth", 2),
        "flexible-right-margin": ("flexibleRightMargin", 4), "flexible-top-margin": ("flexibleTopMargin", 8),
        "flexible-height": ("flexibleHeight", 16), "flexible-bottom-margin": ("flexibleBottomMargin", 32),
        "none": ("none", 0),
    ]

    /// The value of a keyword, or nil when the word is no keyword. One
    /// table lookup for the exact word; color names also match in any case.
    static func value(of word: String) -> StyleValue? {
        if let value = table[word] { return value }
        return NamedColors.color(named: word).map(StyleValue.color)
    }

    /// The value of the keyword spelled exactly by `range` of `source`,
    /// found without making a String (color names only in lowercase).
    static func value(spelledBy range: SourceRange, in source: [UInt8]) -> StyleValue? {
        byBytes.value(namedBy: range, in: source)
    }

    private static let byBytes = ByteKeyedTable(table)

    /// Every case-sensitive keyword and every lowercase color name, with its value.
    private static let table: [String: StyleValue] = {
        var table: [String: StyleValue] = ["true": .bool(true), "false": .bool(false)]
        for (word, mode) in contentModes {
            table[word] = .enumCase(EnumCase(enumName: "UIViewContentMode", caseName: mode.caseName, rawValue: mode.rawValue))
        }
        for (word, alignment) in textAlignments {
            table[word] = .enumCase(EnumCase(enumName: "NSTextAlignment", caseName: word, rawValue: alignment))
        }
        for (word, option) in autoresizing { table[word] = .optionSet(optionSet(bits: option.bit)) }
        for name in NamedColors.table.keys { table[name] = NamedColors.color(named: name).map(StyleValue.color) }
        table["transparent"] = NamedColors.color(named: "transparent").map(StyleValue.color)
        table["clear"] = NamedColors.color(named: "clear").map(StyleValue.color)
        return table
    }()

    /// A `UIViewAutoresizing` value from its bits, options in bit order.
    static func optionSet(bits: Int) -> OptionSetValue {
        bits >= 0 && bits < optionSets.count ? optionSets[bits] : makeOptionSet(bits: bits)
    }

    /// The bit of the autoresizing option spelled exactly by `range` of
    /// `source` (`none` is 0), or nil: what `value(spelledBy:in:)` gives
    /// for it, without a value to copy.
    static func autoresizingBit(spelledBy range: SourceRange, in source: [UInt8]) -> Int? {
        autoresizingBits.value(namedBy: range, in: source)
    }

    /// The words whose keyword is an autoresizing option set, with its bits.
    private static let autoresizingBits = ByteKeyedTable(table.compactMapValues { value -> Int? in
        guard case .optionSet(let options) = value, options.setName == "UIViewAutoresizing" else { return nil }
        return options.rawValue
    })

    /// Every combination of the six options, made once.
    private static let optionSets: [OptionSetValue] = (0..<64).map(makeOptionSet)

    private static func makeOptionSet(bits: Int) -> OptionSetValue {
        let options = autoresizing.values.filter { $0.bit != 0 && bits & $0.bit != 0 }.sorted { $0.bit < $1.bit }
        return OptionSetValue(setName: "UIViewAutoresizing", options: options.map(\.option), rawValue: bits)
    }

    /// Words that are keywords somewhere in the language (font weights and
    /// text styles, control states, condition values): written as a value,
    /// such a word is kept as an identifier without a "did you mean" — `light`
    /// is a weight, not a misspelt `right`.
    static let languageWords: Set<String> = {
        var words = Set(FontWeight.allCases.map(\.rawValue) + TextStyle.allCases.map(\.rawValue) + ControlState.names)
        words.formUnion(AccessibilityFlag.allCases.map(\.rawValue))
        words.formUnion(Idiom.allCases.map(\.rawValue) + SizeClass.allCases.map(\.rawValue) + Appearance.allCases.map(\.rawValue))
        words.formUnion(ContentSizeCategory.allCases.map(\.rawValue) + LayoutDirection.allCases.map(\.rawValue))
        words.formUnion(Orientation.allCases.map(\.rawValue) + Contrast.allCases.map(\.rawValue))
        return words
    }()

    /// Every keyword, for "did you mean" on unknown words.
    static let all: [String] = ["true", "false", "transparent", "clear"] + Array(contentModes.keys)
        + Array(textAlignments.keys) + Array(autoresizing.keys) + Array(NamedColors.table.keys)

    /// `all` by length in scalars: a typo is within one scalar of the
    /// length of the keyword it misspells, and only those are compared.
    private static let allByLength: [[String]] = {
        var byLength: [[String]] = []
        for keyword in all {
            let length = keyword.unicodeScalars.count
            if length >= byLength.count { byLength += Array(repeating: [], count: length + 1 - byLength.count) }
            byLength[length].append(keyword)
        }
        return byLength
    }()

    /// The keyword a word that is none is likely a typo of; nil for a word
    /// of the language (see `languageWords`) or one far from any keyword.
    static func likelyMeant(by word: String) -> String? {
        guard !languageWords.contains(word) else { return nil }
        // Only the keywords `closest` would not skip for their length: the
        // same answer (ties go by byte order), from a tenth of the comparisons.
        let length = word.unicodeScalars.count
        let nearby = allByLength.indices.clamped(to: max(length - 1, 0)..<(length + 2)).flatMap { allByLength[$0] }
        return Suggestions.closest(to: word, in: nearby)
    }
}
