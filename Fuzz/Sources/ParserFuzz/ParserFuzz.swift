import ReflLexer
import ReflParser

/// Parses any bytes and dumps the tree: must never trap, and any error must
/// render.
@_cdecl("LLVMFuzzerTestOneInput")
public func parserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(path: "fuzz.less", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let result = Parser.parse(file)
    _ = ASTDump.dump(result.syntax)
    var renderer = DiagnosticRenderer()
    _ = renderer.render(result.diagnostics)
    return 0
}
