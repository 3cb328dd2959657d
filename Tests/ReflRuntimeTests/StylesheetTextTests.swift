import Testing
@testable import ReflRuntime

/// The pieces of stylesheet text: numbers in full, string literals, and
/// the words of Swift names.
struct StylesheetTextTests {
    /// A number is written as a stylesheet writes it: in full, in the fewest
    /// digits that read back as the same number.
    @Test(arguments: [
        (0.1 + 0.2, "0.30000000000000004"), (1e-9, "0.000000001"), (999999999999, "999999999999"),
        (0.1234567890123456, "0.1234567890123456"), (1.2345678901234568e29, "123456789012345680000000000000"),
        (-1e20, "-100000000000000000000"), (1e15, "1000000000000000"), (0, "0"), (-0.0, "0"), (12.345678, "12.345678"),
        (-12.5, "-12.5"),
    ] as [(Double, String)])
    func numbersAreWrittenInFull(_ value: Double, _ text: String) {
        #expect(StylesheetText.number(value) == text)
        #expect(Double(text) == value)
    }

    @Test func theLargestAndSmallestNumbersAreWrittenInFull() {
        for value in [Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, Double.leastNormalMagnitude, 1e-300, 1e300] {
            let text = StylesheetText.number(value)
            #expect(!text.contains("e") && Double(text) == value, "\(value) → \(text.prefix(40))…")
        }
    }

    /// The fewest decimals that a computation reads back as the value.
    @Test func theShortestNumberIsTheFewestDecimalsThatReadBack() {
        // A channel stored to 5 decimals is a whole channel of 255.
        let channel = 0.41961
        #expect(StylesheetText.shortestNumber(near: channel * 255) { ($0 / 255 * 100_000).rounded() / 100_000 == channel } == "107")
        #expect(StylesheetText.shortestNumber(near: 12.3456) { $0 == 12.3456 } == "12.3456")
        #expect(StylesheetText.shortestNumber(near: 1) { _ in false } == nil)
    }

    /// For people: three decimals at most, no trailing zeros, no exponent.
    @Test func aRoundedNumberHasAtMostThreeDecimals() {
        #expect([107.00055, 0.5, 0.25098, 2.0 / 3, -1.23456, 0.0004, 1e21].map(StylesheetText.roundedNumber)
                == ["107.001", "0.5", "0.251", "0.667", "-1.235", "0", "1000000000000000000000"])
    }

    /// The language's escapes; a carriage return, which none writes, as `\r`.
    @Test func stringsAreQuotedWithTheLanguagesEscapes() {
        #expect(StylesheetText.string("it's") == #"'it\'s'"#)
        #expect(StylesheetText.string("a\\b\nc\"d\te") == "'a\\\\b\\nc\"d\te'")
        #expect(StylesheetText.string("line\r\nnext") == #"'line\r\nnext'"#)
    }

    @Test func swiftNamesBecomeKebabCaseWords() {
        #expect(StylesheetText.kebabCase("isUserInteractionEnabled") == "is-user-interaction-enabled")
        #expect(StylesheetText.kebabCase("layerMinXMinYCorner") == "layer-min-x-min-y-corner")
        #expect(StylesheetText.kebabCase("single") == "single")
    }

    /// Built byte by byte for ASCII names, the word is the one the rule
    /// gives character by character (an uppercase letter becomes a `-`,
    /// unless it is first, and the letter in lowercase): for every Swift name
    /// of UIKit's schema and every ASCII character at the start, in the
    /// middle and at the end of a name.
    @Test func asciiNamesBecomeTheWordsTheRuleGives() {
        func byCharacters(_ name: String) -> String {
            var out = ""
            for character in name {
                if character.isUppercase {
                    if !out.isEmpty { out.append("-") }
                    out.append(contentsOf: character.lowercased())
                } else {
                    out.append(character)
                }
            }
            return out
        }
        var names = UIKitSchema.schema.classes.values.flatMap { $0.properties.map(\.swiftName) } + [""]
        for scalar in (0 as UInt8)..<0x80 {
            let character = String(UnicodeScalar(scalar))
            names += [character, "a" + character, character + "B", "x" + character + "Yz"]
        }
        for name in names {
            #expect(StylesheetText.kebabCase(name) == byCharacters(name), "\(name.debugDescription)")
        }
    }

    /// The comparison that builds no string answers as building the
    /// kebab-case and comparing does: for every Swift name of UIKit's
    /// schema against its own kebab-case, its stylesheet key, and texts one
    /// byte off, and for text that is not ASCII (U+212A KELVIN SIGN is `K`
    /// to Unicode's `==`).
    @Test func kebabCaseComparisonAgreesWithBuildingTheWord() {
        let names = UIKitSchema.schema.classes.values.flatMap { $0.properties.map(\.swiftName) }
            + ["", "A", "URL", "isHidden", "x", "setTitleColor(_:for:)", "caf\u{E9}Latte", "\u{212A}elvin", "Kelvin"]
        var texts: Set<String> = ["", "-", "a", "k", "-kelvin", "\u{212A}elvin", "kelvin", "caf\u{E9}-latte", "cafe\u{301}-latte"]
        for name in names {
            let word = StylesheetText.kebabCase(name)
            texts.formUnion([word, word + "-", "-" + word, String(word.dropLast()), String(word.dropFirst()),
                             word.filter { $0 != "-" }, name, name.lowercased()])
        }
        // Texts of other lengths differ at the end; only the near ones are compared.
        let textsByLength = Dictionary(grouping: texts, by: \.utf8.count)
        var compared = 0
        for name in names {
            let word = StylesheetText.kebabCase(name)
            let lengths = Set([0, max(0, word.utf8.count - 1), word.utf8.count, word.utf8.count + 1])
            for text in lengths.flatMap({ textsByLength[$0] ?? [] }) {
                #expect(StylesheetText.kebabCase(name, equals: text) == (word == text), "\(name) against \(text)")
                compared += 1
            }
            #expect(StylesheetText.kebabCase(name, equals: word))
        }
        #expect(compared > 10_000)
    }
}
