import ReflLexer

/// Lexes any bytes: must end with one `endOfFile` token at the end of the
/// input, with every token inside it and in order, and never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func lexerFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(path: "fuzz.less", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let (tokens, diagnostics) = Lexer.tokenize(file)
    precondition(tokens.last?.kind == .endOfFile && tokens.last?.range.end == size)
    var end = 0
    for token in tokens {
        precondition(token.range.start >= end && token.range.end >= token.range.start)
        end = token.range.end
    }
    var renderer = DiagnosticRenderer()
    _ = renderer.render(diagnostics)
    return 0
}
