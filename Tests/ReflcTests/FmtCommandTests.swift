import Foundation
import Testing

/// `reflc fmt` as a user runs it: files rewritten in place, `--check` for
/// CI, standard input, and files with syntax errors left alone.
struct FmtCommandTests {
    static func folder(_ files: [String: String]) throws -> String {
        let folder = NSTemporaryDirectory() + "reflc-fmt-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    static func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func checkListsFilesThenFmtRewritesThemAndCheckPasses() throws {
        let folder = try Self.folder(["a.less": "A{a:1}", "b.less": "B {\n    b: 2;\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try CommandLineTests.run(["fmt", "--check", "a.less", "b.less"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout == "a.less\n")
        #expect(Self.contents(folder + "/a.less") == "A{a:1}")

        let format = try CommandLineTests.run(["fmt", "a.less", "b.less"], in: folder)
        #expect(format.status == 0)
        #expect(format.stdout.isEmpty && format.stderr.isEmpty)
        #expect(Self.contents(folder + "/a.less") == "A {\n    a: 1;\n}\n")

        let again = try CommandLineTests.run(["fmt", "--check", "a.less", "b.less"], in: folder)
        #expect(again.status == 0)
        #expect(again.stdout.isEmpty)
    }

    @Test func syntaxErrorsAreReportedAndTheFileIsUntouched() throws {
        let folder = try Self.folder(["bad.less": "A { a: 1 b: 2; }\n", "good.less": "B{b:1}"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.run(["fmt", "--color", "never", "bad.less", "good.less"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("bad.less:1:9: error: expected ';' after declaration, found 'b'\n"))
        #expect(run.stderr.hasSuffix("bad.less: not formatted: it has syntax errors\n"))
        #expect(Self.contents(folder + "/bad.less") == "A { a: 1 b: 2; }\n")
        #expect(Self.contents(folder + "/good.less") == "B {\n    b: 1;\n}\n")
    }

    @Test func standardInputToStandardOutput() throws {
        let run = try CommandLineTests.run(["fmt", "-"], standardInput: "@a=1;A{b:@a}")
        #expect(run.status == 0)
        #expect(run.stdout == "@a: 1;\n\nA {\n    b: @a;\n}\n")
    }

    @Test func keepsPermissionsOfTheFileItRewrites() throws {
        let folder = try Self.folder(["a.less": "A{a:1}"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder + "/a.less")
        #expect(try CommandLineTests.run(["fmt", "a.less"], in: folder).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/a.less")[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    @Test func missingFileAndNoFile() throws {
        let missing = try CommandLineTests.run(["fmt", "nowhere.less"], in: NSTemporaryDirectory())
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read 'nowhere.less': no such file or directory"))
        let none = try CommandLineTests.run(["fmt"])
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("reflc: error: fmt needs at least one file"))
    }
}
