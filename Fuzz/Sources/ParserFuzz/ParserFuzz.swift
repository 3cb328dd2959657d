import ReflLexer
import ReflParser

/// Parses any bytes and dumps the tree: must never trap, and any error must
/// render. Then parses the bytes in pieces, cut after lone `}` lines as a
/// large file is: wherever the pieces end cleanly, they must say exactly what
/// the whole parse says (a difference traps, so the fuzzer reports it).
@_cdecl("LLVMFuzzerTestOneInput")
public func parserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(path: "fuzz.less", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let result = Parser.parse(file)
    let whole = rendering(result)
    var renderer = DiagnosticRenderer()
    _ = renderer.render(result.diagnostics)
    let cuts = file.bytes.indices.filter { Parser.isCut($0, in: file.bytes) }
    guard !cuts.isEmpty else { return 0 }
    // A few cuts, not all: each costs a parse of the whole input.
    var cutSets = [[cuts[0]], [cuts[cuts.count / 2]], [cuts[cuts.count - 1]]]
    if cuts.count >= 2 { cutSets.append([cuts[0], cuts[cuts.count - 1]]) }
    for cutSet in cutSets {
        let bounds = [0] + cutSet + [file.bytes.count]
        let pieces = (1..<bounds.count).map { Parser.parse(file, piece: SourceRange(bounds[$0 - 1], bounds[$0])) }
        guard let joined = Parser.join(pieces) else { continue }
        precondition(rendering(joined) == whole, "pieces cut at \(cutSet) differ from the whole parse")
    }
    return 0
}

/// The tree and every diagnostic, as text.
private func rendering(_ result: ParseResult) -> String {
    ASTDump.dump(result.syntax) + result.diagnostics.map { "\($0.range.start)-\($0.range.end) \($0.message)" }.joined(separator: "\n")
}
