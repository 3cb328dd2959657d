import Testing
@testable import ReflEval

/// CSS writes several values apart by spaces; each such value gets one
/// error naming the form this language writes, never a ';' fix-it that
/// leads to a second error.
struct SpaceSeparatedValueTests {
    static func only(_ rule: String) -> (message: String, fixIt: String?) {
        let result = Compiler.compile(source: SourceFile(path: "m.less", text: "MyView { \(rule) }"))
        #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.message))")
        return (result.diagnostics.first?.message ?? "", result.diagnostics.first?.fixIt?.replacement)
    }

    @Test func insetsShadowsAndBordersNameTheirFunction() {
        #expect(Self.only("layout-margins: 8pt 16pt;") == ("'layout-margins' takes one value, found 2 separated by spaces; write 'edge-insets(8pt, 16pt)' (vertical, horizontal)", "edge-insets(8pt, 16pt)"))
        // A key that says nothing of what two numbers are: the forms named, none picked, no fix-it.
        #expect(Self.only("tint-color: 1px 2px;") == ("'tint-color' takes one value, found 2 separated by spaces; a declaration takes one value: "
                                                      + "two numbers are the arguments of a function such as edge-insets(vertical, horizontal), "
                                                      + "size(width, height) or point(x, y)", nil))
        #expect(Self.only("spacing: 8pt 16pt;").fixIt == nil)
        #expect(Self.only("padding: 8pt 16pt;").fixIt == "edge-insets(8pt, 16pt)")
        #expect(Self.only("margin: 1px 2px 3px 4px;") == ("'margin' takes one value, found 4 separated by spaces; write 'edge-insets(4px, 1px, 2px, 3px)': CSS's order is top, right, bottom, left; edge-insets() takes left, top, right, bottom", "edge-insets(4px, 1px, 2px, 3px)"))
        #expect(Self.only("margin: 1px 2px 3px;").fixIt == "edge-insets(2px, 1px, 2px, 3px)")
        #expect(Self.only("border: 1pt solid red;") == ("'border' takes one value, found 3 separated by spaces; write 'border(1pt, red)' (a border has a width and a color; UIKit draws it solid)", "border(1pt, red)"))
        #expect(Self.only("box-shadow: 0 2px 4px black;").fixIt == "shadow: shadow(0, 2px, 4px, black)")  // the key too
        #expect(Self.only("a: red blue;") == ("'a' takes one value, found 2 separated by spaces; a declaration takes one value (a list is written with ',' inside vector(...))", nil))
    }

    @Test func aMissingSemicolonBeforeTheNextDeclarationIsStillThat() {
        let result = Compiler.compile(source: SourceFile(path: "m.less", text: "MyView { a: 1 b: 2; }"))
        #expect(result.diagnostics.map(\.message) == ["expected ';' after declaration, found 'b'"])
    }

    @Test func anUnquotedFontNameSaysFontNamesAreQuoted() {
        let result = Compiler.compile(source: SourceFile(path: "m.less", text: "MyView { font: font(Avenir, 16pt); }"))
        #expect(result.diagnostics.map(\.message) == ["font names are quoted: write 'Avenir' as a string, font('Avenir', SIZE); a bare word here is a text style or a weight"])
        #expect(result.diagnostics.first?.fixIt?.replacement == "'Avenir'")
        // A typo of a text style is still that.
        let typo = Compiler.compile(source: SourceFile(path: "m.less", text: "MyView { font: font(bodyy); }"))
        #expect(typo.diagnostics.first?.message.contains("did you mean 'body'") == true)
    }
}

/// `rem`: design tokens' unit, in points.
struct RemTests {
    @Test func remIsSixteenPointsOrTheStylesheetsBase() throws {
        let plain = try Stylesheet(source: "MyView { a: 0.75rem; b: 2rem + 4pt; }").resolve(StyleQuery(className: "MyView"))
        #expect(plain["a"] == .number(12, unit: .pt))
        #expect(plain["b"] == .number(36, unit: .pt))
        let based = try Stylesheet(source: "@sizes { @gap: 1.5rem; }\n@rem-base: 10px;\nMyView { a: @gap; }").resolve(StyleQuery(className: "MyView"))
        #expect(based["a"] == .number(15, unit: .pt))
        let wrong = Compiler.compile(source: SourceFile(path: "m.less", text: "@rem-base: 10% ;\nMyView { a: 1rem; }"))
        #expect(wrong.diagnostics.map(\.message) == ["'@rem-base' must be a positive number of points written out, such as 16pt"])
    }
}

/// A declaration whose control states were not understood sets nothing.
struct UnknownStateTests {
    @Test func twoStateTyposAreTwoErrorsAndNothingElse() {
        let result = Compiler.compile(source: SourceFile(path: "m.less", text: "MyButton { title-color[hilighted]: red; title-color[hilighed]: blue; }"))
        #expect(result.diagnostics.map(\.id) == ["unknown-state", "unknown-state"])
    }
}
