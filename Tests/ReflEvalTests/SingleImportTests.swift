import Testing
import ReflEval

/// An app that imports only ReflEval can load source text, render a
/// stylesheet's errors and read everything a resolution returns: the names
/// it needs (`SourceFile`, `Diagnostic`, `DiagnosticRenderer`, the condition
/// and state vocabulary) are ReflEval's own. This file imports nothing else.
struct SingleImportTests {
    @Test func sourceTextAndErrorsNeedOnlyReflEval() throws {
        let stylesheet = try Stylesheet(source: "UIButton:primary { title-color[highlighted]: red; font: font(body); }")
        let style = stylesheet.resolve(StyleQuery(className: "UIButton", traits: ["primary"],
                                                  environment: StyleEnvironment(contentSizeCategory: .extraLarge)))
        let state: ControlState = .highlighted
        #expect(style.color("titleColor", for: state)?.hex == "#ff0000ff")
        #expect(style.font("font")?.size == .points(19, unit: .pt))
        do {
            _ = try Stylesheet(source: SourceFile(path: "broken.less", text: "MyButton { color: }"))
            Issue.record("a stylesheet with an error loaded")
        } catch {
            let diagnostics: [Diagnostic] = error.diagnostics
            var renderer = DiagnosticRenderer()
            #expect(renderer.render(diagnostics).hasPrefix("broken.less:1:19: error: expected a value after 'color', found '}'\n"))
        }
    }
}
