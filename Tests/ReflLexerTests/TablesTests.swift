import Testing
@testable import ReflLexer

/// The two lookup structures the compiler leans on for speed: interned byte
/// strings and the line table.
struct TablesTests {
    @Test func byteStringTableGivesEachDistinctStringOneIDInOrderOfFirstSight() {
        var table = ByteStringTable()
        let words = (0..<5_000).map { "name-\($0 % 1_700)" }  // repeats, and past several growths
        var ids: [Int32] = []
        for word in words {
            ids.append(table.intern(Array(word.utf8)[...]))
        }
        #expect(table.count == 1_700)
        #expect(ids.prefix(3) == [0, 1, 2])
        #expect(ids[1_700] == 0 && ids[4_999] == Int32(4_999 % 1_700))
        #expect(table.string(of: 42) == "name-42")
        #expect(table.id(of: Array("name-1700".utf8)[...]) == nil)
        let source = Array("xx name-42 yy".utf8)
        #expect(table.id(of: source, SourceRange(3, 10)) == 42 && table.intern(source, 3..<10) == 42)
        let emptyID = table.intern([], 0..<0)
        #expect(table.string(of: emptyID) == "" && table.count == 1_701)
    }

    @Test func lineLookupsInOrderAgreeWithLookupsFromScratch() {
        // CRLF and LF lines, long and empty ones, non-ASCII columns.
        var text = ""
        for line in 0..<3_000 {
            text += String(repeating: line % 7 == 0 ? "é" : "a", count: line % 50) + (line % 3 == 0 ? "\r\n" : "\n")
        }
        let file = SourceFile(path: "lines.less", text: text)
        let table = LineTable(file)
        var cursor = LineTable.Cursor()
        // Offsets in order with small and large steps, as rules are asked for.
        var offset = 0
        var step = 1
        while offset < file.bytes.count {
            let fresh = LineTable(file).location(of: offset)
            #expect(table.location(of: offset, continuing: &cursor) == fresh, "offset \(offset)")
            offset += step
            step = step % 4_000 + 97
        }
    }
}

/// The lexer's eight-bytes-at-a-time identifier scan agrees with its
/// byte-by-byte definition.
struct IdentifierScanTests {
    static func expectedRun(_ bytes: [UInt8]) -> Int {
        bytes.firstIndex { !Lexer.isIdentifierCharacter($0) } ?? bytes.count
    }

    static func run(_ bytes: [UInt8]) -> Int {
        Lexer.identifierRun(bytes.word(at: 0))
    }

    @Test func everyByteValueAtEveryPosition() {
        for position in 0..<8 {
            for value in 0...255 {
                var bytes = Array("aZ0-._zA".utf8)
                bytes[position] = UInt8(value)
                #expect(Self.run(bytes) == Self.expectedRun(bytes), "byte \(value) at \(position)")
            }
        }
    }

    @Test func randomWords() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcxyzABCXYZ0189-._:;( \n@#/\u{7F}".utf8) + [0x80, 0xC3, 0xFF, 0x00]
        for _ in 0..<20_000 {
            let bytes = (0..<8).map { _ in alphabet.randomElement(using: &generator)! }
            #expect(Self.run(bytes) == Self.expectedRun(bytes), "\(bytes)")
        }
    }
}
