import Foundation
import Testing

/// What `reflc` does to the files and streams it writes, tried as a careful
/// user (or a CI machine running as root) would: outputs of every kind,
/// failed writes, signals, inputs that grow or have odd names.
struct ReliabilityTests {
    typealias CLI = CommandLineTests

    static let stylesheet = "UIView { alpha: 0.5; }\n"

    /// A folder with `s.less` in it.
    static func folder() throws -> String {
        let folder = try CLI.temporaryFolder()
        try stylesheet.write(toFile: folder + "/s.less", atomically: false, encoding: .utf8)
        return folder
    }

    static func attributes(_ path: String) throws -> [FileAttributeKey: Any] {
        try FileManager.default.attributesOfItem(atPath: path)
    }

    static func contents(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// Names in `folder` that a temporary file would have.
    static func strays(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".reflc-") || $0.contains(".tmp-") }
    }

    // MARK: - 1. Outputs of every kind

    @Test func aRegularOutputKeepsItsPermissions() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["build", "s.less", "-o", "out.json"], in: folder).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder + "/out.json")
        try "UIView { alpha: 1; }".write(toFile: folder + "/s.less", atomically: false, encoding: .utf8)
        #expect(try CLI.run(["build", "s.less", "-o", "out.json"], in: folder).status == 0)
        #expect(try Self.attributes(folder + "/out.json")[.posixPermissions] as? Int == 0o444)
        #expect(Self.contents(folder + "/out.json")?.contains(#""alpha": {"value": {"type":"number","value":1}"#) == true)
        #expect(try Self.strays(in: folder).isEmpty)
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetIsWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        try "old".write(toFile: folder + "/real/table.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: "real/table.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.json", withDestinationPath: "real/new.json")
        #expect(try CLI.run(["build", "s.less", "-o", "link.json"], in: folder).status == 0)
        #expect(try CLI.run(["build", "s.less", "-o", "dangling.json"], in: folder).status == 0)
        #expect(try Self.attributes(folder + "/link.json")[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(Self.contents(folder + "/real/table.json")?.hasPrefix("{\n  \"version\": 3") == true)
        #expect(Self.contents(folder + "/real/new.json")?.hasPrefix("{\n  \"version\": 3") == true)
        #expect(try Self.strays(in: folder + "/real").isEmpty && Self.strays(in: folder).isEmpty)
    }

    @Test func everyHardLinkSeesTheNewTable() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "old".write(toFile: folder + "/a.json", atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(atPath: folder + "/a.json", toPath: folder + "/b.json")
        #expect(try CLI.run(["build", "s.less", "-o", "a.json"], in: folder).status == 0)
        #expect(Self.contents(folder + "/b.json") == Self.contents(folder + "/a.json"))
        #expect(try Self.attributes(folder + "/a.json")[.referenceCount] as? Int == 2)
    }

    @Test func aFIFOIsWrittenInto() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe", 0o644) == 0)
        let done = Locked<Data?>(nil)
        let reader = Thread {
            // Opening a FIFO waits for its writer: reflc, once the table is built.
            let descriptor = open(folder + "/pipe", O_RDONLY)
            guard descriptor >= 0 else { return }
            var data = Data()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(descriptor, &chunk, chunk.count)
                if count <= 0 { break }
                data.append(contentsOf: chunk[0..<count])
            }
            close(descriptor)
            done.value = data
        }
        reader.start()
        let run = try CLI.run(["build", "s.less", "-o", "pipe"], in: folder)
        #expect(run.status == 0)
        for _ in 0..<600 where done.value == nil { Thread.sleep(forTimeInterval: 0.05) }
        #expect(done.value.map { String(decoding: $0, as: UTF8.self).hasPrefix("{\n  \"version\": 3") } == true)
        #expect(try Self.attributes(folder + "/pipe")[.type] as? FileAttributeType == .typeUnknown)  // still a FIFO
    }

    /// A device stays a device: `-o /dev/null` as root once turned it into a
    /// file. The test makes its own null device where it may (as root), else
    /// writes to /dev/null itself.
    @Test func aDeviceStaysADevice() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var device = "/dev/null"
        if getuid() == 0, mknod(folder + "/null", S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 { device = folder + "/null" }
        #expect(try CLI.run(["build", "s.less", "-o", device], in: folder).status == 0)
        var status = stat()
        #expect(stat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        #expect(try Self.strays(in: folder).isEmpty)
    }

    /// A table of a few megabytes is written to its file in a few large
    /// writes, each gathering many items' JSON and the commas between them:
    /// the file has every byte standard output gets, in order, both for a
    /// new file (given its space ahead, then cut to the table) and for one
    /// with another hard link (written in place); and
    /// so has a binary table, written in pieces small and large.
    @Test func aLargeTableInAFileIsByteForByteTheTableOnStandardOutput() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = (0..<6_000).map { "UIView:t\($0) { alpha: 0.\($0 % 10); corner-radius: \($0)px; tint-color: rgb(\($0 % 256), 10, 20); }" }
        // A long comment: five times the source is then more than the table.
        let comment = "// " + String(repeating: "a comment ", count: 100) + "\n"
        try (rules.joined(separator: "\n") + "\n" + String(repeating: comment, count: 1_000))
            .write(toFile: folder + "/s.less", atomically: false, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: folder + "/stdout.json", contents: nil)
        #expect(try CLI.run(["build", "s.less", "-o", "-"], in: folder, standardOutput: folder + "/stdout.json").status == 0)
        try "old".write(toFile: folder + "/linked.json", atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(atPath: folder + "/linked.json", toPath: folder + "/other.json")
        for output in ["new.json", "linked.json"] {
            #expect(try CLI.run(["build", "s.less", "-o", output], in: folder).status == 0)
        }
        let expected = try #require(FileManager.default.contents(atPath: folder + "/stdout.json"))
        #expect(expected.count > 2_000_000)
        let table = try JSONSerialization.jsonObject(with: expected) as? [String: Any]
        #expect((table?["rules"] as? [Any])?.count == 6_000)
        #expect(FileManager.default.contents(atPath: folder + "/new.json") == expected)
        #expect(FileManager.default.contents(atPath: folder + "/other.json") == expected)
        // The new file was given five times its source's size ahead, more than
        // the table, then cut to the table: it is no longer, and holds no more of the disk.
        var status = stat()
        #expect(stat(folder + "/new.json", &status) == 0)
        #expect(Int(status.st_size) == expected.count)
        #expect(Int(status.st_blocks) * 512 < expected.count + (1 << 20))
        // A binary table's sections: small ones gathered, large ones written
        // on their own after the gathered bytes before them.
        _ = FileManager.default.createFile(atPath: folder + "/stdout.reflb", contents: nil)
        #expect(try CLI.run(["build", "s.less", "--format", "binary", "-o", "-"], in: folder,
                            standardOutput: folder + "/stdout.reflb").status == 0)
        #expect(try CLI.run(["build", "s.less", "--format", "binary", "-o", "new.reflb"], in: folder).status == 0)
        let binary = try #require(FileManager.default.contents(atPath: folder + "/stdout.reflb"))
        #expect(binary.count > 100_000)
        #expect(FileManager.default.contents(atPath: folder + "/new.reflb") == binary)
    }

    @Test func aDirectoryIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["build", "s.less", "-o", "."], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr == "reflc: error: cannot write '.': is a directory\n")
    }

    // MARK: - 2. Failed writes to the standard streams

    @Test(arguments: [["build", "s.less"], ["resolve", "s.less", "--class", "UIView"], ["parse", "s.less"],
                      ["tokens", "s.less"], ["--help"], ["build", "--help"], ["--version"]])
    func aFullDiskOnStandardOutputExitsTwo(_ arguments: [String]) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(arguments, in: folder, standardOutput: "/dev/full")
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("reflc: error: cannot write to standard output: no space left on device\n"))
    }

    @Test func aClosedPipeExitsTwo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let big = (0..<20_000).map { "r\($0) { a: \($0); }" }.joined(separator: "\n")
        try big.write(toFile: folder + "/big.less", atomically: false, encoding: .utf8)
        let run = try CLI.run(["build", "big.less"], in: folder, closedStandardOutput: true)
        #expect(run.status == 2)
        #expect(run.stderr == "reflc: error: cannot write to standard output: broken pipe\n")
    }

    @Test func aFullDiskOnStandardErrorExitsTwo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "UIView { a: $; }".write(toFile: folder + "/bad.less", atomically: false, encoding: .utf8)
        #expect(try CLI.run(["build", "bad.less", "-o", "out.json"], in: folder, standardError: "/dev/full").status == 2)
        #expect(try CLI.run(["build", "nope.less"], in: folder, standardError: "/dev/full").status == 2)
    }

    // MARK: - 3. The output is no input

    @Test func writingOverAnInputIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "@import 's.less';\nlabel { a: 1; }\n".write(toFile: folder + "/main.less", atomically: false, encoding: .utf8)
        for (output, input) in [("main.less", "main.less"), ("s.less", "s.less"), ("./s.less", "s.less")] {
            let run = try CLI.run(["build", "main.less", "-o", output], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr == "reflc: error: cannot write '\(output)': it is an input of this build ('\(input)'); choose another output\n")
        }
        #expect(Self.contents(folder + "/s.less") == Self.stylesheet)
        #expect(try Self.strays(in: folder).isEmpty)
    }

    // MARK: - 6. An input that grows while it is read

    /// The file keeps growing (about 20 MB/s, paced so that the test stays
    /// small on disk) until reflc ends, or until it reaches 512 MB: reflc
    /// must end while it is still growing, having read it as it was when
    /// opened; a reader that followed the growth would end only at the cap.
    @Test func anInputGrowingWhileReadIsReadAsItWasWhenOpened() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/growing.less"
        try String(repeating: Self.stylesheet, count: 1000).write(toFile: path, atomically: false, encoding: .utf8)
        let stop = Locked(false)
        let reachedCap = Locked(false)
        let finished = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { finished.signal() }
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.seekToEndOfFile()
            let chunk = Data(String(repeating: Self.stylesheet, count: 1000).utf8)
            var written = 0
            while !stop.value {
                guard written < 512 << 20 else {
                    reachedCap.value = true
                    break
                }
                handle.write(chunk)
                written += chunk.count
                Thread.sleep(forTimeInterval: 0.001)
            }
            try? handle.close()
        }
        writer.start()
        let run = try CLI.run(["build", "growing.less", "-o", "out.json"], in: folder)
        stop.value = true
        finished.wait()
        #expect(run.status == 0 || run.status == 1)  // whatever it read; but it ended
        #expect(!reachedCap.value, "reflc ended only once the file stopped growing")
        #expect(try Self.strays(in: folder).isEmpty)
    }

    // MARK: - 7. Signals

    @Test(arguments: [SIGTERM, SIGINT, SIGKILL])
    func aSignalMidBuildLeavesNoTemporaryFile(_ signalNumber: Int32) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = (0..<200_000).map { "R\($0 % 5000):t\($0) { a: \($0)px; b: rgba(1, 2, 3, 0.5); c: 'x'; }" }
        try rules.joined(separator: "\n").write(toFile: folder + "/big.less", atomically: false, encoding: .utf8)
        try "previous".write(toFile: folder + "/out.json", atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["build", "big.less", "-o", "out.json"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(try Self.strays(in: folder).isEmpty)
        if process.terminationReason == .uncaughtSignal {
            #expect(Self.contents(folder + "/out.json") == "previous")
        }
    }

    /// A JSON table of 4 MiB or more is read where it is mapped into memory;
    /// shortened in place while `reflc resolve` reads it, whenever that
    /// falls, reflc ends by itself (a table, an error, or the message for a
    /// file shortened meanwhile), never killed by the SIGBUS.
    @Test func aTableShortenedWhileItIsReadEndsReflcWithAMessage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rules = (0..<20_000).map { "V\($0 % 500):t\($0) { a: \($0)px; b: rgba(1, 2, 3, 0.5); c: 'x'; }" }
        try rules.joined(separator: "\n").write(toFile: folder + "/big.less", atomically: false, encoding: .utf8)
        #expect(try CLI.run(["build", "big.less", "-o", "full.json"], in: folder).status == 0)
        let full = try Data(contentsOf: URL(fileURLWithPath: folder + "/full.json"))
        #expect(full.count >= 4 << 20)
        var messages: Set<String> = []
        for delay in [0.0, 0.002, 0.005, 0.01, 0.02, 0.04] {
            try full.write(to: URL(fileURLWithPath: folder + "/table.json"))
            let process = Process(), errors = Pipe()
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["resolve", "table.json", "--class", "V1"]
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            #expect(truncate(folder + "/table.json", off_t(full.count / 3)) == 0)
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "delay \(delay): \(stderr)")
            if process.terminationStatus == 2 {
                #expect(stderr == "reflc: error: an input file was shortened while it was read; run the command again once the file is written\n")
            }
            messages.insert(stderr.isEmpty ? "table" : String(stderr.prefix(40)))
        }
        print("outcomes of the shortened reads: \(messages.sorted())")
    }

    // MARK: - 9. File names

    @Test func namesThatAreNotUTF8AreKeptByteForByte() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = Array((folder + "/").utf8) + [0xFF] + Array(".less".utf8)
        let output = Array((folder + "/").utf8) + [0xFE] + Array(".json".utf8)
        let descriptor = open(input.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        _ = Self.stylesheet.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
        let run = try CLI.run(rawArguments: [Array("build".utf8), input, Array("-o".utf8), output], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        var status = stat()
        #expect(stat(output.map { CChar(bitPattern: $0) } + [0], &status) == 0 && status.st_size > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 3)  // s.less and the two odd names
    }

    @Test func anOutputNameOf255BytesIsWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = String(repeating: "t", count: 250) + ".json"
        #expect(name.utf8.count == 255)
        #expect(try CLI.run(["build", "s.less", "-o", name], in: folder).status == 0)
        #expect(Self.contents(folder + "/" + name)?.hasPrefix("{") == true)
    }
}

/// A value shared between threads under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
