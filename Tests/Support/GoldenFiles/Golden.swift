import Foundation
import ReflRuntime

/// Finding fixtures and comparing against (or rewriting) expected files,
/// for the test targets of every module. Set `REFLC_UPDATE_GOLDENS=1` to
/// rewrite the expected files from the current output; read every changed
/// file before committing it.
public enum Golden {
    /// The package root, found from this file's path.
    public static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["REFLC_UPDATE_GOLDENS"] == "1" }

    /// Inputs below `Fixtures/folder`, as paths relative to the package root,
    /// sorted: a file directly in the folder, or `main.less` in a subfolder.
    public static func inputs(in folder: String, matching suffix: String) throws -> [String] {
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

    /// The text of a fixture file, named by its path relative to the package
    /// root; a missing fixture stops the tests with its name.
    public static func fixtureText(_ relativePath: String) -> String {
        guard let text = try? String(contentsOfFile: packageRoot + "/" + relativePath, encoding: .utf8) else {
            fatalError("cannot read the fixture \(relativePath)")
        }
        return text
    }

    /// A fixture file, named by its path relative to the package root (as a
    /// user running reflc from the root would see it).
    public static func sourceFile(_ relativePath: String) throws -> SourceFile {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/" + relativePath))
        return SourceFile(path: relativePath, bytes: Array(data))
    }

    /// Compares `actual` with the expected file (or rewrites it when
    /// updating): nil when they agree, else what differs, for the test to
    /// report (`#expect(Golden.mismatch(...) == nil)`). With `optional`, an
    /// empty output means the expected file must not exist. (No test library
    /// here: this target is built with the package's products too.)
    public static func mismatch(_ actual: String, against expectedPath: String, optional: Bool = false) -> String? {
        let fullPath = packageRoot + "/" + expectedPath
        if isUpdating {
            if optional && actual.isEmpty {
                try? FileManager.default.removeItem(atPath: fullPath)
            } else {
                try? actual.write(toFile: fullPath, atomically: true, encoding: .utf8)
            }
            return nil
        }
        if optional && actual.isEmpty && !FileManager.default.fileExists(atPath: fullPath) { return nil }
        guard let expected = try? String(contentsOfFile: fullPath, encoding: .utf8) else {
            return "missing expected file \(expectedPath); run with REFLC_UPDATE_GOLDENS=1 to create it"
        }
        return actual == expected ? nil : "\(expectedPath) differs from the output:\n\(firstDifference(expected, actual))"
    }

    /// The first differing line, for a readable failure.
    public static func firstDifference(_ expected: String, _ actual: String) -> String {
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
    public func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
