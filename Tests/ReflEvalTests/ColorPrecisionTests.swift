import Testing
@testable import ReflEval

/// Colors are computed at full precision through nested functions and
/// rounded once, when stored, as lessc computes them.
struct ColorPrecisionTests {
    @Test(arguments: [
        ("darken(lighten(#8188b8, 38%), 47%)", "#646ca7ff"),  // rounding each step gave #646ca8
    ])
    func nestedColorFunctionsRoundOnce(_ expression: String, _ hex: String) throws {
        let result = Compiler.compile(source: SourceFile(path: "main.less", bytes: Array("@x: \(expression);".utf8)))
        guard case .color(let color)? = result.ruleTable?.variables["x"] else {
            Issue.record("not a color: \(result.diagnostics.map(\.message))")
            return
        }
        #expect(color.hex == hex)
        #expect(color == color.roundedToFiveDecimals())  // stored rounded
    }
}
