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
            var word = word
            ids.append(word.withUTF8 { table.intern($0) })
        }
        #expect(table.count == 1_700)
        #expect(ids.prefix(3) == [0, 1, 2])
        #expect(ids[1_700] == 0 && ids[4_999] == Int32(4_999 % 1_700))
        #expect(table.string(of: 42) == "name-42")
        var missing = "name-1700"
        #expect(missing.withUTF8 { table.id(of: $0) } == nil)
        var empty = ""
        let emptyID = empty.withUTF8 { table.intern($0) }
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
