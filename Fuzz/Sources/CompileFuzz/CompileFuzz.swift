import ReflEval
import ReflLexer

/// Compiles any bytes as a single stylesheet (imports point nowhere), then,
/// when it compiles: writes the table as JSON and as binary, reads both back
/// (each must be the same table), and resolves a view for each of the first
/// rules from each form (the answers must agree).
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
    let binary = try! Stylesheet(ruleTable: table.binaryBytes())
    var tableWithoutViews = table
    tableWithoutViews.views = ViewSchema()  // the binary form leaves `@view` declarations out (Docs/BinaryTable.md)
    precondition(binary.table == tableWithoutViews, "the rule table does not survive a round trip through the binary form")
    let environments = [
        StyleEnvironment(idiom: .pad, screenSize: ViewSize(width: 320, height: 480)),
        StyleEnvironment(idiom: .vision, screenSize: ViewSize(width: 844, height: 390), appearance: .dark,
                         contentSizeCategory: .accessibilityLarge, layoutDirection: .rtl, contrast: .high,
                         accessibilityFlags: [.reduceMotion, .boldText]),
    ]
    for (index, rule) in table.rules.prefix(8).enumerated() {
        let query = StyleQuery(className: rule.selector.className ?? rule.selector.trait ?? "UIView", superclasses: ["UIView"],
                               traits: Set([rule.selector.trait, rule.selector.className].compactMap { $0 }),
                               environment: environments[index % environments.count])
        let answer = reloaded.resolve(query)
        precondition(binary.resolve(query) == answer, "the binary table answers otherwise")
        _ = answer.jsonBytes()
        precondition(binary.explain(query) == reloaded.explain(query), "the binary table explains otherwise")
    }
    return 0
}
