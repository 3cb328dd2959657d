import Foundation
import Testing

/// Runs the built `reflc` binary as a user would and checks what it prints,
/// its exit status, and what it leaves on disk.
struct CommandLineTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// `reflc` sits beside the test bundle in the build folder.
    static let binary: String = {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("reflc").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("reflc").path
    }()

    /// Runs reflc with `arguments` in `directory`. Its standard output goes
    /// to a file, or to `standardOutput` (a path such as `/dev/full`), or to
    /// a pipe whose reading end is already closed; likewise standard error.
    static func run(_ arguments: [String], in directory: String = packageRoot, standardOutput: String? = nil,
                    standardError: String? = nil, closedStandardOutput: Bool = false, standardInput: String? = nil,
                    environment: [String: String]? = nil) throws -> Run {
        let process = Process()
        if let environment { process.environment = environment }
        let standardInputPath = NSTemporaryDirectory() + "reflc-stdin-" + UUID().uuidString
        if let standardInput {
            try standardInput.write(toFile: standardInputPath, atomically: true, encoding: .utf8)
            process.standardInput = FileHandle(forReadingAtPath: standardInputPath)
        }
        defer { try? FileManager.default.removeItem(atPath: standardInputPath) }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        // Files, not pipes: a child filling one pipe while the other is read would block.
        let base = NSTemporaryDirectory() + "reflc-run-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: standardOutput ?? base + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: standardError ?? base + ".err"))
        if closedStandardOutput {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = FileManager.default.contents(atPath: base + ".out") ?? Data()
        let errData = FileManager.default.contents(atPath: base + ".err") ?? Data()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs reflc with arguments given as bytes (which need not be UTF-8:
    /// `Process` takes only strings), through `posix_spawn`.
    static func run(rawArguments: [[UInt8]], in directory: String) throws -> Run {
        let base = NSTemporaryDirectory() + "reflc-run-" + UUID().uuidString
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        let command = "cd \"$1\" && shift && exec \"$@\" >\"\(base).out\" 2>\"\(base).err\""
        let strings = [Array("/bin/sh".utf8), Array("-c".utf8), Array(command.utf8), Array("sh".utf8), Array(directory.utf8),
                       Array(binary.utf8)] + rawArguments
        let cStrings = strings.map { bytes -> UnsafeMutablePointer<CChar>? in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        defer { for pointer in cStrings { pointer?.deallocate() } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", nil, nil, cStrings, environ) == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let outData = FileManager.default.contents(atPath: base + ".out") ?? Data()
        let errData = FileManager.default.contents(atPath: base + ".err") ?? Data()
        return Run(status: (status >> 8) & 0xFF, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "reflc-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let seed = "Fixtures/compile/seed-example/main.less"

    // MARK: - build

    @Test func buildWritesTheTableAndReportsTwoWarnings() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/styles.json"
        let run = try Self.run(["build", Self.seed, "-o", output])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.components(separatedBy: ": warning: ").count - 1 == 2)
        #expect(run.stderr.hasSuffix("2 warnings generated.\n"))
        let expected = try String(contentsOfFile: Self.packageRoot + "/Fixtures/compile/seed-example/expected.json", encoding: .utf8)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == expected)
    }

    @Test func buildToStdoutIsTheSameBytesEveryTime() throws {
        let first = try Self.run(["build", Self.seed])
        let second = try Self.run(["build", Self.seed, "-o", "-"])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.hasPrefix("{\n  \"version\": 3,"))
    }

    /// A binary table is not written to a terminal: a usage error, with
    /// where the help is, as every usage error has. `script` (util-linux)
    /// gives the command a terminal as its standard output.
    @Test func aBinaryTableIsNotWrittenToATerminal() throws {
        let script = "/usr/bin/script"
        #if !os(Linux)
        print("skipped: the test runs util-linux's script, which BSD script's options differ from")
        return
        #endif
        guard FileManager.default.isExecutableFile(atPath: script) else {
            print("skipped: \(script) (util-linux), which runs a command on a terminal, is not installed")
            return
        }
        let errors = NSTemporaryDirectory() + "reflc-terminal-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", "'\(Self.binary)' build '\(Self.seed)' --format binary 2>'\(errors)'", "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: Self.packageRoot)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
                == "reflc: error: a binary table is not written to a terminal; give -o FILE or redirect standard output\n"
                + "run 'reflc build --help' for usage\n")
    }

    @Test func warningsAsErrorsFailTheBuildAndKeepTheOutput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/styles.json"
        try "previous contents".write(toFile: output, atomically: true, encoding: .utf8)
        for flags in [["--warnings-as-errors"], ["-W", "error"], ["-W=error"]] {
            let run = try Self.run(["build", "Fixtures/compile/warnings/main.less", "-o", output] + flags)
            #expect(run.status == 1, "\(flags)")
            #expect(!run.stderr.contains(": warning: "))
            #expect(run.stderr.contains("main.less:19:5: error: '__condition' in a rule without ':__where' still applies; "
                                        + "add ':__where' to the selector to say so [--warnings-as-errors]\n"))
            #expect(run.stderr.hasSuffix("15 errors generated.\n"))
            #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous contents")
        }
        let resolve = try Self.run(["resolve", "Fixtures/compile/warnings/main.less", "--class", "UIView", "--warnings-as-errors"])
        #expect(resolve.status == 1 && resolve.stdout.isEmpty)
        #expect(try Self.run(["build", Self.seed, "-W", "all"]).stderr.hasPrefix("reflc: error: -W takes 'error', found 'all'\n"))
        // Without warnings, the flag changes nothing.
        #expect(try Self.run(["build", Self.embedding, "--warnings-as-errors", "-o", output]).status == 0)
    }

    @Test func failedBuildLeavesExistingOutputUntouched() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/styles.json"
        try "previous contents".write(toFile: output, atomically: true, encoding: .utf8)
        let run = try Self.run(["build", "Fixtures/errors/three-independent-errors.less", "-o", output])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("3 errors generated.\n"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "previous contents")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["styles.json"])
    }

    @Test func everyErrorFixtureExitsOneAndKeepsTheOutput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/out.json"
        try "keep".write(toFile: output, atomically: true, encoding: .utf8)
        let errors = Self.packageRoot + "/Fixtures/errors"
        for entry in try FileManager.default.contentsOfDirectory(atPath: errors).sorted() {
            let input = entry.hasSuffix(".less") ? "Fixtures/errors/" + entry
                : (entry.contains(".") ? nil : "Fixtures/errors/\(entry)/main.less")
            guard let input else { continue }
            let run = try Self.run(["build", input, "-o", output])
            #expect(run.status == 1, "\(input)")
            #expect(run.stderr.contains(": error: "), "\(input)")
            #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep", "\(input)")
        }
    }

    @Test func unwritableOutputsExitTwo() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A missing folder is made, as lessc and sass do; a file where a folder should be is refused.
        let missingFolder = try Self.run(["build", Self.seed, "-o", folder + "/no/such/folder/out.json", "-q"])
        #expect(missingFolder.status == 0, "\(missingFolder.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/no/such/folder/out.json"))
        _ = FileManager.default.createFile(atPath: folder + "/plain", contents: Data("x".utf8))
        let underAFile = try Self.run(["build", Self.seed, "-o", folder + "/plain/out.json", "-q"])
        #expect(underAFile.status == 2)
        #expect(underAFile.stderr == "reflc: error: cannot write '\(folder)/plain/out.json': '\(folder)/plain' is not a folder\n")
        let isDirectory = try Self.run(["build", Self.seed, "-o", folder])
        #expect(isDirectory.status == 2)
        #expect(isDirectory.stderr == "reflc: error: cannot write '\(folder)': is a directory\n")
    }

    @Test func unwritableOutputLocationExitsTwoAndLeavesNothing() throws {
        let run = try Self.run(["build", Self.seed, "-o", "/proc/reflc-cannot-write-here.json"])
        #expect(run.status == 2)
        // The folder is named: the file is written beside itself, then renamed over.
        #expect(run.stderr.hasPrefix("reflc: error: cannot write '/proc/reflc-cannot-write-here.json': cannot make a file in its folder '/proc' ("))
    }

    @Test func aFifoAsInputIsRefusedNotWaitedOn() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        mkfifo(folder + "/input.less", 0o644)
        let run = try Self.run(["build", folder + "/input.less"])
        #expect(run.status == 2)
        #expect(run.stderr == "reflc: error: cannot read '\(folder)/input.less': is not a regular file\n")
    }

    @Test func unreadableInputsExitTwo() throws {
        let missing = try Self.run(["build", "no-such-file.less"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "reflc: error: cannot read 'no-such-file.less': no such file or directory\n")
        let directory = try Self.run(["build", "Fixtures"])
        #expect(directory.status == 2)
        #expect(directory.stderr == "reflc: error: cannot read 'Fixtures': is a directory\n")
    }

    /// A minified stylesheet of over 11 MB on a single line: compiles,
    /// and the last rule's column is exact (columns are counted once along
    /// the line, not from its start for every rule).
    @Test func anElevenMegabyteSingleLineStylesheetCompiles() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var source = "@v:1px;"
        var lastColumn = 0
        for index in 0..<260_000 {
            if index == 259_999 { lastColumn = source.utf8.count + 1 }
            source += "App.V\(index):t\(index % 50){a:\(index % 300)px;b:rgb(\(index % 256),0,0);c:@v;}"
        }
        #expect(source.utf8.count > 11_000_000)
        try source.write(toFile: folder + "/big.less", atomically: true, encoding: .utf8)
        let run = try Self.run(["build", folder + "/big.less", "-o", folder + "/big.json"])
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: folder + "/big.json"))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size - 2000)
        let tail = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        #expect(tail.contains(#""raw": "App.V259999:t49""#))
        #expect(tail.contains(#""source": {"file": "big.less", "line": 1, "column": \#(lastColumn)}"#))
        try FileManager.default.removeItem(atPath: folder)
    }

    // MARK: - usage

    @Test func usageErrorsExitTwo() throws {
        #expect(try Self.run([]).status == 2)
        #expect(try Self.run(["frobnicate"]).status == 2)
        #expect(try Self.run(["build"]).status == 2)
        let unknownOption = try Self.run(["build", Self.seed, "--outptu", "x.json"])
        #expect(unknownOption.status == 2)
        #expect(unknownOption.stderr.hasPrefix("reflc: error: unknown option '--outptu'; did you mean '--output'?"))
    }

    /// `--format tokens` writes the variables as design tokens; the token
    /// files the stylesheet imports are in the depfile.
    @Test func designTokensOut() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run(["build", "Fixtures/compile/design-tokens/main.less", "--format", "tokens",
                                "-o", folder + "/out.tokens.json", "--depends", folder + "/out.d"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("main.less:1:1") == false)
        #expect(run.stderr.contains("warning: @font-heading-family is left out of the tokens: a string has no token form"))
        let tokens = try String(contentsOfFile: folder + "/out.tokens.json", encoding: .utf8)
        #expect(tokens.hasPrefix("{\n  \"version\": \"2025.10\","))
        #expect(tokens.contains("\"color-green\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [0.184, 0.42, 0.227], \"hex\": \"#2f6b3a\" }, \"$description\": \"The brand green, for primary actions\" }"))
        let depfile = try String(contentsOfFile: folder + "/out.d", encoding: .utf8)
        #expect(depfile.contains("tokens/theme.resolver.json") && depfile.contains("tokens/palette.tokens.json")
                && depfile.contains("tokens/dark.tokens.json"))
    }

    @Test func helpAndVersion() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: reflc COMMAND"))
        let buildHelp = try Self.run(["build", "--help"])
        #expect(buildHelp.status == 0)
        #expect(buildHelp.stdout.hasPrefix("usage: reflc build INPUT.less [-o OUT] [--format json|binary|tokens]"))
        let version = try Self.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("reflc "))
    }

    // MARK: - resolve

    static let embedding = "Fixtures/compile/embedding/main.less"
    static let query = ["--class", "MyApp.TitleLabel", "--superclass", "UILabel", "--superclass", "UIView",
                        "--trait", "headline", "--idiom", "pad", "--size", "1024x768", "--bounds", "300x44",
                        "--external", "darkMode=true"]

    @Test func resolveGivesTheSameAnswerFromLessAndFromTheTable() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["build", Self.embedding, "-o", folder + "/table.json"]).status == 0)
        #expect(try Self.run(["build", Self.embedding, "--format", "binary", "-o", folder + "/table.reflb"]).status == 0)
        let fromLess = try Self.run(["resolve", Self.embedding] + Self.query)
        let fromTable = try Self.run(["resolve", folder + "/table.json"] + Self.query)
        let fromBinary = try Self.run(["resolve", folder + "/table.reflb"] + Self.query)
        #expect(fromLess.status == 0 && fromTable.status == 0 && fromBinary.status == 0)
        #expect(fromLess.stdout == fromTable.stdout)
        #expect(fromLess.stdout == fromBinary.stdout)
        #expect(fromLess.stdout == ##"{"properties":{"font":{"type":"font","name":"system","size":{"type":"number","value":4.4},"system":true},"textColor":{"type":"color","rgba":[0.1,0.5,0.9,1],"hex":"#1a80e6ff"}},"important":["font"],"states":{}}"## + "\n")
        let withoutDarkMode = try Self.run(["resolve", folder + "/table.json"] + Self.query.dropLast(2))
        #expect(withoutDarkMode.stdout.contains("#1c1c1eff"))
    }

    static let contextSelectors = "Fixtures/compile/context-selectors/main.less"

    /// `--ancestor`: the view's ancestors, nearest first, with superclasses
    /// given or taken from the `@view` declarations and the UIKit schema;
    /// `--explain` says which ancestor each step matched.
    @Test func resolveTakesAncestors() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["build", Self.contextSelectors, "-o", folder + "/table.json"]).status == 0)
        #expect(try Self.run(["build", Self.contextSelectors, "--format", "binary", "-o", folder + "/table.reflb"]).status == 0)
        let button = ["--class", "UIButton", "--ancestor", "UIStackView", "--ancestor", "MyApp.ProfileHeader"]
        for input in [Self.contextSelectors, folder + "/table.json", folder + "/table.reflb"] {
            let run = try Self.run(["resolve", input] + button)
            #expect(run.stdout.contains("#008000ff"), "\(input): \(run.stdout)")  // green: three steps beat two
            // Not directly inside the stack view: the two-step rule.
            let apart = try Self.run(["resolve", input, "--class", "UIButton", "--ancestor", "UIView", "--ancestor", "UIStackView",
                                      "--ancestor", "MyApp.ProfileHeader"])
            #expect(apart.stdout.contains("#0000ffff"), "\(input): \(apart.stdout)")
            // A view controller's class chain given after '/' (a binary table holds no @view declarations).
            let label = try Self.run(["resolve", input, "--class", "UILabel", "--trait", "caption", "--ancestor", "UIView",
                                      "--ancestor", "MyApp.SettingsViewController/UIViewController"])
            #expect(label.stdout.contains("\"textStyle\":\"footnote\""), "\(input): \(label.stdout)")
        }
        // Without superclasses, the UIKit schema says a table view is a scroll view.
        let derived = try Self.run(["resolve", Self.contextSelectors, "--class", "UILabel", "--ancestor", "UITableView"])
        #expect(derived.stdout.contains("\"textStyle\":\"body\""), "\(derived.stdout)")
        let explained = try Self.run(["resolve", Self.contextSelectors, "--explain"] + button)
        #expect(explained.stdout.contains("""
            titleColor = #008000
              set by     MyApp.ProfileHeader UIStackView > UIButton  main.less:5  (priority 50)
                context  MyApp.ProfileHeader = ancestor 2 (MyApp.ProfileHeader)
                context  UIStackView = ancestor 1 (UIStackView)
              overrides  MyApp.ProfileHeader UIButton  main.less:4  (priority 50)  #0000ff
            """), "\(explained.stdout)")
    }

    static let languageTwo = "Fixtures/compile/language-2/main.less"

    /// Dark mode, an accessibility size and control states, from the source
    /// and from the table built from it.
    @Test func resolveTakesTheVersionTwoEnvironmentAndPrintsStates() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["build", Self.languageTwo, "-o", folder + "/table.json"]).status == 0)
        let label = ["--class", "UILabel", "--trait", "body", "--appearance", "dark", "--content-size", "accessibility-large"]
        #expect(try Self.run(["build", Self.languageTwo, "--format", "binary", "-o", folder + "/table.bin"]).status == 0)
        for input in [Self.languageTwo, folder + "/table.json", folder + "/table.bin"] {
            let run = try Self.run(["resolve", input] + label)
            #expect(run.status == 0)
            #expect(run.stdout == ##"{"properties":{"font":{"type":"font","name":"Avenir-Book","size":{"type":"number","value":31.06,"unit":"pt"},"system":false,"textStyle":"body"},"numberOfLines":{"type":"number","value":0},"textColor":{"type":"color","rgba":[0.94902,0.94902,0.96863,1],"hex":"#f2f2f7ff"}},"important":[],"states":{}}"## + "\n")
            let button = try Self.run(["resolve", input, "--class", "UIButton", "--trait", "primary"])
            #expect(button.stdout.hasSuffix(##""states":{"highlighted":{"alpha":{"type":"number","value":0.6},"titleColor":{"type":"color","rgba":[0.55686,0.55686,0.57647,1],"hex":"#8e8e93ff"}},"disabled":{"titleColor":{"type":"color","rgba":[0.55686,0.55686,0.57647,1],"hex":"#8e8e93ff"}},"highlighted,selected":{"backgroundImage":{"type":"image","fill":{"type":"color","rgba":[0.55686,0.55686,0.57647,1],"hex":"#8e8e93ff"}}}}}"## + "\n"))
            let sidebar = ["resolve", input, "--class", "UIView", "--trait", "sidebar", "--idiom", "pad"]
            #expect(try Self.run(sidebar).stdout.contains(#""hidden""#))
            #expect(try !Self.run(sidebar + ["--external", "compactLayout=true"]).stdout.contains(#""hidden""#))
            #expect(try Self.run(sidebar + ["--layout-direction", "rtl"]).stdout.contains("forceRightToLeft"))
            let vision = try Self.run(["resolve", input, "--class", "UIView", "--trait", "vision", "--flag", "bold-text"])
            #expect(vision.stdout.contains(#""alpha""#))
        }
        let explained = try Self.run(["resolve", Self.languageTwo, "--class", "UIButton", "--trait", "primary", "--explain"])
        #expect(explained.stdout.contains("titleColor[highlighted] = #8e8e93\n"
                                          + "  set by     UIButton:primary  main.less:69  (priority 75)\n"))
    }

    /// `--explain` writes a font of a text style at its size at `large`, as
    /// a stylesheet writes it, and the size it resolved to after it: written
    /// at that size, the font would be scaled a second time.
    @Test func explainWritesAFontOfATextStyleAsWrittenAndItsSizeHere() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/fonts.less"
        try "UILabel {\n    font: font(body);\n}\nUILabel:t {\n    font: font('Avenir', 16pt, headline);\n}\n".write(toFile: input, atomically: true, encoding: .utf8)
        let query = ["resolve", input, "--class", "UILabel", "--trait", "t", "--explain"]
        #expect(try Self.run(query + ["--content-size", "extra-small"]).stdout == """
            font = font('Avenir', 16pt, headline)  (13.18pt at extra-small)
              set by     UILabel:t  fonts.less:4  (priority 75)
              overrides  UILabel  fonts.less:1  (priority 50)  font(body)  (14pt at extra-small)

            """)
        #expect(try Self.run(query + ["--content-size", "large"]).stdout.hasPrefix("font = font('Avenir', 16pt, headline)\n"))
        // The size at `large` is the one written, not one worked back from the rounded size (10pt, not 10.01pt),
        // and a font inside text attributes is written so too.
        try "UILabel { font: font('Avenir', 10pt, headline); }\nUIButton { title-text-attributes[highlighted]: text-attributes(font: font(body)); }\n"
            .write(toFile: input, atomically: true, encoding: .utf8)
        #expect(try Self.run(["resolve", input, "--class", "UILabel", "--content-size", "extra-small", "--explain"]).stdout
                .hasPrefix("font = font('Avenir', 10pt, headline)  (8.24pt at extra-small)\n"))
        #expect(try Self.run(["resolve", input, "--class", "UIButton", "--content-size", "extra-small", "--explain"]).stdout
                .hasPrefix("titleTextAttributes[highlighted] = text-attributes(font: font(body))  (14pt at extra-small)\n"))
    }

    /// A binary table written to a file goes out section by section; on
    /// standard output it is put together first: the same bytes, and those
    /// of the writer that put every table together (its size and checksum
    /// taken before the file was written in sections).
    @Test func aBinaryTableIsTheSameInAFileAndOnStandardOutput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = "Fixtures/tables/version-3-kinds.less"
        #expect(try Self.run(["build", input, "--format", "binary", "-o", folder + "/file.reflb"]).status == 0)
        _ = FileManager.default.createFile(atPath: folder + "/stdout.reflb", contents: nil)
        #expect(try Self.run(["build", input, "--format", "binary", "-o", "-"], standardOutput: folder + "/stdout.reflb").status == 0)
        let file = try Data(contentsOf: URL(fileURLWithPath: folder + "/file.reflb"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/stdout.reflb")) == file)
        #expect(file.count == 1768)
        #expect(Array(file.suffix(8)) == [0xBC, 0x22, 0x4D, 0xAE, 0xF3, 0x7F, 0x24, 0xD1])
    }

    @Test func binaryTables() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let binary = try Self.run(["build", Self.embedding, "--format", "binary"])
        #expect(binary.status == 0)
        #expect(binary.stdout.utf8.starts(with: [0xEF, 0xBF, 0xBD, 0x52, 0x45, 0x46, 0x4C, 0x42]))  // the magic, 0x89 read as U+FFFD
        #expect(try Self.run(["build", Self.embedding, "--format", "yaml"]).stderr.hasPrefix("reflc: error: unknown table format 'yaml'; expected json, binary or tokens"))
        // Named like JSON, told apart by content.
        #expect(try Self.run(["build", Self.embedding, "--format", "binary", "-o", folder + "/looks.json"]).status == 0)
        #expect(try Self.run(["resolve", folder + "/looks.json"] + Self.query).stdout.contains("#1a80e6ff"))
        // A damaged table is one line saying what is wrong, and exit 1.
        let whole = try Data(contentsOf: URL(fileURLWithPath: folder + "/looks.json"))
        try whole.prefix(200).write(to: URL(fileURLWithPath: folder + "/cut.reflb"))
        let cut = try Self.run(["resolve", folder + "/cut.reflb", "--class", "UIView"])
        #expect(cut.status == 1)
        #expect(cut.stderr == folder + "/cut.reflb: error: malformed binary rule table: truncated: the header gives a length of \(whole.count) bytes, the file has 200 (at byte 16)\n")
    }

    @Test func aVersionOneTableStillResolves() throws {
        let run = try Self.run(["resolve", "Fixtures/tables/embedding-v1.json"] + Self.query)
        #expect(run.status == 0)
        #expect(run.stdout == ##"{"properties":{"font":{"type":"font","name":"system","size":{"type":"number","value":4.4},"system":true},"textColor":{"type":"color","rgba":[0.1,0.5,0.9,1],"hex":"#1a80e6ff"}},"important":["font"],"states":{}}"## + "\n")
    }

    @Test func explainNamesWinnersAndOverriddenRulesWithFileAndLine() throws {
        let run = try Self.run(["resolve", Self.embedding, "--explain"] + Self.query)
        #expect(run.status == 0)
        // Each value as a stylesheet writes it: for people, unlike the JSON of a plain `resolve`.
        #expect(run.stdout.contains("textColor = rgb(25.5, 127.5, 229.5)\n"
                                    + "  set by     UILabel:headline:__where  main.less:17  (priority 99)\n"
                                    + "  overrides  UILabel  main.less:7  (priority 50)  #1c1c1e\n"))
        #expect(run.stdout.contains("font = font('system', 4.4) !important\n"))
    }

    @Test(arguments: [
        (["--idiom", "ipad"], "reflc: error: --idiom takes phone, pad, tv, carplay, mac, vision or unspecified, found 'ipad'; did you mean 'pad'?\n"),
        (["--content-size", "huge"], "reflc: error: --content-size takes extra-small, small, medium, large, extra-large, extra-extra-large, "
            + "extra-extra-extra-large, accessibility-medium, accessibility-large, accessibility-extra-large, "
            + "accessibility-extra-extra-large, accessibility-extra-extra-extra-large or unspecified, found 'huge'\n"),
        (["--flag", "dark"], "reflc: error: --flag takes reduce-motion, reduce-transparency or bold-text, found 'dark'\n"),
        (["--size", "12"], "reflc: error: --size takes WIDTHxHEIGHT in points, such as 390x844, found '12'\n"),
        (["--bounds", "axb"], "reflc: error: --bounds takes WIDTHxHEIGHT in points, such as 390x844, found 'axb'\n"),
        (["--horizontal", "big"], "reflc: error: --horizontal takes regular, compact or unspecified, found 'big'\n"),
        (["--external", "dark"], "reflc: error: --external takes NAME=true or NAME=false, found 'dark'\n"),
        (["--os-version", "17.2.1"], "reflc: error: --os-version takes a version such as 17 or 16.4, found '17.2.1'\n"),
        (["--scale", "0"], "reflc: error: --scale takes the screen's scale, a positive number such as 3, found '0'\n"),
        (["--class", ""], "reflc: error: --class takes a class name, found ''\n"),
        (["--superclass", ""], "reflc: error: --superclass takes a class name, found ''\n"),
        (["--trait", ""], "reflc: error: --trait takes a trait name, found ''\n"),
        (["--ancestor", ":caption"], "reflc: error: --ancestor takes CLASS[:TRAIT]...[/SUPERCLASS]... or a trait alone, found ':caption'\n"),
        (["--ancestor", "UILabel::caption"], "reflc: error: --ancestor takes CLASS[:TRAIT]...[/SUPERCLASS]... or a trait alone, found 'UILabel::caption'\n"),
        (["--ancestor", "MyApp.Header/"], "reflc: error: --ancestor takes CLASS[:TRAIT]...[/SUPERCLASS]... or a trait alone, found 'MyApp.Header/'\n"),
        (["--ancestor", ""], "reflc: error: --ancestor takes CLASS[:TRAIT]...[/SUPERCLASS]... or a trait alone, found ''\n"),
    ])
    func badFlagValuesExitTwo(_ flags: [String], _ message: String) throws {
        let run = try Self.run(["resolve", Self.embedding, "--class", "UIView"] + flags)
        #expect(run.status == 2)
        #expect(run.stderr == message + "run 'reflc resolve --help' for usage\n")
    }

    /// `os-version` and `scale` conditions answer to the flags that give them.
    @Test func resolveTakesTheOSVersionAndTheScale() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "UIView:__where { __condition: 'os-version >= 17 and scale = 3'; alpha: 0.5; }\n"
            .write(toFile: folder + "/main.less", atomically: true, encoding: .utf8)
        let matched = try Self.run(["resolve", folder + "/main.less", "--class", "UIView", "--os-version", "17.2", "--scale", "3"])
        #expect(matched.stdout.contains("\"alpha\":{\"type\":\"number\",\"value\":0.5}"), "\(matched.stdout)")
        let unknown = try Self.run(["resolve", folder + "/main.less", "--class", "UIView", "--scale", "3"])
        #expect(unknown.status == 0 && !unknown.stdout.contains("alpha"))
    }

    /// A class or trait nothing names gives an empty style: said on
    /// standard error, with the likely spelling, and the answer still printed.
    @Test func resolveWarnsOfAClassOrTraitNothingNames() throws {
        let typo = try Self.run(["resolve", Self.embedding, "--class", "UILable", "--trait", "headlin"])
        #expect(typo.status == 0 && typo.stdout == "{\"properties\":{},\"important\":[],\"states\":{}}\n")
        #expect(typo.stderr == """
            reflc: warning: no rule names the class 'UILable', nor is it a UIKit class or declared with @view; did you mean 'UILabel'?
            reflc: warning: no rule names the trait 'headlin'; did you mean 'headline'?

            """)
        // A class of the app's own, known by its superclass; a UIKit class no rule names.
        for known in [["MyApp.TitleLabel", "--superclass", "UILabel"], ["UIStackView"]] {
            let run = try Self.run(["resolve", Self.embedding, "--class"] + known)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(known): \(run.stderr)")
        }
        #expect(try Self.run(["resolve", Self.embedding, "--class", "UILable", "-q"]).stderr.isEmpty)
    }

    /// Without --superclass, the class's superclasses come from the
    /// stylesheet's @view declarations and the UIKit schema: a UIView rule
    /// for subclasses reaches a UIButton, as it does in an app.
    @Test func resolveFindsTheSuperclassesOfAClass() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            @view MyApp.Card: UIButton { }
            UIView { apply-to-subclasses: true; alpha: 0.5; }
            """.write(toFile: folder + "/main.less", atomically: true, encoding: .utf8)
        let subclassed = "\"alpha\":{\"type\":\"number\",\"value\":0.5}"
        for className in ["UIButton", "MyApp.Card"] {
            let run = try Self.run(["resolve", folder + "/main.less", "--class", className])
            #expect(run.status == 0 && run.stdout.contains(subclassed) && run.stderr.isEmpty, "\(className): \(run)")
        }
        // Superclasses given are the whole chain.
        let given = try Self.run(["resolve", folder + "/main.less", "--class", "UIButton", "--superclass", "UIControl"])
        #expect(given.status == 0 && !given.stdout.contains("alpha"))
    }

    @Test func resolveNeedsAClassAndReportsBrokenInputs() throws {
        #expect(try Self.run(["resolve", Self.embedding]).status == 2)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "{\"version\": 1, \"rules\": []}".write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let malformed = try Self.run(["resolve", folder + "/bad.json", "--class", "UIView"])
        #expect(malformed.status == 1)
        #expect(malformed.stderr.contains("bad.json:1:1: error: malformed rule table: table.variables: missing"))
        // A design-token file (or resolver document) is not a table: said so, and how it is used.
        for tokens in ["palette.tokens.json", "theme.resolver.json"] {
            let run = try Self.run(["resolve", "Fixtures/compile/design-tokens/tokens/" + tokens, "--class", "UIView"])
            #expect(run.status == 1)
            #expect(run.stderr.contains("this is a design-token file, not a rule table: import it into a stylesheet with '@import tokens(\"...\")'"),
                    "\(run.stderr)")
        }
        let broken = try Self.run(["resolve", "Fixtures/errors/missing-colon.less", "--class", "UIView"])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("error: expected ':'"))
    }

    // MARK: - parse

    @Test func parsePrintsTheSeedExampleTree() throws {
        let run = try Self.run(["parse", Self.seed])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("stylesheet \(Self.seed)\n  namespace @global @3:1\n    variable @blue @4:2\n"))
    }

    @Test func parseOfRandomBytesReportsAndExitsOne() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var generator = SystemRandomNumberGenerator()
        for index in 0..<20 {
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = folder + "/random\(index).less"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let run = try Self.run(["parse", path])
            #expect(run.status == 1)
            #expect(run.stderr.contains(": error: "))
        }
    }

    // MARK: - tokens

    /// The listing goes to stdout, the lexer's errors in it; the errors are
    /// also diagnostics on stderr, in the form every command gives them.
    @Test func tokensListsTheTokensAndReportsLexicalErrorsAsDiagnostics() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("UIView { text: \"abc\n}\n".utf8).write(to: URL(fileURLWithPath: folder + "/broken.less"))
        let run = try Self.run(["tokens", "broken.less"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout == """
            1:1 identifier 'UIView'
            1:8 leftBrace '{'
            1:10 identifier 'text'
            1:14 colon ':'
            1:16 unterminatedString '"abc'
            2:1 rightBrace '}'
            3:1 endOfFile
            1:16 error: unterminated string; expected a closing " before the end of the line

            """)
        #expect(run.stderr == """
            broken.less:1:16: error: unterminated string; expected a closing " before the end of the line
            UIView { text: "abc
                           ^
            1 error generated.

            """)
        let clean = try Self.run(["tokens", Self.seed])
        #expect(clean.status == 0 && clean.stderr.isEmpty && clean.stdout.hasSuffix(" endOfFile\n"))
        let option = try Self.run(["tokens", "--bogus", Self.seed])
        #expect(option.status == 2)
        #expect(option.stderr == "reflc: error: unknown option '--bogus'\nrun 'reflc tokens --help' for usage\n")
    }

    @Test func usageErrorsSayWhereHelpIsAndCommandsGetADidYouMean() throws {
        let typo = try Self.run(["bulid", "main.less"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "reflc: error: unknown command 'bulid'; did you mean 'build'?\nrun 'reflc --help' for the list of commands\n")
        let option = try Self.run(["build", Self.seed, "--formt", "binary"])
        #expect(option.status == 2)
        #expect(option.stderr == "reflc: error: unknown option '--formt'; did you mean '--format'?\nrun 'reflc build --help' for usage\n")
        let missing = try Self.run(["fmt"])
        #expect(missing.stderr == "reflc: error: fmt needs at least one file\nrun 'reflc fmt --help' for usage\n")
        let version = try Self.run(["--verison"])
        #expect(version.stderr == "reflc: error: unknown command '--verison'; did you mean '--version'?\nrun 'reflc --help' for the list of commands\n")
    }

    /// A misspelt option value gets a "did you mean", and every bad value
    /// says where the command's help is.
    @Test func badOptionValuesSayWhatWasMeantAndWhereHelpIs() throws {
        let format = try Self.run(["build", Self.seed, "--format", "binay"])
        #expect(format.status == 2)
        #expect(format.stderr == "reflc: error: unknown table format 'binay'; expected json, binary or tokens; did you mean 'binary'?\n"
                + "run 'reflc build --help' for usage\n")
        let watchFormat = try Self.run(["watch", Self.seed, "-o", "out.json", "--format", "jsn"])
        #expect(watchFormat.stderr == "reflc: error: unknown table format 'jsn'; expected json or binary; did you mean 'json'?\n"
                + "run 'reflc watch --help' for usage\n")
        let diagnostics = try Self.run(["build", Self.seed, "--diagnostics", "jsn"])
        #expect(diagnostics.stderr == "reflc: error: --diagnostics takes text or json, found 'jsn'; did you mean 'json'?\n"
                + "run 'reflc build --help' for usage\n")
        let color = try Self.run(["fmt", Self.seed, "--check", "--color", "alwys"])
        #expect(color.stderr == "reflc: error: --color takes auto, always or never, found 'alwys'; did you mean 'always'?\n"
                + "run 'reflc fmt --help' for usage\n")
        let target = try Self.run(["build", Self.seed, "--deployment-target", "fifteen"])
        #expect(target.status == 2)
        #expect(target.stderr == "reflc: error: --deployment-target takes an iOS version such as 15.0, found 'fifteen'\n"
                + "run 'reflc build --help' for usage\n")
        let serve = try Self.run(["watch", Self.seed, "-o", "out.json", "--serve", "nope"])
        #expect(serve.status == 2)
        #expect(serve.stderr == "reflc: error: --serve takes [HOST:]PORT, such as 8080 or 0.0.0.0:8080, found 'nope'\n"
                + "run 'reflc watch --help' for usage\n")
    }

    /// A one-letter option takes its value written against it, as compilers do (`-Werror`, `-Ishared`).
    @Test func aOneLetterOptionTakesItsValueWrittenAgainstIt() throws {
        let folder = try ToolchainTests.folder(["main.less": "@import \"theme.less\";\nUIView { alfa: 1; background-color: @accent; }\n",
                                                "shared/theme.less": "@accent: #ff0000;\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let strict = try Self.run(["build", "main.less", "-Werror", "-Ishared", "-oout.json"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("main.less:2:10: error: 'alfa'"))
        let lenient = try Self.run(["build", "main.less", "-Ishared", "-oout.json"], in: folder)
        #expect(lenient.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/out.json"))
        let wrong = try Self.run(["build", "main.less", "-Wall"], in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("reflc: error: -W takes 'error', found 'all'"))
    }

    /// `reflc lsp` takes `--stdio` (what editors' generic clients pass) and
    /// nothing else.
    @Test func lspTakesStdioAndRefusesAnythingElse() throws {
        // Accepted: the server starts and, its input ending before any
        // `shutdown`, exits 1 as the protocol says (a usage error would be 2).
        let stdio = try Self.run(["lsp", "--stdio"], standardInput: "")
        #expect(stdio.status == 1)
        #expect(stdio.stderr == "")
        #expect(try Self.run(["lsp", "--help"]).stdout.hasPrefix("usage: reflc lsp [--stdio]\n"))
        let socket = try Self.run(["lsp", "--socket=8080"], standardInput: "")
        #expect(socket.status == 2)
        #expect(socket.stderr == "reflc: error: unknown option '--socket'\nrun 'reflc lsp --help' for usage\n")
        let pipe = try Self.run(["lsp", "--stdio", "--pipe"], standardInput: "")
        #expect(pipe.status == 2)
        #expect(pipe.stderr.hasPrefix("reflc: error: unknown option '--pipe'"))
        let positional = try Self.run(["lsp", "--stdio", "main.less"], standardInput: "")
        #expect(positional.status == 2)
        #expect(positional.stderr == "reflc: error: lsp takes no arguments\nrun 'reflc lsp --help' for usage\n")
    }
}
