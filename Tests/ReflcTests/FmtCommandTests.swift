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
        // With JSON diagnostics, stderr is JSON lines only.
        let json = try CommandLineTests.run(["fmt", "--diagnostics", "json", "bad.less"], in: folder)
        #expect(json.status == 1)
        let lines = json.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"severity\":\"error\",\"code\":") && $0.hasSuffix("}") })
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

    @Test func aReadOnlyFileIsLeftAlone() throws {
        let folder = try Self.folder(["ro.less": "A{a:1}"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder + "/ro.less")
        let run = try CommandLineTests.run(["fmt", "ro.less"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr == "reflc: error: ro.less: read-only; not formatted (make it writable to format it)\n")
        #expect(Self.contents(folder + "/ro.less") == "A{a:1}")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/ro.less")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o444)
        // --check only reads: it still reports.
        #expect(try CommandLineTests.run(["fmt", "--check", "ro.less"], in: folder).stdout == "ro.less\n")
    }

    /// A writer appends to the file while fmt runs again and again: fmt
    /// either formats what it read, while nothing else wrote, or leaves the
    /// file; no append is ever lost. (Bounded: 15 runs, one writer thread
    /// that stops with them.)
    @Test func writesMadeWhileFmtRunsAreNeverLost() throws {
        // Large enough that formatting takes a while, so writes land during it.
        let rules = (0..<4000).map { "R\($0){a:\($0);b:red}" }.joined(separator: "\n")
        let folder = try Self.folder(["s.less": rules + "\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.less"
        final class Appends: @unchecked Sendable {
            let lock = NSLock()
            var stopped = false
            var count = 0
        }
        let appends = Appends()
        let writer = Thread {
            while true {
                appends.lock.lock()
                defer { appends.lock.unlock() }
                if appends.stopped { return }
                guard let handle = FileHandle(forWritingAtPath: path) else { continue }
                handle.seekToEndOfFile()
                handle.write(Data("W\(appends.count){a:1}\n".utf8))
                handle.closeFile()
                appends.count += 1
                appends.lock.unlock()
                usleep(2000)
                appends.lock.lock()
            }
        }
        writer.start()
        for _ in 0..<15 {
            let run = try CommandLineTests.run(["fmt", "s.less"], in: folder)
            #expect(run.status == 0 || run.stderr.contains("changed while being formatted; left as it is"), "\(run.stderr)")
        }
        appends.lock.lock()
        appends.stopped = true
        let appended = appends.count
        appends.lock.unlock()
        while !writer.isFinished { usleep(1000) }
        let text = Self.contents(path) ?? ""
        for index in 0..<appended {
            #expect(text.contains("W\(index) {") || text.contains("W\(index){"), "append \(index) of \(appended) was lost")
        }
    }

    @Test func aFolderStandsForItsStylesheets() throws {
        let folder = try Self.folder(["top.less": "T{t:1}"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, text) in [("a/x.less", "A{a:1}"), ("b/y.less", "B {\n    b: 1;\n}\n"), ("a/.hidden/h.less", "H{h:1}"),
                             (".build/z.less", "Z{z:1}"), ("a/notes.txt", "N{n:1}")] {
            try FileManager.default.createDirectory(atPath: (folder + "/" + path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        let check = try CommandLineTests.run(["fmt", "--check", "."], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout == "a/x.less\ntop.less\n")
        #expect(try CommandLineTests.run(["fmt", "."], in: folder).status == 0)
        #expect(Self.contents(folder + "/a/x.less") == "A {\n    a: 1;\n}\n")
        #expect(Self.contents(folder + "/a/.hidden/h.less") == "H{h:1}")
        #expect(Self.contents(folder + "/.build/z.less") == "Z{z:1}")
        #expect(Self.contents(folder + "/a/notes.txt") == "N{n:1}")
    }
}
