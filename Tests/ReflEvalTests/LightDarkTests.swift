import Testing
import GoldenFiles
@testable import ReflEval

/// `light-dark()`: a color per appearance, through color functions, the
/// schema, both table forms, resolution and gen-swift.
struct LightDarkTests {
    static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)
    static let ink = HexColor.color(Array("#1c1c1e".utf8))!.roundedToFiveDecimals()

    static func compile(_ text: String) -> CompileResult {
        Compiler.compile(source: SourceFile(path: "main.less", bytes: Array(text.utf8)))
    }

    @Test func aColorForEachAppearance() throws {
        let result = Self.compile("""
            @surface: light-dark(#ffffff, #1c1c1e);
            @pressed: darken(@surface, 10%);
            @same: fade(light-dark(red, red), 50%);
            UIView { background-color: @surface; tint-color: @pressed; }
            """)
        #expect(result.diagnostics.isEmpty)
        let table = try #require(result.ruleTable)
        #expect(table.variables["surface"] == .lightDark(light: Self.white, dark: Self.ink))
        let darkenedWhite = Self.compile("@x: darken(#ffffff, 10%);").ruleTable?.variables["x"]
        let darkenedInk = Self.compile("@x: darken(#1c1c1e, 10%);").ruleTable?.variables["x"]
        guard case .lightDark(let light, let dark)? = table.variables["pressed"] else {
            Issue.record("pressed is \(String(describing: table.variables["pressed"]))")
            return
        }
        #expect(.color(light) == darkenedWhite && .color(dark) == darkenedInk)
        #expect(table.variables["same"] == .color(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))

        for stylesheet in [Stylesheet(table: table), try Stylesheet(ruleTable: table.binaryBytes()), try Stylesheet(ruleTable: table.jsonBytes())] {
            #expect(stylesheet.table.variables["surface"] == table.variables["surface"])
            #expect(stylesheet.resolve(StyleQuery(className: "UIView")).properties["backgroundColor"] == .color(Self.white))
            #expect(stylesheet.resolve(StyleQuery(className: "UIView", environment: StyleEnvironment(appearance: .dark)))
                    .properties["backgroundColor"] == .color(Self.ink))
        }
    }

    @Test func mistakesAreReported() {
        let rendered = { (text: String) -> [String] in Self.compile(text).diagnostics.map(\.message) }
        #expect(rendered("@g: linear-gradient(light-dark(red, blue), white);")
                == ["linear-gradient() of a light-dark() color gives no color for each appearance; give light-dark() to a color function (darken, fade, mix, ...) or write one light-dark() of the results"])
        #expect(rendered("@c: light-dark(red);") == ["light-dark() takes 2 colors (light, dark), found 1"])
        #expect(rendered("UIView { corner-radius: light-dark(red, blue); }") == ["'corner-radius' takes a number; found a light-dark color"])
    }

    @Test func anAssetColorIsNamedAndNotComputedWith() throws {
        let result = Self.compile("UIView { background-color: asset-color('BrandGreen'); tint-color: darken(asset-color('BrandGreen'), 10%); }")
        #expect(result.diagnostics.map(\.message) == [
            "darken() cannot compute with an asset color: its value is known only on the device; give the color itself (a hex color, rgb(), ...) or make a second color in the asset catalog"])
        let table = try #require(Self.compile("UIView { background-color: asset-color('BrandGreen'); }").ruleTable)
        #expect(table.rules.first?.properties.first?.value == .assetColor("BrandGreen"))
        #expect(try Stylesheet(ruleTable: table.binaryBytes()).table == table)
        #expect(Self.compile("@c: asset-color(12);").diagnostics.map(\.message)
                == ["asset-color(): the name must be the color's name in quotes, such as 'BrandGreen', found a number"])
    }
}
