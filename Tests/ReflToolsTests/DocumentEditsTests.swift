@testable import ReflTools
import Testing

/// The pieces under the sessions: how a series of changes is applied, and
/// what is read of a message before it is parsed.
struct DocumentEditsTests {
    /// A small deterministic generator (SplitMix64): the same cases every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static let pieces = ["a", "bc", "\n", "\r\n", "\r", "🎨", "é", " ", "@x", "{", "\n\n"]

    static func text(_ generator: inout Generator, pieces count: Int) -> String {
        (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    /// Many changes applied together (to the text cut into lines) give the
    /// text that applying them one at a time (to the whole text) gives:
    /// changes across lines, `\r\n`, characters of 2 UTF-16 units and of
    /// several bytes, positions past a line's end or the last line.
    @Test(arguments: [PositionEncoding.utf16, .utf8])
    func changesTogetherEqualChangesOneByOne(encoding: PositionEncoding) {
        var generator = Generator(state: encoding == .utf8 ? 8 : 16)
        for _ in 0..<300 {
            let original = DocumentText(Array(Self.text(&generator, pieces: Int.random(in: 0...40, using: &generator)).utf8))
            Self.expectChangesTogetherEqualOneByOne(original, encoding: encoding, &generator, changes: 2...8, lines: 0...12,
                                                    characters: 0...12, wholeOneIn: 20, pieces: 0...4)
        }
    }

    /// The same from ASCII text, which changes may make not ASCII (a line
    /// that is ASCII finds a position without counting characters): lines
    /// that gain `é` or `🎨`, join, split, or come whole.
    @Test(arguments: [PositionEncoding.utf16, .utf8])
    func changesTogetherEqualChangesOneByOneFromASCIIText(encoding: PositionEncoding) {
        var generator = Generator(state: encoding == .utf8 ? 256 : 512)
        let asciiPieces = ["a", "bc", "\n", "\r\n", "\r", " ", "@x", "{"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in asciiPieces.randomElement(using: &generator)! }.joined()
            Self.expectChangesTogetherEqualOneByOne(DocumentText(Array(text.utf8)), encoding: encoding, &generator, changes: 2...10,
                                                    lines: 0...8, characters: -1...14, wholeOneIn: 30, pieces: 0...3)
        }
    }

    /// Makes random changes to `original` (positions within `lines` and
    /// `characters`, one in `wholeOneIn` a whole new text, each of `pieces`
    /// of `text`), and expects them applied together to give what applying
    /// them one by one gives.
    static func expectChangesTogetherEqualOneByOne(_ original: DocumentText, encoding: PositionEncoding, _ generator: inout Generator,
                                                   changes count: ClosedRange<Int>, lines: ClosedRange<Int>,
                                                   characters: ClosedRange<Int>, wholeOneIn: Int, pieces: ClosedRange<Int>) {
        var changes: [LSP.ContentChange] = []
        for _ in 0..<Int.random(in: count, using: &generator) {
            func position() -> LSP.Position {
                LSP.Position(line: Int.random(in: lines, using: &generator), character: Int.random(in: characters, using: &generator))
            }
            let whole = Int.random(in: 0..<wholeOneIn, using: &generator) == 0
            let range = whole ? nil : LSP.Range(start: position(), end: position())
            changes.append(LSP.ContentChange(range: range, text: text(&generator, pieces: Int.random(in: pieces, using: &generator))))
        }
        let together = original.applying(changes, encoding: encoding)
        let oneByOne = changes.reduce(original) { $0.applying([$1], encoding: encoding) }
        #expect(together.bytes == oneByOne.bytes)
        #expect(together.lineStarts == oneByOne.lineStarts)
    }

    /// Positions found from a cursor are the positions found without one,
    /// whatever order the offsets come in: forward a line or many, back,
    /// within a line, past the end.
    @Test(arguments: [PositionEncoding.utf16, .utf8])
    func positionsFromACursorAreThePositions(encoding: PositionEncoding) {
        var generator = Generator(state: encoding == .utf8 ? 32 : 64)
        for _ in 0..<100 {
            let text = DocumentText(Array(Self.text(&generator, pieces: Int.random(in: 0...200, using: &generator)).utf8))
            var cursor = DocumentText.Cursor()
            var offset = 0
            for _ in 0..<60 {
                // Mostly small steps on, as an outline takes them; sometimes a jump either way.
                offset = Int.random(in: 0..<10, using: &generator) == 0
                    ? Int.random(in: 0...(text.bytes.count + 2), using: &generator)
                    : offset + Int.random(in: 0...6, using: &generator)
                let fromCursor = text.position(of: offset, encoding: encoding, from: &cursor)
                let searched = text.position(of: offset, encoding: encoding)
                #expect(fromCursor.line == searched.line && fromCursor.character == searched.character, "offset \(offset)")
            }
        }
    }

    /// On lines long enough to be counted from checkpoints, a position is
    /// the count of UTF-16 units from its line's start: characters of one
    /// to four bytes and invalid bytes, a block of the checkpoints shared
    /// by two long lines, with a cursor going forward and without one.
    @Test func positionsOnLongLinesCountFromTheLineStart() {
        var generator = Generator(state: 128)
        let pieces: [[UInt8]] = ["a", "bc", "🎨", "é", "€", " ", "@x"].map { Array($0.utf8) } + [[0xE2, 0x82], [0xFF]]
        var bytes: [UInt8] = []
        // Where each character starts, with its line and the UTF-16 units before it on the line (as Swift decodes them).
        var expected: [(offset: Int, line: Int, character: Int)] = []
        var line = 0, units = 0
        for number in 0...6000 {
            expected.append((bytes.count, line, units))
            // Three lines of some 5,000 bytes, and a short one between two of them.
            let piece = number == 2000 ? Array("\n".utf8) : number == 4000 ? Array("\nx\n".utf8) : pieces.randomElement(using: &generator)!
            bytes += piece
            if piece.first == UInt8(ascii: "\n") {
                line += piece.count { $0 == UInt8(ascii: "\n") }
                units = 0
            } else {
                units += String(decoding: piece, as: UTF8.self).utf16.count
            }
        }
        let text = DocumentText(bytes)
        var cursor = DocumentText.Cursor()
        for (offset, line, character) in expected {
            for position in [text.position(of: offset, encoding: .utf16), text.position(of: offset, encoding: .utf16, from: &cursor)] {
                #expect(position.line == line && position.character == character, "offset \(offset)")
            }
        }
    }

    @Test func aChangeAcrossLinesJoinsThem() {
        let text = DocumentText(Array("one\r\ntwo\nthree".utf8))
        let changes = [
            LSP.ContentChange(range: LSP.Range(start: LSP.Position(line: 0, character: 1), end: LSP.Position(line: 2, character: 2)), text: "X\nY"),
            LSP.ContentChange(range: LSP.Range(start: LSP.Position(line: 1, character: 9), end: LSP.Position(line: 1, character: 9)), text: "!"),
        ]
        #expect(String(decoding: text.applying(changes, encoding: .utf16).bytes, as: UTF8.self) == "oX\nYree!")
    }

    /// `\r` alone ends a line, as `\n` and `\r\n` do (the protocol's three
    /// line ends); a line's end is before its `\r\n`.
    @Test func everyLineEndOfTheProtocolEndsALine() {
        let text = DocumentText(Array("a\rbc\r\nd\ne\r".utf8))
        #expect(text.lineStarts == [0, 2, 6, 8, 10])
        let positions = (0...10).map { text.position(of: $0, encoding: .utf16) }.map { "\($0.line):\($0.character)" }
        #expect(positions == ["0:0", "0:1", "1:0", "1:1", "1:2", "1:3", "2:0", "2:1", "3:0", "3:1", "4:0"])
        #expect(text.offset(of: LSP.Position(line: 1, character: 9), encoding: .utf16) == 4)  // before the `\r\n`
        #expect(text.offset(of: LSP.Position(line: 0, character: 9), encoding: .utf8) == 1)
    }

    /// Lines and ASCII are found eight bytes at a time: texts of every
    /// length up to 40, of every line end and of characters of one to four
    /// bytes, have the line starts and the ASCII flag a byte-by-byte scan
    /// gives.
    @Test func linesAndASCIIAreFoundInTextsOfEveryLength() {
        let pieces: [[UInt8]] = [Array("ab".utf8), [0x0A], [0x0D], [0x0D, 0x0A], Array("é".utf8), Array("😀".utf8), [0x09], Array("xyz".utf8)]
        var generator = SystemRandomNumberGenerator()
        for length in 0...40 {
            for _ in 0..<20 {
                var bytes: [UInt8] = []
                while bytes.count < length { bytes += pieces.randomElement(using: &generator)! }
                bytes = Array(bytes.prefix(length))
                var starts = [0]
                for index in bytes.indices where bytes[index] == 0x0A || bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
                    starts.append(index + 1)
                }
                let text = DocumentText(bytes)
                #expect(text.lineStarts == starts, "\(bytes)")
                #expect(text.isASCII == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)")
            }
        }
    }

    /// A byte that starts no whole UTF-8 character (a lead byte whose
    /// continuation bytes are missing, a stray continuation byte) is one
    /// character, as an editor shows it: one U+FFFD.
    @Test func invalidUTF8IsOneCharacterPerByte() {
        let text = DocumentText(Array("/* caf".utf8) + [0xE9, 0x20, 0xFF, 0xFE, 0x20] + Array("é */".utf8))
        let characters = [6, 7, 8, 9, 10, 11, 13].map { text.position(of: $0, encoding: .utf16).character }
        #expect(characters == [6, 7, 8, 9, 10, 11, 12])
        // As an editor decodes them (the Encoding Standard): a sequence that
        // breaks off is one U+FFFD; an overlong form, a surrogate or a scalar
        // past U+10FFFF is one per byte.
        for (bad, characters) in [([0xE2, 0x82], 1), ([0xF0, 0x9F, 0x8E], 1), ([0xC0, 0x80], 2), ([0xE0, 0x80, 0x80], 3),
                                  ([0xED, 0xA0, 0x80], 3), ([0xF4, 0x90, 0x80, 0x80], 4), ([0xF5, 0x80, 0x80, 0x80], 4),
                                  ([0xF0, 0x9F, 0x8E, 0xA8], 2)] as [([UInt8], Int)] {
            let line = DocumentText(Array("/* ".utf8) + bad + Array("x */".utf8))
            #expect(line.position(of: 3 + bad.count + 1, encoding: .utf16).character == 3 + characters + 1, "\(bad)")
        }
        #expect(text.offset(of: LSP.Position(line: 0, character: 8), encoding: .utf16) == 8)
        #expect(text.offset(of: LSP.Position(line: 0, character: 12), encoding: .utf16) == 13)
    }

    /// A line emptied down to its `\n` after a line ending in a `\r` alone
    /// joins the two line ends, among several changes as alone.
    @Test func aLoneCRAndTheNewlineAnEditBringsToItAreOneLineEnd() {
        let text = DocumentText(Array("A { a: 1; }\r \nB { a: @zz; }\n".utf8))
        let changes = [
            LSP.ContentChange(range: LSP.Range(start: LSP.Position(line: 1, character: 0), end: LSP.Position(line: 1, character: 1)), text: ""),
            LSP.ContentChange(range: LSP.Range(start: LSP.Position(line: 1, character: 0), end: LSP.Position(line: 1, character: 0)), text: "X"),
        ]
        #expect(String(decoding: text.applying(changes, encoding: .utf16).bytes, as: UTF8.self) == "A { a: 1; }\r\nXB { a: @zz; }\n")
    }

    // MARK: The outline of a message

    @Test func theOutlineCountsValuesOutsideStrings() {
        let outline = MessageOutline(Array(#"{"params":{"s":"a,b,[c{\"}","t":[1,2,{}]},"method":"x/y","id":5}"#.utf8))
        // The object, params, s, t, 1, 2, {} (counted twice: empty), method, id.
        #expect(outline.valueCount == 10)
        #expect(outline.id == 5)
        #expect(outline.method == "x/y")
    }

    /// A document's text is crossed eight bytes at a time: the members
    /// after it are found whatever the length of the string and wherever
    /// its escaped quotes and backslashes stand.
    @Test func theOutlineCrossesStringsOfEveryLength() {
        for length in 0...24 {
            for escape in [#"\""#, #"\\"#, "é"] {
                for position in 0...length {
                    let text = String(repeating: "a", count: position) + escape + String(repeating: "b", count: length - position)
                    let outline = MessageOutline(Array(#"{"params":{"text":"\#(text)"},"id":7,"method":"m"}"#.utf8))
                    #expect(outline.id == 7, "\(text)")
                    #expect(outline.method == "m", "\(text)")
                    #expect(outline.valueCount == 5, "\(text)")
                }
            }
        }
    }

    @Test func theOutlineFindsOnlyTopLevelMembers() {
        let outline = MessageOutline(Array(#"{"params":{"id":1,"method":"inner"},"id":"outer"}"#.utf8))
        #expect(outline.id == "outer")
        #expect(outline.method == nil)
        #expect(MessageOutline(Array(#"["id",1]"#.utf8)).id == nil)
    }

    /// The import scan looks for the bytes `@import` before it lexes a
    /// document: found anywhere, at the very end, and not found when only a
    /// part of it ends the text.
    @Test func theImportScanFindsTheBytesOfAnImport() {
        func has(_ text: String) -> Bool { Workspace.contains(Array(text.utf8), "@import") }
        #expect(has("@import 'a.less';"))
        #expect(has("A { b: 1; }\n@@import"))
        #expect(has("x@import"))
        #expect(!has(""))
        #expect(!has("@impor"))
        #expect(!has("@Import 'a.less';"))
        // Read eight bytes at a time: at every offset, after runs of `@`
        // and of parts of it, and cut short at every length.
        for offset in 0...20 {
            for filler in ["x", "@", "@imp", "@impor"] {
                let before = String(repeating: filler, count: offset).prefix(offset)
                #expect(has(before + "@import"), "\(before)@import")
                #expect(has(before + "@import" + String(repeating: "y", count: offset)))
                #expect(!has(before + "@impor"), "\(before)@impor")
                #expect(!has(before + "@imporT" + String(repeating: "@", count: offset)))
            }
        }
    }
}
