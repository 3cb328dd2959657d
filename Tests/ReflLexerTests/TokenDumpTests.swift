import Testing
@testable import ReflLexer

/// Token-dump tests: each case is a source and the exact dump of its tokens
/// (and lexical diagnostics) that the lexer must produce.
struct TokenDumpTests {
    static func dump(_ source: [UInt8]) -> String {
        TokenDump.dump(SourceFile(path: "t.less", bytes: source))
    }

    static func dump(_ source: String) -> String { dump(Array(source.utf8)) }

    @Test func punctuationAndNames() {
        #expect(Self.dump("UIView:circularView:__where { a-b: @blue; }") == """
            1:1 identifier 'UIView'
            1:7 colon ':'
            1:8 identifier 'circularView'
            1:20 colon ':'
            1:21 identifier '__where'
            1:29 leftBrace '{'
            1:31 identifier 'a-b'
            1:34 colon ':'
            1:36 atName '@blue'
            1:41 semicolon ';'
            1:43 rightBrace '}'
            1:44 endOfFile

            """)
    }

    @Test func moduleQualifiedClassIsOneIdentifier() {
        #expect(Self.dump("MyApp.FooLabel") == "1:1 identifier 'MyApp.FooLabel'\n1:15 endOfFile\n")
    }

    @Test func numbersWithSignsFractionsAndUnits() {
        #expect(Self.dump("-256px .5 +3 50% 90deg 2rad 12pt -.25 1e999 12em") == """
            1:1 number '-256px'
            1:8 number '.5'
            1:11 number '+3'
            1:14 number '50%'
            1:18 number '90deg'
            1:24 number '2rad'
            1:29 number '12pt'
            1:34 number '-.25'
            1:39 number '1e999'
            1:45 number '12em'
            1:49 endOfFile

            """)
    }

    @Test func minusBeforeLetterIsIdentifier() {
        #expect(Self.dump("-apple-system size(0px, -4px)") == """
            1:1 identifier '-apple-system'
            1:15 identifier 'size'
            1:19 leftParen '('
            1:20 number '0px'
            1:23 comma ','
            1:25 number '-4px'
            1:29 rightParen ')'
            1:30 endOfFile

            """)
    }

    @Test func stringsWithEscapesAndBothQuotes() {
        #expect(Self.dump(#"'it\'s' "say \"hi\"" 'a\\b\n'"#) == #"""
            1:1 string ''it\'s''
            1:9 string '"say \"hi\""'
            1:22 string ''a\\b\n''
            1:30 endOfFile

            """#)
    }

    @Test func hashImportantAndEquals() {
        #expect(Self.dump("#ff0000 !important ! important != =") == """
            1:1 hash '#ff0000'
            1:9 important '!important'
            1:20 important '! important'
            1:32 bang '!'
            1:33 equals '='
            1:35 equals '='
            1:36 endOfFile

            """)
    }

    @Test func commentsAreTrivia() {
        #expect(Self.dump("a /* x\n y */ b // c\nd") == """
            1:1 identifier 'a'
            2:7 identifier 'b'
            3:1 identifier 'd'
            3:2 endOfFile

            """)
    }

    // MARK: - Damaged tokens: the lexer reports and goes on

    @Test func unterminatedStringStopsAtEndOfLine() {
        #expect(Self.dump("a: 'open\nb") == """
            1:1 identifier 'a'
            1:2 colon ':'
            1:4 unterminatedString ''open'
            2:1 identifier 'b'
            2:2 endOfFile
            1:4 error: unterminated string; expected a closing ' before the end of the line

            """)
    }

    @Test func unterminatedStringAtEndOfFile() {
        #expect(Self.dump("\"abc") == """
            1:1 unterminatedString '"abc'
            1:5 endOfFile
            1:1 error: unterminated string; expected a closing " before the end of the line

            """)
    }

    @Test func unterminatedCommentIsReportedAtItsStart() {
        #expect(Self.dump("a /* never closed\n b") == """
            1:1 identifier 'a'
            2:3 endOfFile
            1:3 error: unterminated comment; expected '*/' before the end of the file

            """)
    }

    @Test func unknownEscape() {
        #expect(Self.dump(#"'a\qb'"#) == #"""
            1:1 string ''a\qb''
            1:7 endOfFile
            1:3 error: unknown escape sequence '\q'; strings accept \', \", \\ and \n

            """#)
    }

    @Test func strayCharactersAndNul() {
        #expect(Self.dump([UInt8(ascii: "a"), 0, UInt8(ascii: "$"), UInt8(ascii: "b")]) == """
            1:1 identifier 'a'
            1:2 invalidCharacter '\\0'
            1:3 invalidCharacter '$'
            1:4 identifier 'b'
            1:5 endOfFile
            1:2 error: unexpected character U+0000
            1:3 error: unexpected character '$' (U+0024)

            """)
    }

    @Test func invalidUTF8RunIsOneToken() {
        #expect(Self.dump([UInt8(ascii: "a"), 0xFF, 0xFE, UInt8(ascii: " "), UInt8(ascii: "b")]) == """
            1:1 identifier 'a'
            1:2 invalidUTF8 '\u{FFFD}\u{FFFD}'
            1:5 identifier 'b'
            1:6 endOfFile
            1:2 error: invalid UTF-8 byte sequence; the file must be saved as UTF-8

            """)
    }

    @Test func encodedSurrogateAndOverlongFormsAreInvalid() {
        // U+D800 encoded as ED A0 80, and '/' overlong as C0 AF, inside a string.
        let dump = Self.dump([0x27, 0xED, 0xA0, 0x80, 0x27, 0x20, 0x27, 0xC0, 0xAF, 0x27])
        #expect(dump.contains("1:2 error: invalid UTF-8 byte sequence"))
        #expect(dump.contains("1:8 error: invalid UTF-8 byte sequence"))
        #expect(dump.hasPrefix("1:1 string"))
    }

    @Test func byteOrderMarkIsSkippedAndCRLFIsWhitespace() {
        #expect(Self.dump([0xEF, 0xBB, 0xBF] + Array("a\r\nb".utf8)) == """
            1:2 identifier 'a'
            2:1 identifier 'b'
            2:2 endOfFile

            """)
    }

    @Test func nonASCIILettersFormIdentifiers() {
        #expect(Self.dump("café ü") == "1:1 identifier 'café'\n1:6 identifier 'ü'\n1:7 endOfFile\n")
    }

    @Test func lexerAlwaysReachesEndOfFile() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let (tokens, _) = Lexer.tokenize(SourceFile(path: "r", bytes: bytes))
            #expect(tokens.last?.kind == .endOfFile)
            #expect(tokens.last?.range.end == bytes.count)
        }
    }
}
