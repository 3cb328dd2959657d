import Testing
import Foundation
@testable import ReflRuntime

/// The JSON table reader takes the table in any layout: members in any
/// order, any whitespace, keys written with escapes; and a large table's
/// rules are still read on two threads.
struct TableJSONReaderTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: RuntimeAloneTests.packageRoot + "/Fixtures/tables/" + name)))
    }

    static func reformatted(_ json: [UInt8], _ layout: JSONLayout) throws -> [UInt8] {
        Array(layout.write(try JSONNode.parse(json).get()).utf8)
    }

    @Test func everyKindOfValueReadsTheSameInAnotherLayout() throws {
        // The kinds of version 2 in a table of that time; those version 3 adds in one of this one.
        let tables = [try Stylesheet(ruleTable: Self.fixture("every-kind-layout1.reflb")).table,
                      try Stylesheet(ruleTable: Self.fixture("version-3-kinds.json")).table]
        #expect(Set(tables.flatMap { $0.rules.flatMap { $0.properties.map(\.value.kind) } }) == Set(StyleValueKind.allCases))
        for table in tables {
            for layout in JSONLayout.allCases {
                let json = try Self.reformatted(table.jsonBytes(), layout)
                #expect(json != table.jsonBytes())
                // A declaration's properties are members of an object: their order means nothing.
                var read = try Stylesheet(ruleTableJSON: json).table, expected = table
                for name in read.views.classes.keys { read.views.classes[name]!.properties.sort { $0.key < $1.key } }
                for name in expected.views.classes.keys { expected.views.classes[name]!.properties.sort { $0.key < $1.key } }
                #expect(read == expected, "\(layout)")
            }
        }
    }

    @Test func aVersionOneTableReadsTheSameInAnotherLayout() throws {
        let original = try Self.fixture("seed-example-v1.json")
        let table = try Stylesheet(ruleTableJSON: original).table
        #expect(table.rules.contains { $0.condition != nil })
        for layout in JSONLayout.allCases {
            #expect(try Stylesheet(ruleTableJSON: Self.reformatted(original, layout)).table == table, "\(layout)")
        }
    }

    /// A table past `RuleTableReader.parallelSize`: its rules in every layout.
    static func largeTable() -> RuleTable {
        let values: [StyleValue] = ValueCodecTests.samples
        let rules = (0..<6_000).map { index in
            CompiledRule(selector: RuleSelector(raw: "View\(index % 97):t\(index)", className: "View\(index % 97)", trait: "t\(index)",
                                                hasWhere: false),
                         priority: 75, appliesToSubclasses: index % 3 == 0,
                         condition: index % 5 == 0 ? ValueCodecTests.condition : nil,
                         source: SourcePosition(file: "main.less", line: index + 1, column: 1),
                         properties: (0..<4).map { Property(name: "p\($0)", value: values[(index + $0) % values.count], isImportant: $0 == 0) },
                         stateProperties: index % 7 == 0 ? [StateProperties(state: .highlighted, properties: [
                             Property(name: "titleColor", value: .color(Color(red: 1, green: 0, blue: 0)), isImportant: false)])] : [])
        }
        return RuleTable(variables: ["a": .number(1, unit: nil), "b": .string("b")], rules: rules)
    }

    @Test func aLargeTableReadsTheSameInEveryLayout() throws {
        let table = Self.largeTable()
        let written = table.jsonBytes()
        #expect(written.count > RuleTableReader.parallelSize)
        for (name, json) in [("writer", written), ("compact", try Self.reformatted(written, .typeFirstAndCompact)),
                             ("spaced out", try Self.reformatted(written, .reversedAndSpacedOut))] {
            #expect(try Stylesheet(ruleTableJSON: json).table == table, "\(name)")
        }
    }

    /// A large table's rules are read in pieces on several threads; a
    /// mistake is reported as a reading from the start would report it: the
    /// first one, at its place, with the rule it is in, wherever the pieces
    /// are cut.
    @Test func aLargeTableReportsItsFirstMistakeWhateverPieceHoldsIt() throws {
        let written = Self.largeTable().jsonBytes()
        let color = Array(#""type":"color""#.utf8), colour = Array(#""type":"colour""#.utf8)
        func place(of needle: [UInt8], after start: Int) throws -> Int {
            try #require((start...(written.count - needle.count)).first { written[$0..<($0 + needle.count)].elementsEqual(needle) })
        }
        let first = try place(of: color, after: written.count * 35 / 100), second = try place(of: color, after: written.count * 80 / 100)
        var damaged = written
        damaged.replaceSubrange(second..<(second + color.count), with: colour)
        damaged.replaceSubrange(first..<(first + color.count), with: colour)
        // The rule that holds the first mistake: each rule has one selector, written first.
        let selectorKey = Array(#""selector""#.utf8)
        let rulesBefore = (0..<first).filter { written[$0..<($0 + selectorKey.count)].elementsEqual(selectorKey) }.count
        do {
            _ = try Stylesheet(ruleTableJSON: damaged)
            Issue.record("a damaged table was read")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.range.start == first + 7)  // at the type's value
            #expect(diagnostic.message.hasPrefix("malformed rule table: table.rules[\(rulesBefore - 1)]."), "\(diagnostic.message)")
            #expect(diagnostic.message.hasSuffix("unknown value type 'colour'"))
        }
    }

    /// A JSON table file of `FileSystem.largeFileSize` or more is read where
    /// it is mapped: the same table as read into an array, and a mistake in
    /// it reported at the same place. A smaller file is not mapped.
    @Test func aLargeTableFileReadsTheSameMapped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflc-mapped-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Rules enough to pass the size from which files are mapped, so that
        // the mapped table's rules are read in pieces on several threads too.
        let base = Self.largeTable()
        var table = base
        while table.jsonBytes().count < FileSystem.largeFileSize { table.rules += base.rules }
        let written = table.jsonBytes()
        #expect(written.count > RuleTableReader.parallelSize)
        let large = FilePath(folder + "/large.json"), small = FilePath(folder + "/small.json"), broken = FilePath(folder + "/broken.json")
        try Data(written).write(to: URL(fileURLWithPath: large.description))
        try Data(base.jsonBytes()).write(to: URL(fileURLWithPath: small.description))
        try Data(written + Array("[]".utf8)).write(to: URL(fileURLWithPath: broken.description))
        #expect(FileSystem.mapLargeFile(large)?.count == written.count)
        #expect(base.jsonBytes().count >= FileSystem.largeFileSize || FileSystem.mapLargeFile(small) == nil)
        guard case .table(let mapped) = try Stylesheet.read(large, mapsLargeJSONTables: true) else {
            Issue.record("not read as a table")
            return
        }
        #expect(mapped.table == table)
        func error(_ path: FilePath, mapped: Bool) -> Diagnostic? {
            do {
                _ = try Stylesheet.read(path, mapsLargeJSONTables: mapped)
                return nil
            } catch {
                return error.diagnostics.first
            }
        }
        let mappedError = try #require(error(broken, mapped: true))
        #expect(mappedError.message == "malformed rule table: unexpected text after the JSON value")
        let readError = try #require(error(broken, mapped: false))
        #expect(mappedError.range == readError.range && mappedError.range.start == written.count)
        #expect(mappedError.file.bytes == readError.file.bytes)
    }

    @Test func theRulesOfALargeTableAreCutWhereARuleStartsWhateverTheLayout() throws {
        let written = Self.largeTable().jsonBytes()
        for json in [written, try Self.reformatted(written, .typeFirstAndCompact)] {
            let cut = try #require(ByteView.reading(json) { RuleBoundary.guess(after: json.count / 2, in: $0) })
            #expect(json[cut.comma] == UInt8(ascii: ","))
            // The guessed place starts a whole rule.
            let rule = String(decoding: json[cut.start...], as: UTF8.self)
            #expect(rule.hasPrefix("{\"states\"") || rule.hasPrefix("{\n      \"selector\""), "\(rule.prefix(40))")
        }
    }

    @Test(arguments: [
        ("{\"rules\": [], \"variables\": {\"a\": {\"value\": 1, \"type\": \"colour\"}}, \"version\": 2}",
         "malformed rule table: table.variables.a.type: unknown value type 'colour'"),
        ("{\"rules\": [], \"variables\": {\"a\": {\"unit\": \"px\", \"type\": \"number\"}}, \"version\": 2}",
         "malformed rule table: table.variables.a.value: missing"),
        ("{\"variables\": {\"a\": {\"value\": 1}}, \"rules\": [], \"version\": 2}",
         "malformed rule table: table.variables.a.type: missing"),
        ("{\"rules\": [], \"variables\": {}}", "malformed rule table: table.version: missing"),
        ("{\"variables\": {\"a\": {\"type\": \"bool\", \"value\": true, \"value\": true}}, \"rules\": [], \"version\": 2}",
         "malformed rule table: the key \"value\" appears twice in one object"),
        ("{\"version\": 2, \"variables\": {}, \"rules\": []} {}", "malformed rule table: unexpected text after the JSON value"),
        ("{\"version\": 2, \"variables\": {\"a\": {\"x\": [1, 2,], \"type\": \"bool\", \"value\": true}}, \"rules\": []}",
         "malformed rule table: expected a JSON value"),
        ("{\"version\": 2, \"variables\": {\"a\": {\"type\": \"point\", \"y\": 2, \"x\": \"1\"}}, \"rules\": []}",
         "malformed rule table: table.variables.a.x: expected a number"),
        // The binary form keeps a context as the selector's text: a context unlike the text would not survive it.
        ("{\"version\": 3, \"variables\": {}, \"rules\": [{\"selector\": {\"raw\": \"a b\", \"class\": \"b\", \"trait\": null, \"where\": false, "
            + "\"context\": [{\"class\": \"c\", \"trait\": null, \"child\": false}]}, \"priority\": 50, \"appliesToSubclasses\": false, "
            + "\"condition\": null, \"source\": {\"file\": \"m.less\", \"line\": 1, \"column\": 1}, \"properties\": {}, \"states\": {}}]}",
         "malformed rule table: table.rules[0].selector.context: does not match the selector's text 'a b'"),
        // A view class, or a key of one, named twice: refused as the tree parser refuses it.
        ("{\"version\": 3, \"variables\": {}, \"rules\": [], \"views\": {\"A\": {\"superclass\": null, \"properties\": {}}, "
            + "\"A\": {\"superclass\": null, \"properties\": {}}}}",
         "malformed rule table: the key \"A\" appears twice in one object"),
        ("{\"version\": 3, \"variables\": {}, \"rules\": [], \"views\": {\"A\": {\"superclass\": null, \"properties\": "
            + "{\"title\": \"string\", \"title\": \"number\"}}}}",
         "malformed rule table: the key \"title\" appears twice in one object"),
    ])
    func aMalformedTableInAnotherLayoutIsReportedAtItsPlace(_ json: String, _ message: String) {
        do {
            let table = try Stylesheet(ruleTableJSON: Array(json.utf8)).table
            Issue.record("loaded: \(table)")
        } catch {
            #expect(error.diagnostics.first?.message == message)
        }
    }

    /// Keys laid out as the writer lays them out are matched where they
    /// stand, in its order: a key written twice is still refused, whether
    /// the second comes straight after the first, after other keys, after a
    /// key out of order, or spelt with an escape; and members in the
    /// writer's order with one missing, or one more, read as before.
    @Test func aRepeatedKeyIsRefusedWhereverTheWritersOrderHasIt() throws {
        let rule = ##"{"selector": {"raw": "UIButton:primary", "class": "UIButton", "trait": "primary", "where": false}, "##
            + ##""priority": 75, "appliesToSubclasses": false, "condition": null, "source": {"file": "m.less", "line": 1, "column": 1}, "##
            + ##""properties": {"alpha": {"value": {"type":"number","value":0.5}, "important": false}, "##
            + ##""tintColor": {"value": {"type":"color","rgba":[1,0,0,1],"hex":"#ff0000ff"}, "important": false}}, "states": {}}"##
        func table(_ rule: String) -> [UInt8] { Array(##"{"version": 3, "variables": {}, "rules": [\##(rule)]}"##.utf8) }
        let written = try Stylesheet(ruleTableJSON: table(rule)).table
        #expect(written.rules.first?.properties.map(\.name) == ["alpha", "tintColor"])
        for (from, to, key) in [(##""value":0.5}"##, ##""value":0.5,"value":0.5}"##, "value"),
                                (##""value":0.5}"##, ##""value":0.5,"unit":"px","value":1}"##, "value"),
                                (##""value":0.5}"##, ##""value":0.5,"\u0076alue":1}"##, "value"),
                                (##""hex":"#ff0000ff"}"##, ##""hex":"#ff0000ff","rgba":[1,0,0,1]}"##, "rgba"),
                                (##""important": false}, "tintColor""##, ##""important": false, "important": true}, "tintColor""##, "important"),
                                (##"{"value": {"type":"number""##, ##"{"value": 1, "value": {"type":"number""##, "value"),
                                (##""priority": 75,"##, ##""priority": 75, "priority": 75,"##, "priority"),
                                (##""condition": null,"##, ##""condition": null, "priority": 75,"##, "priority"),
                                (##""line": 1, "column": 1}"##, ##""line": 1, "column": 1, "line": 2}"##, "line"),
                                (##""class": "UIButton","##, ##""trait": "primary", "class": "UIButton","##, "trait")] {
            #expect(rule.contains(from))
            do {
                let read = try Stylesheet(ruleTableJSON: table(rule.replacingOccurrences(of: from, with: to))).table
                Issue.record("read with \(key) twice: \(read)")
            } catch {
                #expect(error.diagnostics.first?.message == "malformed rule table: the key \"\(key)\" appears twice in one object", "\(to)")
            }
        }
        // The writer's order with a member missing, or one it does not write.
        for (from, to) in [(##","hex":"#ff0000ff""##, ""), (##""value":0.5}"##, ##""value":0.5,"unit":"px"}"##),
                           (##""hex":"#ff0000ff"}"##, ##""hex":"#ff0000ff","extra":[{"hex":1}]}"##),
                           (##""priority": 75,"##, ##""priority": 75, "note": "x","##)] {
            #expect(rule.contains(from))
            let changed = rule.replacingOccurrences(of: from, with: to)
            let read = try Stylesheet(ruleTableJSON: table(changed)).table
            #expect(read.rules.first?.properties.first?.name == "alpha", "\(to)")
        }
        #expect(throws: StylesheetError.self) {
            try Stylesheet(ruleTableJSON: table(rule.replacingOccurrences(of: ##""hex":"#ff0000ff"}"##, with: "}")
                .replacingOccurrences(of: ##""rgba":[1,0,0,1],"##, with: "")))
        }
    }

    /// Property names recur rule after rule, and the reader keeps those it
    /// met last by their bytes: names of every length around the 16 bytes
    /// it keeps, names that differ in one byte only, and more names than it
    /// has room for, read back as written, rule after rule.
    @Test func propertyNamesReadBackWhateverTheirLengthAndNumber() throws {
        var names = (1...20).map { String(repeating: "n", count: $0) }
        names += (0..<200).map { "property\($0)" } + ["autoresizingMask", "autoresizingMasK", "contentEdgeInsets", "é-accented"]
        let rules = (0..<40).map { index in
            CompiledRule(selector: RuleSelector(raw: "View\(index)", className: "View\(index)", trait: nil, hasWhere: false),
                         priority: 50, appliesToSubclasses: false, condition: nil,
                         source: SourcePosition(file: "main.less", line: index + 1, column: 1),
                         properties: names.enumerated().filter { ($0.offset + index) % 3 != 0 }.map(\.element).sorted()
                             .map { Property(name: $0, value: .number(Double(index), unit: nil), isImportant: false) })
        }
        let table = RuleTable(variables: [:], rules: rules)
        #expect(try Stylesheet(ruleTableJSON: table.jsonBytes()).table == table)
    }

    /// Keys are compared by their code points (RFC 8259): two keys that
    /// differ only in Unicode normalization are two keys, for the tree
    /// parser and the table reader alike; the same key twice is refused.
    @Test func keysDifferingInNormalizationAreTwoKeys() throws {
        let keys = "{\"e\\u0301\": 11, \"\\u00e9\": 12}"
        guard case .object(let members) = try JSONNode.parse(Array(keys.utf8)).get().kind else {
            Issue.record("not an object")
            return
        }
        #expect(members.map { Array($0.key.unicodeScalars.map(\.value)) } == [[0x65, 0x301], [0xE9]])
        // More than 16 members: the parser finds repeated keys in a set.
        let many = (0..<20).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        #expect((try? JSONNode.parse(Array("{\(many), \"e\\u0301\": 1, \"\\u00e9\": 2}".utf8)).get()) != nil)
        if case .failure(let failure) = JSONNode.parse(Array("{\(many), \"\\u00e9\": 1, \"\u{e9}\": 2}".utf8)) {
            #expect(failure.message == "the key \"\u{e9}\" appears twice in one object")
        } else {
            Issue.record("a repeated key was accepted")
        }
        // An unknown member of a table is skipped, but checked as the tree parser checks it.
        let table = "{\"version\": 3, \"variables\": {}, \"rules\": [], \"extra\": \(keys)}"
        #expect((try? Stylesheet(ruleTableJSON: Array(table.utf8))) != nil)
        let repeated = "{\"version\": 3, \"variables\": {}, \"rules\": [], \"extra\": {\"\\u00e9\": 1, \"\u{e9}\": 2}}"
        #expect((try? Stylesheet(ruleTableJSON: Array(repeated.utf8))) == nil)
    }

    /// A number beyond a Double's range is refused by name, at the number.
    @Test func aNumberOutOfRangeIsSaidToBe() throws {
        for (json, message) in [("[1e400]", "number out of range: 1e400 is too large to represent (the largest is about 1.8e308)"),
                                ("[-1e-400]", "number out of range: -1e-400 is too small to represent (it is not zero, but rounds to zero)")] {
            guard case .failure(let failure) = JSONNode.parse(Array(json.utf8)) else {
                Issue.record("\(json) was read")
                continue
            }
            #expect(failure.message == message)
            #expect(failure.offset == 1)
        }
        #expect(try JSONNode.parse(Array("[0e-400]".utf8)).get().kind.isArray)
    }

    /// Whitespace is skipped eight bytes at a time where it runs long (a
    /// written table's indentation): every length of run, of every kind of
    /// JSON whitespace, stops exactly at the next byte, and bytes JSON does
    /// not count as whitespace (vertical tab, form feed, no-break space)
    /// are not skipped.
    @Test func whitespaceRunsOfEveryLengthStopAtTheNextByte() {
        let whitespace: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]
        for length in 0...20 {
            for (offset, end) in [UInt8(ascii: "x"), 0x0B, 0x0C, 0xA0, 0x00].enumerated() {
                let run = (0..<length).map { whitespace[($0 + offset) % whitespace.count] }
                for tail in [[end], [end, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20]] {
                    let bytes = run + tail
                    let stop = ByteView.reading(bytes) { view in
                        var scanner = JSONScanner(view)
                        scanner.skipWhitespace()
                        return scanner.position
                    }
                    #expect(stop == length, "a run of \(length) before \(end)")
                }
                // A run that ends the text ends at the end.
                let atEnd = ByteView.reading(run) { view in
                    var scanner = JSONScanner(view)
                    scanner.skipWhitespace()
                    return scanner.position
                }
                #expect(atEnd == length)
            }
        }
    }

    /// A number of a table is read a word at a time where it is short
    /// (under eight digits before and after its point), digit by digit
    /// near the end of the bytes or where it is longer, and by the strict
    /// path where it has an exponent or is not JSON: every length of each
    /// part, at every distance from the end of the bytes, reads as
    /// `Double` reads its text, and stops at the same byte.
    @Test func numbersReadTheSameWhateverTheirLengthAndPlace() {
        func read(_ text: String, padding: Int) -> (value: Double?, end: Int) {
            ByteView.reading(Array(text.utf8) + Array(repeating: UInt8(ascii: " "), count: padding)) { view in
                var scanner = JSONScanner(view)
                let value = try? scanner.number()
                return (value, scanner.position)
            }
        }
        var generator = SystemRandomNumberGenerator()
        func digits(_ count: Int) -> String {
            String((0..<count).map { index in Character(String(index == 0 && count > 1 ? Int.random(in: 1...9, using: &generator)
                                                                     : Int.random(in: 0...9, using: &generator))) })
        }
        for whole in 1...17 {
            for fraction in [nil] + Array(1...17) {
                for sign in ["", "-"] {
                    let text = sign + digits(whole) + (fraction.map { "." + digits($0) } ?? "")
                    for (tail, endsAt) in [("", 0), (",", 0), ("]", 0), ("e2", 2), ("E-1,", 3)] {
                        for padding in [0, 1, 4, 8, 12] {
                            let (value, end) = read(text + tail, padding: padding)
                            #expect(value == Double(text + tail.prefix(endsAt)), "\(text + tail) + \(padding)")
                            #expect(end == text.utf8.count + endsAt, "\(text + tail) + \(padding)")
                        }
                    }
                }
            }
        }
        // Zeros: one before the point is a number, two are not JSON.
        for (text, value) in [("0", 0.0), ("-0", -0.0), ("0.5", 0.5), ("0.000001", 0.000001), ("10", 10)] {
            for padding in [0, 8] {
                #expect(read(text, padding: padding).value == value, "\(text)")
                #expect(read(text, padding: padding).value?.sign == value.sign, "\(text)")
            }
        }
        for text in ["00", "012", "-01.5", "1.", "1.e5", "-", "-x", ".5"] {
            for padding in [0, 8] {
                #expect(read(text, padding: padding).value == nil, "\(text)")
            }
        }
    }

    /// Keys and keywords are compared with the words they might be eight
    /// bytes at a time where the word is that long: every length from 0 to
    /// 20 matches its own bytes, and no bytes that differ in any one place,
    /// or are one longer or shorter.
    @Test func aWordIsSpeltExactlyWhateverItsLength() {
        let words: [StaticString] = ["", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij", "abcdefghijk", "abcdefghijkl", "abcdefghijklm", "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqr", "abcdefghijklmnopqrs", "abcdefghijklmnopqrst"]
        for word in words {
            let text = Array("\(word)".utf8)
            let padded = [UInt8(ascii: "\"")] + text + Array("\":".utf8)
            ByteView.reading(padded) { view in
                let range = 1..<(1 + text.count)
                #expect(view.spells(word, in: range), "\(word)")
                #expect(!view.spells(word, in: 1..<(2 + text.count)), "\(word) and one more")
                if !text.isEmpty { #expect(!view.spells(word, in: 1..<text.count), "\(word) but one") }
            }
            for place in text.indices {
                var changed = padded
                changed[1 + place] ^= 0x20
                ByteView.reading(changed) { view in #expect(!view.spells(word, in: 1..<(1 + text.count)), "\(word) at \(place)") }
            }
        }
    }

    /// A value's type is looked up by its bytes packed in two words, read
    /// a word at a time away from the end of the bytes and a byte at a
    /// time near it: both ways pack every length from 0 to 16 alike.
    @Test func aTypeIsPackedTheSameNearTheEndOfTheBytes() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for length in 0...16 {
            var expected: (UInt64, UInt64) = (0, 0)
            for index in 0..<length {
                if index < 8 { expected.0 |= UInt64(letters[index]) << (8 * index) } else { expected.1 |= UInt64(letters[index]) << (8 * (index - 8)) }
            }
            for after in 0...20 {
                let bytes = Array(letters[0..<length]) + Array(repeating: UInt8(ascii: "\""), count: after)
                let packed = ByteView.reading(bytes) { $0.packedWords(in: 0..<length) }
                #expect(packed == expected, "\(length) bytes, \(after) after them")
            }
        }
        for type in ["color", "number", "edgeInsets", "textAttributes", "colour", "", "numbers"] {
            let codec = ByteView.reading(Array(type.utf8)) { ValueCodecs.codec(forJSONType: 0..<type.utf8.count, of: $0) }
            #expect(codec.map { "\($0.jsonType)" } == (ValueCodecs.all.contains { "\($0.jsonType)" == type } ? type : nil), "\(type)")
        }
    }

    /// A string is read eight bytes at a time where it has nothing to
    /// escape, and copied run by run between its escapes: runs of every
    /// length, before and after an escape, with characters of two to four
    /// bytes among them, read as they were written; a control character,
    /// invalid UTF-8 and a missing end quote are refused at their place.
    @Test func stringsReadTheSameWhateverTheirRunsAndEscapes() throws {
        func read(_ bytes: [UInt8]) -> Result<String, JSONScanner.Failure> {
            ByteView.reading(bytes) { view in
                var scanner = JSONScanner(view)
                return Result { () throws(JSONScanner.Failure) in try scanner.string() }
            }
        }
        for length in 0...20 {
            let run = String((0..<length).map { ["a", "é", "€", "😀", " ", "/"][$0 % 6] })
            for (written, text) in [(run, run), (run + "\\n" + run, run + "\n" + run), ("\\t" + run, "\t" + run),
                                    (run + "\\\"", run + "\""), (run + "\\u00e9" + run, run + "é" + run)] {
                #expect(try read(Array("\"\(written)\"".utf8)).get() == text, "\(written)")
            }
            let before = Array("\"\\n\(run)".utf8)
            let end = Array("xyz\"".utf8)
            for (rest, message) in [([UInt8(0x01)] + end, "control character in a JSON string"),
                                    ([0xFF] + end, "invalid UTF-8 in a JSON string"), ([], "unterminated JSON string")] {
                guard case .failure(let failure) = read(before + rest) else {
                    Issue.record("\(rest) after a run of \(length) was read")
                    continue
                }
                #expect(failure.message == message)
                #expect(failure.offset == before.count, "\(rest) after a run of \(length)")
            }
        }
    }
}

private extension JSONNode.Kind {
    var isArray: Bool { if case .array = self { return true } else { return false } }
}
