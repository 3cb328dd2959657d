import Foundation
import Testing
import ReflLexer
import ReflParser
@testable import ReflEval

/// Walks `Fixtures/` and compares what the compiler produces with the
/// expected files beside each input:
///
/// - `parse/NAME.less` → `parse/NAME.ast` (the syntax tree dump)
/// - `errors/NAME.less` or `errors/NAME/main.less` → `.diagnostics` (rendered, as on stderr)
/// - `compile/NAME/main.less` → `compile/NAME/expected.json` (+ `expected.diagnostics` for warnings)
///
/// Set `REFLC_UPDATE_GOLDENS=1` to rewrite the expected files from the
/// current output; read every changed file before committing it.
struct GoldenFixtureTests {
    @Test func parseFixtures() throws {
        for input in try Golden.inputs(in: "parse", matching: ".less") {
            let file = try Golden.sourceFile(input)
            let result = Parser.parse(file)
            var renderer = DiagnosticRenderer()
            let actual = result.diagnostics.isEmpty ? ASTDump.dump(result.syntax) : renderer.render(result.diagnostics)
            Golden.check(actual, against: input.replacingSuffix(".less", with: ".ast"))
        }
    }

    @Test func errorFixtures() throws {
        for input in try Golden.inputs(in: "errors", matching: ".less") {
            let actual = Golden.compileDiagnostics(input)
            #expect(actual.contains("error:"), "\(input) is in errors/ but reports no error")
            let expected = input.hasSuffix("/main.less")
                ? input.replacingSuffix("/main.less", with: "/expected.diagnostics")
                : input.replacingSuffix(".less", with: ".diagnostics")
            Golden.check(actual, against: expected)
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
            Golden.check(json, against: folder + "/expected.json")
            Golden.check(diagnostics, against: folder + "/expected.diagnostics", optional: true)
        }
    }
}

/// Finding fixtures and comparing against (or rewriting) expected files.
enum Golden {
    /// The package root, found from this file's path.
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static var isUpdating: Bool { ProcessInfo.processInfo.environment["REFLC_UPDATE_GOLDENS"] == "1" }

    /// Inputs below `Fixtures/folder`, as paths relative to the package root,
    /// sorted: a file directly in the folder, or `main.less` in a subfolder.
    static func inputs(in folder: String, matching suffix: String) throws -> [String] {
        let base = packageRoot + "/Fixtures/" + folder
        var found: [String] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: base).sorted() {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + "/" + entry, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                if FileManager.default.fileExists(atPath: base + "/" + entry + "/main.less") {
                    found.append("Fixtures/\(folder)/\(entry)/main.less")
                }
            } else if entry.hasSuffix(suffix) {
                found.append("Fixtures/\(folder)/\(entry)")
            }
        }
        return found
    }

    /// A fixture file, named by its path relative to the package root (as a
    /// user running reflc from the root would see it).
    static func sourceFile(_ relativePath: String) throws -> SourceFile {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/" + relativePath))
        return SourceFile(path: relativePath, bytes: Array(data))
    }

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

    /// Compares `actual` with the expected file (or rewrites it when updating).
    /// With `optional`, an empty output means the expected file must not exist.
    static func check(_ actual: String, against expectedPath: String, optional: Bool = false,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let fullPath = packageRoot + "/" + expectedPath
        if isUpdating {
            if optional && actual.isEmpty {
                try? FileManager.default.removeItem(atPath: fullPath)
            } else {
                try? actual.write(toFile: fullPath, atomically: true, encoding: .utf8)
            }
            return
        }
        if optional && actual.isEmpty && !FileManager.default.fileExists(atPath: fullPath) { return }
        guard let expected = try? String(contentsOfFile: fullPath, encoding: .utf8) else {
            Issue.record("missing expected file \(expectedPath); run with REFLC_UPDATE_GOLDENS=1 to create it",
                         sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            Issue.record("\(expectedPath) differs from the output:\n\(firstDifference(expected, actual))",
                         sourceLocation: sourceLocation)
        }
    }

    /// The first differing line, for a readable failure.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let want = index < expectedLines.count ? expectedLines[index] : "<end>"
            let got = index < actualLines.count ? actualLines[index] : "<end>"
            if want != got { return "line \(index + 1):\n  expected: \(want)\n  actual:   \(got)" }
        }
        return "(same lines)"
    }
}

extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
