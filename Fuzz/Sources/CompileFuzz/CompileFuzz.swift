import ReflEval
import ReflLexer

/// Compiles any bytes as a single stylesheet (imports point nowhere), then,
/// when it compiles: writes the table, reads it back (it must be the same
/// table), and resolves a view for each of the first rules.
@_cdecl("LLVMFuzzerTestOneInput")
public func compileFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(path: "/nonexistent-reflc-fuzz/fuzz.less",
                          bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let result = Compiler.compile(source: file)
    var renderer = DiagnosticRenderer()
    _ = renderer.render(result.diagnostics)
    guard let table = result.ruleTable else { return 0 }
    let json = table.jsonBytes()
    let reloaded = try! Stylesheet(ruleTableJSON: json)
    precondition(reloaded.table == table, "the rule table does not survive a round trip through JSON")
    for rule in table.rules.prefix(8) {
        let query = StyleQuery(className: rule.selector.className ?? "UIView", superclasses: ["UIView"],
                               traits: Set([rule.selector.trait].compactMap { $0 }),
                               environment: StyleEnvironment(idiom: .pad, screenSize: ViewSize(width: 320, height: 480)))
        _ = reloaded.resolve(query).jsonBytes()
        _ = reloaded.explain(query)
    }
    return 0
}
