import Foundation
import Testing
import ReflLexer
import GoldenFiles
@testable import ReflEval

/// Walks `Fixtures/` and compares what the compiler produces with the
/// expected files beside each input:
///
/// - `errors/NAME.less` or `errors/NAME/main.less` → `.diagnostics` (rendered, as on stderr)
/// - `compile/NAME/main.less` → `compile/NAME/expected.json` (+ `expected.diagnostics` for warnings)
///
/// Set `REFLC_UPDATE_GOLDENS=1` to rewrite the expected files from the
/// current output; read every changed file before committing it.
struct GoldenFixtureTests {
    @Test func errorFixtures() throws {
        for input in try Golden.inputs(in: "errors", matching: ".less") {
            let actual = Golden.compileDiagnostics(input)
            #expect(actual.contains("error:"), "\(input) is in errors/ but reports no error")
            let expected = input.hasSuffix("/main.less")
                ? input.replacingSuffix("/main.less", with: "/expected.diagnostics")
                : input.replacingSuffix(".less", with: ".diagnostics")
            #expect(Golden.mismatch(actual, against: expected) == nil)
        }
    }

    @Test func compileFixtures() throws {
        for input in try Golden.inputs(in: "compile", matching: ".less") where input.hasSuffix("/main.less") {
            let result = try Golden.inPackageRoot { try Compiler.compile(entryPath: input) }
            let folder = input.replacingSuffix("/main.less", with: "")
            var renderer = DiagnosticRenderer()
            let diagnostics = renderer.render(result.diagnostics)
            #expect(!result.hasErrors, "\(input) does not compile:\n\(diagnostics)")
            let json = result.ruleTable.map { String(decoding: $0.jsonBytes(), as: UTF8.self) } ?? ""
            #expect(Golden.mismatch(json, against: folder + "/expected.json") == nil)
            #expect(Golden.mismatch(diagnostics, against: folder + "/expected.diagnostics", optional: true) == nil)
        }
    }
}

extension Golden {
    /// Compiles a fixture from the package root and renders its diagnostics.
    static func compileDiagnostics(_ relativePath: String) -> String {
        do {
            let result = try inPackageRoot { try Compiler.compile(entryPath: relativePath) }
            var renderer = DiagnosticRenderer()
            return renderer.render(result.diagnostics)
        } catch {
            return "\(error)"
        }
    }

    /// Runs `body` with the package root as the working directory, so paths
    /// in diagnostics are the ones a user would see.
    static func inPackageRoot<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        let previous = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(packageRoot)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }

    private static let lock = NSLock()

}
