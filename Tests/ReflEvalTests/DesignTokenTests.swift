import Foundation
import Testing
import GoldenFiles
@testable import ReflEval

/// Design tokens in and out: `@import tokens(...)` and `--format tokens`.
/// (What each problem of a token file reports is in Fixtures/errors/design-tokens.)
struct DesignTokenTests {
    static let fixture = "Fixtures/compile/design-tokens/main.less"

    /// The fixture's variables: a resolver document's theme and a token file
    /// with its dark counterpart both give light and dark values.
    @Test func importedTokensBecomeVariables() throws {
        let table = try #require(try Golden.inPackageRoot { try Compiler.compile(entryPath: Self.fixture) }.ruleTable)
        #expect(table.variables["color-green"] == .color(Color(red: 0.184, green: 0.42, blue: 0.227, alpha: 1)))
        #expect(table.variables["color-brand"] == table.variables["color-green"])
        #expect(table.variables["space-large"] == .number(24, unit: .pt))
        #expect(table.variables["opacity-disabled"] == .number(0.5, unit: nil))
        #expect(table.variables["font-heading-weight"] == .identifier("bold"))
        let white = Color(red: 1, green: 1, blue: 1, alpha: 1)
        let ink = Color(red: 0.11, green: 0.11, blue: 0.118, alpha: 1)
        #expect(table.variables["surface-background"] == .lightDark(light: white, dark: ink))
        #expect(table.variables["surface-text"] == .lightDark(light: ink, dark: white))
        guard case .lightDark(let light, _)? = table.variables["accent"] else {
            Issue.record("accent is \(String(describing: table.variables["accent"]))")
            return
        }
        #expect(.color(light) == table.variables["color-green"])
        // Per appearance, as a view is styled.
        let stylesheet = Stylesheet(table: table)
        #expect(stylesheet.resolve(StyleQuery(className: "UIView", environment: StyleEnvironment(appearance: .dark)))
                .properties["backgroundColor"] == .color(ink))
        #expect(stylesheet.resolve(StyleQuery(className: "UIView")).properties["backgroundColor"] == .color(white))
    }

    /// Exporting the fixture and importing the export gives the same variables.
    @Test func anExportReadsBackToTheSameValues() throws {
        let compiled = try Golden.inPackageRoot { try Compiler.compile(entryPath: Self.fixture) }
        let table = try #require(compiled.ruleTable)
        let export = DesignTokenExport.document(variables: table.variables, descriptions: compiled.variableDescriptions)
        #expect(export.omitted == [DesignTokenExport.Omission(variable: "font-heading-family", reason: "a string has no token form")])
        let text = String(decoding: export.bytes, as: UTF8.self)
        #expect(text.contains("\"modifiers\""))
        #expect(text.contains("\"$description\": \"The brand green, for primary actions\""))

        let folder = NSTemporaryDirectory() + "reflc-tokens-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(export.bytes).write(to: URL(fileURLWithPath: folder + "/exported.tokens.json"))
        let reimport = SourceFile(path: folder + "/main.less", bytes: Array("@import tokens(\"exported.tokens.json\");\n".utf8))
        let again = Compiler.compile(source: reimport)
        #expect(again.diagnostics.isEmpty)
        // `px` and `pt` both mean points; the format has only `px`.
        func samePoints(_ variables: [String: StyleValue]) -> [String: StyleValue] {
            variables.mapValues { value in
                if case .number(let number, unit: .pt) = value { return .number(number, unit: .px) }
                return value
            }
        }
        var expected = table.variables
        expected["font-heading-family"] = nil
        #expect(samePoints(try #require(again.ruleTable).variables) == samePoints(expected))
        #expect(again.variableDescriptions["color-green"] == "The brand green, for primary actions")
        // The export of the re-import is the export.
        let second = DesignTokenExport.document(variables: try #require(again.ruleTable).variables,
                                                descriptions: again.variableDescriptions)
        #expect(second.bytes == export.bytes)
    }

    /// A token file is an input of the build: watched, and in the depfile.
    @Test func tokenFilesAreInputs() throws {
        let result = try Golden.inPackageRoot { try Compiler.compile(entryPath: Self.fixture) }
        let inputs = result.inputs.map { $0.lastComponent.description }
        #expect(inputs == ["main.less", "theme.resolver.json", "palette.tokens.json", "accent.tokens.json", "dark.tokens.json"])
        #expect(result.files.map { FilePath($0.path).lastComponent.description }
                == ["theme.resolver.json", "palette.tokens.json", "accent.tokens.json", "dark.tokens.json", "main.less"])
    }

    /// Token names become variable names: dots and other characters a name
    /// cannot hold become dashes.
    @Test func variableNames() {
        #expect(DesignTokenValues.variableName(["color", "brand", "primary"]) == "color-brand-primary")
        #expect(DesignTokenValues.variableName(["Space", "x small (4)"]) == "Space-x-small--4-")
    }

    /// Compiles `stylesheet` beside the files `files` (name → text) in a new folder.
    static func compile(_ stylesheet: String, files: [String: String]) throws -> CompileResult {
        let folder = NSTemporaryDirectory() + "reflc-tokens-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return Compiler.compile(source: SourceFile(path: folder + "/main.less", bytes: Array(stylesheet.utf8)))
    }

    /// A font family holding a carriage return, which no stylesheet string
    /// can, is an error at the name in the token file; the other tokens stand.
    @Test func aFontFamilyWithACarriageReturnIsAnErrorAtTheName() throws {
        let tokens = #"{"f": {"$type": "fontFamily", "cr": {"$value": "a\rb"}, "ok": {"$value": "Avenir"}}}"#
        let result = try Self.compile("@import tokens(\"f.json\");\nUILabel { font: font(@f-ok, 12pt); }\n", files: ["f.json": tokens])
        #expect(result.diagnostics.map(\.message) == ["a font family name holds a carriage return (\\r), which no font's name has and no stylesheet string can"])
        let name = try #require(tokens.range(of: #""a\rb""#))
        #expect(result.diagnostics.first?.range.start == tokens.utf8.distance(from: tokens.startIndex, to: name.lowerBound))
        #expect(result.variables["f-ok"] == .string("Avenir"))
    }

    /// What the compiler says of a token's variable points at that token's
    /// value in the token file, whichever line of the tokens' stylesheet
    /// text the variable is on (each line's origin is found by a binary
    /// search over the text's newlines): here the note of a redefinition.
    @Test func aNoteAtALaterTokenPointsAtThatToken() throws {
        let tokens = #"{"f": {"$type": "fontFamily", "a": {"$value": "Avenir"}, "b": {"$value": "Baskerville"}, "c": {"$value": "Courier"}}}"#
        let result = try Self.compile("@import tokens(\"f.json\");\n@f-b: 'X';\nUILabel { font: font(@f-b, 12pt); }\n", files: ["f.json": tokens])
        #expect(result.diagnostics.map(\.message) == ["variable '@f-b' is defined again; this later definition wins"])
        let value = try #require(tokens.range(of: #""Baskerville""#))
        let note = try #require(result.diagnostics.first?.notes.first)
        #expect(note.file.path.hasSuffix("/f.json"))
        #expect(note.range.start == tokens.utf8.distance(from: tokens.startIndex, to: value.lowerBound))
    }

    /// A token's word says what the token is, not a case to pick: a weight
    /// of 900 (`black`) is no bar style.
    @Test func aTokensWordIsNotReadAsACaseOfTheKey() throws {
        let tokens = #"{"weight": {"heavy": {"$type": "fontWeight", "$value": 900}}}"#
        let result = try Self.compile("@import tokens(\"w.json\");\nUINavigationBar { bar-style: @weight-heavy; }\n", files: ["w.json": tokens])
        #expect(result.diagnostics.map(\.message) == [
            "'bar-style' takes a case of UIBarStyle ('default', 'black', 'black-opaque', 'black-translucent'); found a color",
        ])
    }

    /// A token's number is the number a stylesheet keeps for the same
    /// number written out: not rounded to six decimals, not capped.
    @Test func numbersKeepTheirPrecision() throws {
        let tokens = #"{"a": {"$value": 999999999999}, "b": {"$value": 1e-7}, "c": {"$value": 0.1234567890123456},"#
            + #" "d": {"$value": 123456789012345678901234567890}, "e": {"$value": -1e308},"#
            + #" "f": {"$type": "dimension", "$value": {"value": 1e300, "unit": "rem"}}, "g": {"$type": "dimension", "$value": "0.1234567890123456px"}}"#
        let result = try Self.compile("@import tokens(\"n.json\");\n", files: ["n.json": tokens])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let variables = try #require(result.ruleTable).variables
        #expect(variables["a"] == .number(999999999999, unit: nil))
        #expect(variables["b"] == .number(1e-7, unit: nil))
        #expect(variables["c"] == .number(0.1234567890123456, unit: nil))
        #expect(variables["d"] == .number(1.2345678901234568e29, unit: nil))
        #expect(variables["e"] == .number(-1e308, unit: nil))
        #expect(variables["f"] == .number(1.6e301, unit: .pt))
        #expect(variables["g"] == .number(0.1234567890123456, unit: .px))
        let written = Compiler.compile(source: SourceFile(path: "main.less", bytes: Array("@d: 123456789012345678901234567890;\n".utf8)))
        #expect(try #require(written.ruleTable).variables["d"] == variables["d"])
    }

    /// Exporting keeps every digit of a number, and a shadow or border of a
    /// light-dark color comes back as it was, with no warning.
    @Test func anExportOfNumbersShadowsAndBordersReadsBack() throws {
        let stylesheet = """
            @ink: light-dark(#112233, #ddeeff);
            @sh: shadow(0px, 2px, 4px, light-dark(#000000, #ffffff));
            @bo: border(1px, @ink);
            @n: 0.1234567890123456;
            @tiny: 0.0000001;
            @big: 123456789012345678901234567890;
            @t: 0.0015s;

            """
        let original = Compiler.compile(source: SourceFile(path: "main.less", bytes: Array(stylesheet.utf8)))
        let table = try #require(original.ruleTable)
        let export = DesignTokenExport.document(variables: table.variables)
        #expect(export.omitted.isEmpty)
        let text = String(decoding: export.bytes, as: UTF8.self)
        #expect(text.contains("\"$value\": 0.1234567890123456 "))
        #expect(text.contains("\"$value\": 0.0000001 "))
        #expect(text.contains("\"$value\": 123456789012345680000000000000 "))
        let again = try Self.compile("@import tokens(\"x.tokens.json\");\n", files: ["x.tokens.json": text])
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics.map(\.message))")
        #expect(try #require(again.ruleTable).variables == table.variables)
    }

    /// A shadow whose light and dark tokens differ in more than the color
    /// keeps its light value, with a warning at the dark one.
    @Test func aShadowDifferingInMoreThanItsColorKeepsItsLightValue() throws {
        func shadow(_ color: String, _ blur: Int) -> String {
            #"{"sh": {"$type": "shadow", "$value": {"color": "\#(color)", "offsetX": "0px", "offsetY": "1px", "blur": "\#(blur)px"}}}"#
        }
        let result = try Self.compile("@import tokens(\"l.json\", dark: \"d.json\");\n",
                                      files: ["l.json": shadow("#000000", 2), "d.json": shadow("#ffffff", 3)])
        #expect(result.diagnostics.map(\.message) == ["only colors, and the color of a shadow or border, can differ between light and dark; 'sh' keeps its light value"])
        #expect(result.diagnostics.first.map { FilePath($0.file.path).lastComponent.description } == "d.json")
    }

    /// Keys that differ only in Unicode normalization are two JSON keys; as
    /// a stylesheet cannot tell the names apart, the second is an error at its token.
    @Test func namesDifferingInNormalizationAreTwoTokens() throws {
        let result = try Self.compile("@import tokens(\"u.json\");\n", files: ["u.json": #"{"e\u0301": {"$value": 11}, "\u00e9": {"$value": 12}}"#])
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("its characters encoded differently") == true)
        #expect(result.diagnostics.first?.range.start == 49)  // the second token's value
    }
}
