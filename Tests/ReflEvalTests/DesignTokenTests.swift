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
        #expect(DesignTokenValues.decimal(0.1 + 0.2) == "0.3")
        #expect(DesignTokenValues.decimal(-12.5) == "-12.5")
        #expect(DesignTokenValues.decimal(1e-9) == "0")
    }
}
