import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `reflc watch`, run as a user runs it, on the real file system and the
/// loopback network. Every wait has a deadline far above what a loaded
/// machine needs, and polls for the expected state instead of sleeping a
/// fixed time, so a slow machine makes a test slower, never flaky.
@Suite(.serialized)
struct WatchTests {
    /// How long any one expected thing may take.
    static let deadline = 30.0

    /// A running `reflc watch`, its output going to files read as it grows.
    final class Watch {
        let process = Process()
        let folder: String
        private let outPath: String
        private let errPath: String

        /// `descriptorLimit`: run under `ulimit -n` of that many open files.
        init(_ arguments: [String], in folder: String, descriptorLimit: Int? = nil) throws {
            self.folder = folder
            outPath = folder + "/.watch.out"
            errPath = folder + "/.watch.err"
            _ = FileManager.default.createFile(atPath: outPath, contents: nil)
            _ = FileManager.default.createFile(atPath: errPath, contents: nil)
            if let descriptorLimit {
                // `exec`: the process watched is reflc itself, under the limit.
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", CommandLineTests.binary, "watch"] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
                process.arguments = ["watch"] + arguments
            }
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
            try process.run()
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }

        var stdout: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

        /// Builds finished so far (each prints one summary line).
        var builds: Int {
            stdout.split(separator: "\n").filter { $0.contains("] built ") || $0.contains(" unchanged") }.count
        }

        /// Waits until `condition` holds; records an issue naming `what` if it does not in time.
        @discardableResult
        func waitFor(_ what: String, _ condition: () -> Bool) -> Bool {
            let start = Date()
            while Date().timeIntervalSince(start) < WatchTests.deadline {
                if condition() { return true }
                usleep(20_000)
            }
            Issue.record("timed out waiting for \(what); stdout:\n\(stdout)\nstderr:\n\(stderr)")
            return false
        }

        /// SIGTERM, and the exit status.
        func stop() -> Int32 {
            kill(process.processIdentifier, SIGTERM)
            if !waitFor("the process to end", { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// The server's resident memory (VmRSS), from /proc.
        var residentBytes: Int? {
            guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                  let kilobytes = Int(line.split(separator: " ")[1]) else { return nil }
            return kilobytes * 1024
        }

        /// CPU seconds the process has used (user and system), from /proc.
        var cpuSeconds: Double? {
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After the name: state is field 3, utime 14 and stime 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        /// CPU seconds the process uses while `seconds` pass.
        func cpuSecondsUsed(during seconds: Double) -> Double? {
            guard let before = cpuSeconds else { return nil }
            let later = Date().addingTimeInterval(seconds)
            while Date() < later { usleep(50_000) }
            return cpuSeconds.map { $0 - before }
        }

        /// The port from `serving http://127.0.0.1:PORT/...`.
        var port: Int? {
            guard let range = stdout.range(of: "http://127.0.0.1:") else { return nil }
            return Int(stdout[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// Writes in place (truncate, then write).
    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// Writes a new file and renames it over `path`: no moment shows half a file.
    static func writeReplacing(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func folder() throws -> String {
        let folder = try CommandLineTests.temporaryFolder()
        try write("@import \"theme.less\";\nUIView { background-color: @accent; }\n", to: folder + "/main.less")
        try write("@accent: #ff0000;\n", to: folder + "/theme.less")
        return folder
    }

    static func table(in folder: String) -> String {
        (try? String(contentsOfFile: folder + "/out.json", encoding: .utf8)) ?? ""
    }

    // Files are written in place here (as some editors save): a build may
    // catch a file half written and fail, then build again when the write
    // ends, so each step waits for the state it expects, not for "the next build".
    @Test func editsRebuildAndABrokenEditKeepsTheLastGoodTable() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json"], in: folder)
        watch.waitFor("the first build and the watch") { watch.stdout.contains("watching 2 files") }
        #expect(watch.stdout.contains("] built out.json: 1 rule from 2 files in "))
        #expect(Self.table(in: folder).contains("#ff0000ff"))

        // An imported file changes.
        try Self.write("@accent: #00ff00;\n", to: folder + "/theme.less")
        watch.waitFor("the new color in the table") { Self.table(in: folder).contains("#00ff00ff") }
        #expect(watch.stdout.contains("changed: theme.less"))

        // A typo: the error is printed, the table stays as it was.
        try Self.write("@import \"theme.less\";\nUIView { background-color: @acent; }\n", to: folder + "/main.less")
        watch.waitFor("the error") {
            watch.stderr.contains("main.less:2:28: error: undefined variable '@acent'; did you mean '@accent'?")
                && watch.stdout.contains("] 1 error; out.json unchanged (")
        }
        #expect(Self.table(in: folder).contains("#00ff00ff"))

        // Fixed: built again.
        try Self.write("@import \"theme.less\";\nUIView { background-color: @accent; alpha: 0.5; }\n", to: folder + "/main.less")
        watch.waitFor("the fix in the table") { Self.table(in: folder).contains("\"alpha\"") }

        #expect(watch.stop() == 0)
        #expect(watch.stdout.hasSuffix("stopped\n"))
        // Nothing left behind: no temporary file beside the output.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".watch.") }.sorted()
        #expect(left == ["main.less", "out.json", "theme.less"])
    }

    @Test func aFirstBuildThatFailsSaysNoTableWasWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("@import \"theme.less\";\nUIView { background-color: @acent; }\n", to: folder + "/main.less")
        let watch = try Watch(["main.less", "-o", "out.json"], in: folder)
        watch.waitFor("the first build's error") { watch.stdout.contains("] 1 error; out.json not written (") }
        try Self.write("@import \"theme.less\";\nUIView { background-color: @accent; }\n", to: folder + "/main.less")
        watch.waitFor("the fix in the table") { Self.table(in: folder).contains("#ff0000ff") }
        #expect(watch.stop() == 0)
    }

    @Test func anEditorsRenameSaveANewImportAndAMissingFileAreSeen() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json"], in: folder)
        watch.waitFor("the first build and the watch") { watch.stdout.contains("watching") }

        // Saved as vim and VS Code save: a new file renamed over the old one.
        try Self.write("@accent: #0000ff;\n", to: folder + "/theme.less.swp")
        #expect(rename(folder + "/theme.less.swp", folder + "/theme.less") == 0)
        watch.waitFor("the renamed file's color") { Self.table(in: folder).contains("#0000ffff") }

        // A new import of a file that does not exist yet: an error, and the file is waited for.
        try Self.writeReplacing("@import \"theme.less\";\n@import \"extra.less\";\nUIView { background-color: @accent; tint-color: @extra; }\n",
                                to: folder + "/main.less")
        watch.waitFor("the missing import's error") { watch.stderr.contains("error: cannot import 'extra.less': no such file or directory") }
        #expect(watch.stdout.contains("unchanged"))
        try Self.writeReplacing("@extra: #123456;\n", to: folder + "/extra.less")
        watch.waitFor("the new import's color") { Self.table(in: folder).contains("#123456ff") }
        #expect(watch.stdout.contains("built out.json: 1 rule from 3 files"))

        // And the new import is watched from then on.
        try Self.writeReplacing("@extra: #abcdef;\n", to: folder + "/extra.less")
        watch.waitFor("the new import's new color") { Self.table(in: folder).contains("#abcdefff") }
        #expect(watch.stop() == 0)
    }

    @Test func pollingSeesChangesToo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json", "--poll", "--format", "binary"], in: folder)
        watch.waitFor("the first build and the watch") { watch.stdout.contains("watching") }
        try Self.writeReplacing("@accent: #010203;\n", to: folder + "/theme.less")
        watch.waitFor("a second build") { watch.builds >= 2 }
        #expect(watch.stdout.contains("changed: theme.less"))
        let table = try Data(contentsOf: URL(fileURLWithPath: folder + "/out.json"))
        #expect(table.prefix(6) == Data([0x89, 0x52, 0x45, 0x46, 0x4C, 0x42]))  // a binary table, as asked
        #expect(watch.stop() == 0)
    }

    @Test func foldersThatComeAndGoAreWatchedAgain() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("@import \"theme.less\";\n@import \"tokens/colors/all.less\";\nUIView { background-color: @accent; tint-color: @tint; }\n",
                       to: folder + "/main.less")
        let watch = try Watch(["main.less", "-o", "out.json"], in: folder)
        watch.waitFor("the first build and the watch") { watch.stdout.contains("watching") }

        // The import waits in folders still to be made (a generator's output).
        try FileManager.default.createDirectory(atPath: folder + "/tokens/colors", withIntermediateDirectories: true)
        try Self.writeReplacing("@tint: #0000aa;\n", to: folder + "/tokens/colors/all.less")
        watch.waitFor("the file in the new folders") { Self.table(in: folder).contains("#0000aaff") }

        // Deleted and made anew (a branch switch, a generator starting over): still watched.
        try FileManager.default.removeItem(atPath: folder + "/tokens")
        watch.waitFor("the missing import's error") { watch.stderr.contains("error: cannot import 'tokens/colors/all.less'") }
        try FileManager.default.createDirectory(atPath: folder + "/tokens/colors", withIntermediateDirectories: true)
        try Self.writeReplacing("@tint: #0000bb;\n", to: folder + "/tokens/colors/all.less")
        watch.waitFor("the file in the folders made anew") { Self.table(in: folder).contains("#0000bbff") }
        try Self.writeReplacing("@tint: #0000cc;\n", to: folder + "/tokens/colors/all.less")
        watch.waitFor("an edit in the folders made anew") { Self.table(in: folder).contains("#0000ccff") }

        // A folder renamed away and another put in its place.
        #expect(rename(folder + "/tokens/colors", folder + "/tokens/old") == 0)
        try FileManager.default.createDirectory(atPath: folder + "/tokens/colors", withIntermediateDirectories: true)
        try Self.writeReplacing("@tint: #0000dd;\n", to: folder + "/tokens/colors/all.less")
        watch.waitFor("the folder put in place") { Self.table(in: folder).contains("#0000ddff") }
        try Self.write("@tint: #0000ee;\n", to: folder + "/tokens/colors/all.less")
        watch.waitFor("an edit in the folder put in place") { Self.table(in: folder).contains("#0000eeff") }
        #expect(watch.stop() == 0)
    }

    @Test func aFolderRenamedFurtherUpIsFollowed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/gen/tokens", withIntermediateDirectories: true)
        try Self.write("@tint: #0000aa;\n", to: folder + "/gen/tokens/all.less")
        try Self.write("@import \"theme.less\";\n@import \"gen/tokens/all.less\";\nUIView { background-color: @accent; tint-color: @tint; }\n",
                       to: folder + "/main.less")
        let watch = try Watch(["main.less", "-o", "out.json"], in: folder)
        watch.waitFor("the first build") { Self.table(in: folder).contains("#0000aaff") }
        // The folder above the import's folder renamed away (a generator moving its last output aside).
        #expect(rename(folder + "/gen", folder + "/gen.old") == 0)
        watch.waitFor("the missing import's error") { watch.stderr.contains("error: cannot import 'gen/tokens/all.less'") }
        // And back, then edited where it is again.
        #expect(rename(folder + "/gen.old", folder + "/gen") == 0)
        watch.waitFor("the import back in place") { watch.stdout.components(separatedBy: "built out.json").count >= 3 }
        try Self.writeReplacing("@tint: #0000bb;\n", to: folder + "/gen/tokens/all.less")
        watch.waitFor("an edit in the folder put back") { Self.table(in: folder).contains("#0000bbff") }
        #expect(watch.stop() == 0)
    }

    @Test func anImportThatIsALinkIsWatchedWhereItLeads() throws {
        let folder = try Self.folder()
        let shared = try CommandLineTests.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: shared)
        }
        try Self.write("@accent: #00aa00;\n", to: shared + "/theme.less")
        try FileManager.default.removeItem(atPath: folder + "/theme.less")
        try FileManager.default.createSymbolicLink(atPath: folder + "/theme.less", withDestinationPath: shared + "/theme.less")
        let watch = try Watch(["main.less", "-o", "out.json"], in: folder)
        watch.waitFor("the first build") { Self.table(in: folder).contains("#00aa00ff") }
        // The file the link names is edited in its own folder, in place and by renaming.
        try Self.write("@accent: #00bb00;\n", to: shared + "/theme.less")
        watch.waitFor("the edit of the linked file") { Self.table(in: folder).contains("#00bb00ff") }
        try Self.writeReplacing("@accent: #00cc00;\n", to: shared + "/theme.less")
        watch.waitFor("the linked file replaced") { Self.table(in: folder).contains("#00cc00ff") }
        #expect(watch.stop() == 0)
    }

    @Test func anEntryFileThatCannotBeReadAtTheStartEndsTheWatch() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/folder.less", withIntermediateDirectories: false)
        for (input, reason) in [("mian.less", "no such file or directory"), ("folder.less", "is a directory")] {
            let watch = try Watch([input, "-o", "out.json"], in: folder)
            if !watch.waitFor("the watch to end", { !watch.process.isRunning }) { kill(watch.process.processIdentifier, SIGKILL) }
            watch.process.waitUntilExit()
            #expect(watch.process.terminationStatus == 2)
            #expect(watch.stderr == "reflc: error: cannot read '\(input)': \(reason)\n")
        }
    }

    @Test func usageErrors() throws {
        #expect(try CommandLineTests.run(["watch", "x.less"]).stderr.hasPrefix("reflc: error: watch needs -o OUT"))
        #expect(try CommandLineTests.run(["watch", "x.less", "-o", "o.json", "--serve", "nope"]).stderr
            .hasPrefix("reflc: error: --serve takes [HOST:]PORT, such as 8080 or 0.0.0.0:8080, found 'nope'"))
        let help = try CommandLineTests.run(["watch", "--help"]).stdout
        #expect(help.hasPrefix("usage: reflc watch INPUT.less -o OUT"))
        #expect(help.contains("  --allow-host NAME      also answer requests for NAME (repeatable)\n"))
        #expect(help.contains("a client that takes less than 16 KiB of its response in 30 s is\n"))
        #expect(help.contains("nothing, or not finished its request, for 5 s); a request header of\n"))
    }

    // MARK: - The server

    @Test func anEventStreamIsGivenTheCurrentBuildAtOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json", "--serve", "0"], in: folder)
        watch.waitFor("the server's address and the first build") { watch.port != nil && watch.stdout.contains("watching") }
        let port = try #require(watch.port)
        let events = try HTTP.connect(port: port)
        defer { close(events) }
        let asked = Date()
        try HTTP.send(events, "GET /events HTTP/1.1\r\n\r\n")
        let stream = HTTP.read(events, until: { $0.contains("\"build\":1,\"ok\":true") })
        #expect(stream.hasPrefix("HTTP/1.1 200 OK\r\n") && stream.contains("id: 1\nevent: build\n"))
        // Sent with the stream's headers, not when the server would next
        // wake by itself: for the stream's keep-alive, 15 s later.
        #expect(Date().timeIntervalSince(asked) < 10)
        #expect(watch.stop() == 0)
    }

    @Test func theServerServesTheLastGoodTableWithETagsAndEvents() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json", "--serve", "0"], in: folder)
        watch.waitFor("the server's address and the first build") { watch.port != nil && watch.stdout.contains("watching") }
        let port = try #require(watch.port)

        let first = try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
        #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(first.contains("Content-Type: application/json\r\n"))
        #expect(first.hasSuffix(Self.table(in: folder)))
        let etag = try #require(HTTP.header("ETag", in: first))
        #expect(try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\nIf-None-Match: \(etag)\r\n\r\n").hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        let head = try HTTP.exchange(port: port, "HEAD /styles.json HTTP/1.1\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.hasSuffix("\r\n\r\n"))
        #expect(try HTTP.exchange(port: port, "GET /styles.reflb HTTP/1.1\r\n\r\n").contains("application/octet-stream"))
        #expect(try HTTP.exchange(port: port, "POST /styles.json HTTP/1.1\r\nContent-Length: 0\r\n\r\n").hasPrefix("HTTP/1.1 405 "))
        #expect(try HTTP.exchange(port: port, "GET /nowhere HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 404 "))
        #expect(try HTTP.exchange(port: port, "NONSENSE\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
        let huge = "GET /styles.json HTTP/1.1\r\n" + String(repeating: "X-Padding: 0123456789\r\n", count: 2000) + "\r\n"
        #expect(try HTTP.exchange(port: port, huge).hasPrefix("HTTP/1.1 431 "))

        // An event stream: the current build first, then one event per build.
        let events = try HTTP.connect(port: port)
        defer { close(events) }
        try HTTP.send(events, "GET /events HTTP/1.1\r\n\r\n")
        var stream = HTTP.read(events, until: { $0.contains("\"build\":1,\"ok\":true") })
        #expect(stream.contains("Content-Type: text/event-stream"))
        // Its body has no length and ends with the connection, as its headers say.
        #expect(stream.contains("Connection: close\r\n") && !stream.contains("Content-Length"))

        // A client that connects and leaves, and one that never reads, must not stop anything.
        let vanished = try HTTP.connect(port: port)
        try HTTP.send(vanished, "GET /events HTTP/1.1\r\n\r\n")
        close(vanished)
        let sleeper = try HTTP.connect(port: port, receiveBuffer: 1024)
        defer { close(sleeper) }
        try HTTP.send(sleeper, "GET /events HTTP/1.1\r\n\r\n")

        try Self.writeReplacing("@accent: #00ff00;\n", to: folder + "/theme.less")
        stream += HTTP.read(events, until: { ($0 + stream).contains("\"build\":2,\"ok\":true") })
        #expect(stream.contains("event: build\ndata: {\"build\":2,\"ok\":true,\"etag\":"))
        let second = try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\nIf-None-Match: \(etag)\r\n\r\n")
        #expect(second.hasPrefix("HTTP/1.1 200 OK\r\n") && second.contains("#00ff00ff"))

        // A broken build: its diagnostics in the event and at /diagnostics; the table stays.
        try Self.writeReplacing("@accent: #00ff0g;\n", to: folder + "/theme.less")
        stream += HTTP.read(events, until: { ($0 + stream).contains("\"build\":3,\"ok\":false") })
        #expect(stream.contains("\"code\":\"invalid-color\""))
        let diagnostics = try HTTP.exchange(port: port, "GET /diagnostics HTTP/1.1\r\n\r\n")
        #expect(diagnostics.contains("{\"build\":3,\"ok\":false,\"diagnostics\":[{\"severity\":\"error\",\"code\":\"invalid-color\""))
        #expect(diagnostics.contains("\"file\":\"theme.less\",\"line\":1,\"column\":10"))
        #expect(try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\n\r\n").contains("#00ff00ff"))

        // Many clients at once, with the sleeper still connected.
        let answers = try (0..<20).map { _ in try HTTP.connect(port: port) }
        for socket in answers { try HTTP.send(socket, "GET /styles.json HTTP/1.1\r\n\r\n") }
        for socket in answers {
            #expect(HTTP.read(socket, until: { $0.contains("#00ff00ff") }).hasPrefix("HTTP/1.1 200 OK"))
            close(socket)
        }
        #expect(watch.stop() == 0)
    }

    @Test func beforeAGoodBuildTheTableIsUnavailableAndSaysWhy() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("@accent: #00ff0g;\n", to: folder + "/theme.less")
        let (watch, port) = try Self.server(in: folder)
        let answer = try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n") && HTTP.header("Retry-After", in: answer) == "1")
        #expect(answer.hasSuffix("\r\n\r\nno table yet: the first build is under way, or no build has succeeded (see /diagnostics)\n"))
        #expect(try HTTP.exchange(port: port, "GET /diagnostics HTTP/1.1\r\n\r\n").contains("{\"build\":1,\"ok\":false,\"diagnostics\":[{"))
        #expect(watch.stop() == 0)
    }

    @Test func aBuildThatFailsWithoutDiagnosticsSaysWhy() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (watch, port) = try Self.server(in: folder)
        let events = try HTTP.connect(port: port)
        defer { close(events) }
        try HTTP.send(events, "GET /events HTTP/1.1\r\n\r\n")
        var stream = HTTP.read(events, until: { $0.contains("\"build\":1,\"ok\":true") })
        try FileManager.default.removeItem(atPath: folder + "/main.less")
        stream += HTTP.read(events, until: { ($0 + stream).contains("\"ok\":false") && $0.hasSuffix("\n\n") })
        let reason = "\"ok\":false,\"error\":\"cannot read 'main.less': no such file or directory\","
        #expect(stream.contains(reason + "\"etag\":"))
        #expect(try HTTP.exchange(port: port, "GET /diagnostics HTTP/1.1\r\n\r\n").contains(reason + "\"diagnostics\":[]}"))
        #expect(watch.stop() == 0)
    }

    /// A folder with `big.less`: `rules` rules, a JSON table of about 600 bytes each.
    static func bigFolder(rules: Int = 20000) throws -> String {
        let folder = try CommandLineTests.temporaryFolder()
        var text = ""
        for index in 0..<rules {
            text += "UILabel.c\(index) { background-color: #12345\(index % 10); alpha: 0.5; corner-radius: \(index % 40); }\n"
        }
        try write(text, to: folder + "/big.less")
        return folder
    }

    /// Starts a server on `big.less` and waits for its first build.
    static func bigServer(in folder: String, _ extra: [String] = []) throws -> (Watch, Int) {
        try server(in: folder, input: "big.less", extra)
    }

    /// Starts a server on `input` (`main.less` of `folder()`) and waits for its first build.
    static func server(in folder: String, input: String = "main.less", _ extra: [String] = []) throws -> (Watch, Int) {
        let watch = try Watch([input, "-o", "out.json", "--serve", "0"] + extra, in: folder)
        watch.waitFor("the server's address and the first build") { watch.port != nil && watch.stdout.contains("watching") }
        return (watch, try #require(watch.port))
    }

    @Test func clientsThatNeverReadShareOneTableAndLockNobodyOut() throws {
        let folder = try Self.bigFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (watch, port) = try Self.bigServer(in: folder)
        let table = Self.table(in: folder)
        #expect(table.utf8.count > 10_000_000)
        #expect(try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\n\r\n").hasSuffix(table))
        let before = try #require(watch.residentBytes)

        // As many clients as the server takes, each asking for the table and reading nothing.
        let sleepers = try (0..<256).map { _ in try HTTP.connect(port: port, receiveBuffer: 4096) }
        defer { for socket in sleepers { close(socket) } }
        for socket in sleepers { try HTTP.send(socket, "GET /styles.json HTTP/1.1\r\n\r\n") }
        for socket in sleepers { #expect(HTTP.waitReadable(socket), "a sleeper's response never started") }
        // Each holds the one shared table, not a copy (256 copies would be 3 GB).
        let grown = try #require(watch.residentBytes) - before
        #expect(grown < 64 << 20, "the server grew by \(grown >> 20) MB for 256 clients that read nothing")

        // A client that reads is served: the one stalled longest makes room for it.
        var answer = ""
        let start = Date()
        while Date().timeIntervalSince(start) < 20 {
            answer = try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\n\r\n")
            if !answer.hasPrefix("HTTP/1.1 503 ") { break }
            usleep(250_000)
        }
        let isTheTable = answer.hasSuffix(table)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n") && isTheTable)
        #expect(watch.stop() == 0)
    }

    /// A client that takes none of its response is closed when it has
    /// taken nothing for 30 s, as documented: not later because the
    /// server, waking at that deadline, pushed a few more bytes into the
    /// socket and counted them as the client's progress.
    @Test func aClientThatTakesNothingIsClosedAfterThirtySeconds() throws {
        let folder = try Self.bigFolder(rules: 6000)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (watch, port) = try Self.bigServer(in: folder)
        // The server's sockets, from /proc: the listener, and a client's while it is held.
        let fds = "/proc/\(watch.process.processIdentifier)/fd"
        func sockets() -> Int {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []
            return names.filter { ((try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + $0)) ?? "").hasPrefix("socket:") }.count
        }
        let idle = sockets()
        let sleeper = try HTTP.connect(port: port, receiveBuffer: 4096)
        defer { close(sleeper) }
        try HTTP.send(sleeper, "GET /styles.json HTTP/1.1\r\n\r\n")
        #expect(HTTP.waitReadable(sleeper), "the response never started")
        let started = Date()
        watch.waitFor("the server to hold the client") { sockets() == idle + 1 }
        var closed = false
        while !closed && Date().timeIntervalSince(started) < 80 {
            usleep(100_000)
            closed = sockets() == idle
        }
        let held = Date().timeIntervalSince(started)
        #expect(closed && held > 28 && held < 50, "closed \(closed) after \(held) s")
        #expect(watch.stop() == 0)
    }

    /// A client that reads slowly but steadily is not stalled: it is judged
    /// by what it takes, though the kernel reports its socket writable only
    /// when a third of a send buffer of megabytes is free.
    @Test func aClientThatReadsSlowlyIsNotClosed() throws {
        let folder = try Self.bigFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (watch, port) = try Self.bigServer(in: folder)
        let reader = try HTTP.connect(port: port)
        defer { close(reader) }
        try HTTP.send(reader, "GET /styles.json HTTP/1.1\r\n\r\n")
        #expect(HTTP.waitReadable(reader), "the response never started")
        // 16 KiB every half second, for longer than the 30 s a stall may last.
        let started = Date()
        var received = 0, closed = false
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while !closed && Date().timeIntervalSince(started) < 36 {
            let count = HTTP.waitReadable(reader, seconds: 5) ? readBytes(reader, &buffer, buffer.count) : 0
            if count <= 0 { closed = true } else { received += count }
            usleep(500_000)
        }
        #expect(!closed, "closed after \(Date().timeIntervalSince(started)) s, \(received) bytes in")
        #expect(received > 1 << 20 && received < Self.table(in: folder).utf8.count)
        #expect(watch.stop() == 0)
    }

    @Test func clientsThatSendNoRequestGiveTheirPlacesToNewOnes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (watch, port) = try Self.server(in: folder)
        // Every place taken by a client that connects and sends nothing
        // (each closed 10 s after it connected, so not before `connecting` + 10 s).
        let connecting = Date()
        let idle = try (0..<256).map { _ in try HTTP.connect(port: port) }
        defer { for socket in idle { close(socket) } }
        usleep(5_500_000)
        var answer = ""
        while Date().timeIntervalSince(connecting) < WatchTests.deadline {
            answer = try HTTP.exchange(port: port, "GET /diagnostics HTTP/1.1\r\n\r\n")
            if !answer.hasPrefix("HTTP/1.1 503 ") { break }
            usleep(250_000)
        }
        let waited = Date().timeIntervalSince(connecting)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        // Served in an idle client's place, not once they were closed for sending nothing.
        #expect(waited < 10, "served \(waited) s after the idle clients connected")
        #expect(idle.contains { !HTTP.waitReadable($0, seconds: 0) })
        #expect(watch.stop() == 0)
    }

    @Test func aClientThatHalfClosesGetsTheWholeTable() throws {
        let folder = try Self.bigFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (watch, port) = try Self.bigServer(in: folder)
        let table = Array(Self.table(in: folder).utf8)
        let socket = try HTTP.connect(port: port)
        defer { close(socket) }
        try HTTP.send(socket, "GET /styles.json HTTP/1.0\r\n\r\n")
        #expect(shutdown(socket, Int32(SHUT_WR)) == 0)
        let response = HTTP.readToEnd(socket)
        let body = Array(response.split(separator: Array("\r\n\r\n".utf8), maxSplits: 1).last ?? [])
        #expect(body.count == table.count, "\(body.count) of \(table.count) bytes")
        let isTheTable = body == table  // compared apart: a failed #expect would diff 14 MB
        #expect(isTheTable)
        #expect(watch.stop() == 0)
    }

    @Test func anEventStreamThatHalfClosesAndIsResetIsClosedWithoutSpinning() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (watch, port) = try Self.server(in: folder)
        let socket = try HTTP.connect(port: port)
        try HTTP.send(socket, "GET /events HTTP/1.1\r\n\r\n")
        #expect(shutdown(socket, Int32(SHUT_WR)) == 0)
        #expect(HTTP.read(socket, until: { $0.contains("event: build") }).contains("\"build\":1,\"ok\":true"))
        usleep(200_000)
        HTTP.reset(socket)
        // Gone both ways: the server closes it rather than poll it at once, forever.
        let used = try #require(watch.cpuSecondsUsed(during: 2))
        #expect(used < 0.5, "\(used) s of CPU in 2 s")
        #expect(try HTTP.exchange(port: port, "GET /diagnostics HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(watch.stop() == 0)
    }

    @Test func eventsAreBoundedAndSlowStreamsHoldOneEach() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 20,000 errors, none left out: 8 MB of diagnostics in all.
        try Self.write((0..<20000).map { "UILabel#c\($0) { alpha: 0.5; }\n" }.joined(), to: folder + "/big.less")
        let (watch, port) = try Self.bigServer(in: folder, ["--error-limit", "0"])
        let before = try #require(watch.residentBytes)

        let sleepers = try (0..<200).map { _ in try HTTP.connect(port: port, receiveBuffer: 4096) }
        defer { for socket in sleepers { close(socket) } }
        for socket in sleepers { try HTTP.send(socket, "GET /events HTTP/1.1\r\n\r\n") }
        for socket in sleepers { #expect(HTTP.waitReadable(socket), "a sleeper's stream never started") }
        let grown = try #require(watch.residentBytes) - before
        #expect(grown < 32 << 20, "the server grew by \(grown >> 20) MB for 200 event streams that read nothing")

        // Readers get the whole event: the count, and the first diagnostics.
        let readers = try (0..<20).map { _ in try HTTP.connect(port: port) }
        defer { for socket in readers { close(socket) } }
        for socket in readers { try HTTP.send(socket, "GET /events HTTP/1.1\r\n\r\n") }
        for socket in readers {
            let stream = HTTP.read(socket, until: { $0.contains("event: build\ndata: ") && $0.hasSuffix("\n\n") })
            let data = try #require(stream.components(separatedBy: "event: build\ndata: ").last)
            #expect(data.hasPrefix("{\"build\":1,\"ok\":false,") && data.contains(",\"count\":20000,\"diagnostics\":[{"))
            #expect(data.hasSuffix("}]}\n\n") && data.utf8.count <= 64 * 1024, "an event of \(data.utf8.count) bytes")
        }
        #expect(watch.stop() == 0)
    }

    @Test func runningOutOfDescriptorsRefusesClientsWithoutSpinning() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json", "--serve", "0"], in: folder, descriptorLimit: 64)
        watch.waitFor("the server's address and the first build") { watch.port != nil && watch.stdout.contains("watching") }
        let port = try #require(watch.port)
        // More idle connections than the server has descriptors for.
        let idle = try (0..<100).map { _ in try HTTP.connect(port: port) }
        defer { for socket in idle { close(socket) } }
        // With connections still waiting, the server rests instead of spinning on accept.
        let used = try #require(watch.cpuSecondsUsed(during: 2))
        #expect(used < 0.5, "\(used) s of CPU in 2 s")
        // The ones it had no descriptor for were told so (the rest wait their turn).
        let answered = idle.filter { HTTP.waitReadable($0, seconds: 0) }.map { String(decoding: HTTP.readToEnd($0), as: UTF8.self) }
        #expect(!answered.isEmpty)
        #expect(answered.allSatisfy { $0.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n") && $0.hasSuffix("no file descriptor left; try again shortly\n") })
        #expect(watch.stop() == 0)
    }

    @Test func onlyThisMachinesNamesAndAllowedHostsAreAnswered() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json", "--serve", "0", "--allow-host", "Dev.Example"], in: folder)
        watch.waitFor("the server's address and the first build") { watch.port != nil && watch.stdout.contains("watching") }
        let port = try #require(watch.port)
        func get(_ host: String) throws -> String {
            try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\n\r\n")
        }
        // A page's own name (DNS rebinding), or any other: refused, saying how to allow it.
        let refused = try get("evil.example:\(port)")
        #expect(refused.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"))
        #expect(refused.hasSuffix("\r\n\r\nreflc watch does not answer to the host 'evil.example:\(port)'; to allow it, run reflc watch with --allow-host evil.example\n"))
        var name = [CChar](repeating: 0, count: 256)
        #expect(gethostname(&name, 255) == 0)
        let hostName = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for host in ["localhost:\(port)", "127.0.0.1:\(port)", "127.0.0.1", "[::1]:\(port)", "LOCALHOST.", hostName, hostName + ".local:\(port)",
                     "dev.example:\(port)"] {
            let answer = try get(host)
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "Host: \(host)")
            #expect(!answer.contains("Access-Control-Allow-Origin"), "Host: \(host)")
        }
        // The Host read is the Host checked: a second one, or a name with a space, is refused.
        for header in ["Host: localhost\r\nHost: evil.example", "Host: evil.example\r\nHost: localhost", "Host : evil.example",
                       "Host: localhost\r\n folded", "no colon", ": no name"] {
            let answer = try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\n\(header)\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && answer.contains("expected 'Name: value'"), "\(header)")
        }
        #expect(watch.stop() == 0)
    }

    @Test func theRequestLineIsReadAsRFC9112Says() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json", "--serve", "0"], in: folder)
        watch.waitFor("the server's address and the first build") { watch.port != nil && watch.stdout.contains("watching") }
        let port = try #require(watch.port)
        // Empty lines before the request line are skipped.
        for before in ["", "\r\n", "\r\n\r\n", "\n\n\n"] {
            let answer = try HTTP.exchange(port: port, before + "GET /styles.json HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(before.debugDescription)")
        }
        #expect(try HTTP.exchange(port: port, "GET /diagnostics HTTP/1.0\r\n\r\n").hasPrefix("HTTP/1.1 200 OK\r\n"))
        // One space apart, and a version that is one.
        for line in ["GET  /styles.json HTTP/1.1", "GET /styles.json  HTTP/1.1", " GET /styles.json HTTP/1.1", "GET /styles.json HTTP/1.x",
                     "GET /styles.json HTTP/1.10", "GET /styles.json http/1.1", "GET /styles.json"] {
            let answer = try HTTP.exchange(port: port, line + "\r\nHost: localhost\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && answer.hasSuffix("\r\n\r\nexpected 'GET PATH HTTP/1.1' and at most 100 headers\n"),
                    "\(line): \(answer.prefix(40))")
        }
        // Empty lines first do not hide a request line too long.
        let long = try HTTP.exchange(port: port, "\r\nGET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\n\r\n")
        #expect(long.hasPrefix("HTTP/1.1 414 URI Too Long\r\n"))
        // A CR is part of a line ending only before its LF.
        for request in ["GET /styles.json HTTP/1.1\rHost: evil.example\r\n\r\n", "GET /styles.json HTTP/1.1\r\nHost: local\rhost\r\n\r\n"] {
            let answer = try HTTP.exchange(port: port, request)
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && answer.hasSuffix("\r\n\r\na CR inside a line of the request; lines end with CRLF or LF\n"),
                    "\(request.debugDescription): \(answer.prefix(40))")
        }
        // A request that ends before its header does, the client half-closing: told so.
        for partial in ["\r\n\r\n", "GET /styles.json HTTP/1.1\r\nHost: localhost\r\n"] {
            let socket = try HTTP.connect(port: port)
            defer { close(socket) }
            try HTTP.send(socket, partial)
            #expect(shutdown(socket, Int32(SHUT_WR)) == 0)
            let answer = String(decoding: HTTP.readToEnd(socket), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && answer.hasSuffix("\r\n\r\nthe request ended before the empty line that ends its header\n"),
                    "\(partial.debugDescription): \(answer.prefix(40))")
        }
        let other = try HTTP.exchange(port: port, "GET /styles.json HTTP/2.0\r\nHost: localhost\r\n\r\n")
        #expect(other.hasPrefix("HTTP/1.1 505 HTTP Version Not Supported\r\n"))
        #expect(other.hasSuffix("\r\n\r\nthis server speaks HTTP/1.1; the request was HTTP/2.0\n"))
        #expect(watch.stop() == 0)
    }

    @Test func aLoopbackAddressIsKnownByTheAddressNotItsSpelling() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 2130706433 is 127.0.0.1 written as one number.
        let watch = try Watch(["main.less", "-o", "out.json", "--serve", "2130706433:0"], in: folder)
        watch.waitFor("the first build") { watch.stdout.contains("watching") }
        #expect(watch.stdout.contains("serving http://2130706433:"))
        #expect(!watch.stderr.contains("warning: serving on"))
        #expect(watch.stop() == 0)
    }

    @Test func inputIsBoundedAndETagsCompareWeakly() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json", "--serve", "0"], in: folder)
        watch.waitFor("the server's address and the first build") { watch.port != nil && watch.stdout.contains("watching") }
        let port = try #require(watch.port)

        // A client that goes on sending after its request is closed, not read forever.
        let streamer = try HTTP.connect(port: port)
        defer { close(streamer) }
        try HTTP.send(streamer, "GET /events HTTP/1.1\r\n\r\n")
        _ = HTTP.read(streamer, until: { $0.contains("event: build") })
        let chunk = [UInt8](repeating: 0x41, count: 65536)
        var sent = 0
        let start = Date()
        while Date().timeIntervalSince(start) < WatchTests.deadline {
            let count = HTTP.sendOnce(streamer, chunk)
            if count <= 0 { break }
            sent += count
        }
        #expect(sent < 16 << 20, "the server read \(sent >> 20) MB after the request")

        // A request line over 8 KiB: 414, not 404.
        let long = try HTTP.exchange(port: port, "GET /" + String(repeating: "a", count: 17 * 1024) + " HTTP/1.1\r\n\r\n")
        #expect(long.hasPrefix("HTTP/1.1 414 URI Too Long\r\n") && long.hasSuffix("longer than 8192 bytes; the server's paths are short: /styles.json, /events\n"))

        // If-None-Match: weak tags, lists and * (RFC 9110).
        let etag = try #require(HTTP.header("ETag", in: try HTTP.exchange(port: port, "HEAD /styles.json HTTP/1.1\r\n\r\n")))
        for condition in ["W/\(etag)", "\"other\", W/\(etag)", "*", etag] {
            let answer = try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\nIf-None-Match: \(condition)\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 304 Not Modified\r\n"), "If-None-Match: \(condition)")
        }
        #expect(try HTTP.exchange(port: port, "GET /styles.json HTTP/1.1\r\nIf-None-Match: W/\"other\"\r\n\r\n").hasPrefix("HTTP/1.1 200 OK"))
        #expect(watch.stop() == 0)
    }

    @Test func aRequestOfAMegabyteGetsItsAnswerNotAReset() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (watch, port) = try Self.server(in: folder)
        let megabyte = String(repeating: "a", count: 1 << 20)
        let requests = [("GET /styles.json HTTP/1.1\r\nX-Padding: \(megabyte)\r\n\r\n", "HTTP/1.1 431 "),
                        ("GET /\(megabyte) HTTP/1.1\r\n\r\n", "HTTP/1.1 414 "),
                        ("POST /styles.json HTTP/1.1\r\nContent-Length: \(1 << 20)\r\n\r\n\(megabyte)", "HTTP/1.1 405 ")]
        for (request, status) in requests {
            // The whole request is sent before the answer is read, as most
            // clients do; the server answers before it has all come.
            let socket = try HTTP.connect(port: port)
            defer { close(socket) }
            var unsent = Array(request.utf8)[...]
            while !unsent.isEmpty {
                let sent = HTTP.sendOnce(socket, Array(unsent.prefix(65536)))
                guard sent > 0 else { break }
                if unsent.count == request.utf8.count { #expect(HTTP.waitReadable(socket), "no answer") }
                unsent = unsent.dropFirst(sent)
            }
            let left = unsent.count  // a count: a failed #expect would print the bytes
            #expect(left == 0, "the server reset the connection with \(left) bytes unsent")
            let answer = String(decoding: HTTP.readToEnd(socket), as: UTF8.self)
            #expect(answer.hasPrefix(status), "\(answer.prefix(40))")
        }
        #expect(try HTTP.exchange(port: port, "GET /diagnostics HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(watch.stop() == 0)
    }

    @Test func aHostOtherThanLoopbackIsWarnedAbout() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watch = try Watch(["main.less", "-o", "out.json", "--serve", "0.0.0.0:0"], in: folder)
        watch.waitFor("the warning") { watch.stderr.contains("warning: serving on 0.0.0.0, which other machines can reach") }
        #expect(watch.stop() == 0)
    }
}

/// A plain HTTP/1.1 client on the system's sockets, every read bounded in time.
enum HTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func connect(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
        #if canImport(Darwin)
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #else
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        if var size = receiveBuffer {
            _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Darwin)
                Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect: \(errno)")
        }
        return socket
    }

    static func send(_ socket: Int32, _ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "send: \(errno)") }
            sent += count
        }
    }

    /// Reads until `done` holds for what was read, the peer closes, or the deadline passes.
    static func read(_ socket: Int32, until done: (String) -> Bool) -> String {
        var received: [UInt8] = []
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date().timeIntervalSince(start) < WatchTests.deadline {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else {
                if done(String(decoding: received, as: UTF8.self)) { break }
                continue
            }
            let count = readBytes(socket, &buffer, buffer.count)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if done(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One send, without SIGPIPE when the peer has closed: the count sent, or -1.
    static func sendOnce(_ socket: Int32, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes {
            #if canImport(Darwin)
            var yes: Int32 = 1
            _ = setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            return Darwin.send(socket, $0.baseAddress, $0.count, 0)
            #else
            return Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            #endif
        }
    }

    /// Closes `socket` with a reset (RST) rather than the usual goodbye (FIN).
    static func reset(_ socket: Int32) {
        var abort = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
        close(socket)
    }

    /// Whether `socket` has something to read (or was closed) before the deadline.
    static func waitReadable(_ socket: Int32, seconds: Double = WatchTests.deadline) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(seconds * 1000)) > 0
    }

    /// One request, and the whole response (the server closes after it).
    static func exchange(port: Int, _ request: String) throws -> String {
        let socket = try connect(port: port)
        defer { close(socket) }
        try send(socket, request)
        return String(decoding: readToEnd(socket), as: UTF8.self)
    }

    /// Reads until the peer closes or the deadline passes.
    static func readToEnd(_ socket: Int32) -> [UInt8] {
        var received: [UInt8] = []
        let start = Date()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while Date().timeIntervalSince(start) < WatchTests.deadline {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = readBytes(socket, &buffer, buffer.count)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }

    static func header(_ name: String, in response: String) -> String? {
        for line in response.split(separator: "\r\n") where line.lowercased().hasPrefix(name.lowercased() + ":") {
            return String(line.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}

/// The system's `read`, which `HTTP.read` hides inside `HTTP`.
private func readBytes(_ socket: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(socket, buffer, count)
}
