#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval
import ReflLexer
import ReflTools

/// `reflc watch INPUT.less -o OUT`: builds, then rebuilds whenever the
/// stylesheet or a file it imports changes; `--serve` also serves each
/// good table to an app on a device.
enum WatchCommand {
    static let help = """
        usage: reflc watch INPUT.less -o OUT [--format json|binary] [--poll] [--serve [HOST:]PORT]
                           [--allow-host NAME]... [--warnings-as-errors] [--error-limit N]

        Builds INPUT.less into OUT as 'reflc build' does, then rebuilds it
        whenever INPUT.less or a file it imports changes — or a file an
        import that was not found is waiting for appears. Editors that save by
        renaming a new file over the old one are seen too; a burst of changes
        (a branch switch) is one build. Each build prints its diagnostics and
        one line: the rules and files built and the time taken, or the error
        count and 'OUT unchanged' ('OUT not written' while there is none yet).
        A failed build leaves OUT as it was. Ctrl-C or SIGTERM stops watching
        (exit 0), leaving no temporary file.

        With --serve, an HTTP server for an app on a device:
          GET /styles.json   the last good table (JSON), with an ETag (304 on If-None-Match)
          GET /styles.reflb  the same in the binary form
          GET /events        Server-Sent Events: an event per build (its ETag, or its diagnostics)
          GET /diagnostics   the last build's diagnostics
        HOST is 127.0.0.1 unless given; any other host is reachable from
        other machines, and reflc says so. PORT 0 lets the system choose.
        A request is answered only when its Host is localhost, a loopback
        address, an address of this machine, its host name or that name
        with .local, or a name given with --allow-host (421 otherwise): a
        web page cannot read the table through a name of its own.
        Limits: 256 clients (a new one takes the place of one that has read
        nothing, or not finished its request, for 5 s); a request header of
        16 KiB, its first line 8 KiB; 10 s to send it, 16 KiB sent after it;
        a client that takes less than 16 KiB of its response in 30 s is
        closed; an event of 64 KiB (a failed
        build's event carries the error count and the first diagnostics).

        options:
          -o, --output PATH      the table to keep up to date
          --format json|binary   the table's form (default json)
          --poll                 look at the files every 0.2 s instead of using file events
          --serve [HOST:]PORT    serve the table over HTTP (see above)
          --allow-host NAME      also answer requests for NAME (repeatable)
        \(CompilingCommand.inputHelp)
        \(DiagnosticOptions.help)
          -h, --help             show this help

        exit status: 0 stopped by a signal, 2 usage error, unreadable input at the
        start, or an output that cannot be written
        """

    /// Seconds between looks at the files with --poll.
    static let pollInterval = 0.2

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        let command: CompilingCommand
        switch CompilingCommand.parse(arguments, name: "watch", valued: ["-o", "--output", "--format", "--serve", "--allow-host"], switches: ["--poll"], help: help) {
        case .failure(let status): return status
        case .success(let parsed): command = parsed
        }
        let parsed = command.arguments, options = command.options
        guard let output = parsed.lastPath("--output") ?? parsed.lastPath("-o"), output.bytes != Array("-".utf8) else {
            return Console.fail("watch needs -o OUT, the table to keep up to date", help: help)
        }
        let format = parsed.last("--format") ?? "json"
        guard format == "json" || format == "binary" else {
            return Console.fail("unknown table format '\(format)'; expected json or binary"
                                + Suggestions.didYouMean(format, in: ["json", "binary"]), help: help)
        }
        var server: DevServer?
        if let serve = parsed.last("--serve") {
            switch serverAddress(serve) {
            case .failure(let problem): return Console.fail(problem.message, help: help)
            case .success(let (host, port)):
                do {
                    server = try DevServer(host: host, port: port, allowedHosts: parsed.all("--allow-host"))
                } catch {
                    return Console.fail(error.message)
                }
                if server?.isLoopback == false {
                    Console.writeError("reflc: warning: serving on \(host), which other machines can reach: anyone on the network can read the table\n")
                }
            }
        }
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher(method: parsed.has("--poll") ? .polling(interval: pollInterval) : .events)
        } catch {
            return Console.fail(error.description)
        }
        guard !command.readsStandardInput else {
            return Console.fail("watch needs a file to watch, not standard input", help: help)
        }
        var session = Session(input: command.input, output: output, binary: format == "binary",
                              options: options, includePaths: command.includePaths, server: server)
        TemporaryNames.deliverStopSignals(to: watcher.stopDescriptor)
        if let server {
            server.start()
            Console.writeOut("serving http://\(server.address)/styles.json (and /styles.reflb, /events, /diagnostics)\n")
        }
        // The entry file is measured before the first build reads it, so a
        // save during that build is not missed.
        watcher.watch([session.input])
        if let failure = session.build(whenHandled: watcher.handled) {
            server?.stop()
            return failure
        }
        watcher.watch(session.watched, readAs: session.read)
        Console.writeOut("watching \(session.watched.count) file\(session.watched.count == 1 ? "" : "s"); Ctrl-C stops\n")
        while let changed = watcher.nextChange() {
            Console.writeOut("\(clock()) changed: \(changed.map { $0.relative(to: Session.workingDirectory).description }.joined(separator: ", "))\n")
            _ = session.build(whenHandled: watcher.handled)
            watcher.watch(session.watched, readAs: session.read)
        }
        server?.stop()
        Console.writeOut("\(clock()) stopped\n")
        return .success
    }

    /// One watch: what was built last, and the files to watch for the next build.
    struct Session {
        let input: FilePath
        let output: FilePath
        let binary: Bool
        let options: DiagnosticOptions
        let includePaths: [FilePath]
        let server: DevServer?
        private(set) var watched: [FilePath] = []
        /// The files the last build read, as it read them (see `FileWatcher.watch(_:readAs:)`).
        private(set) var read: [(path: FilePath, identity: FileSystem.FileIdentity)] = []
        private var builds = 0
        private var snapshot = DevServer.Snapshot()
        private var diagnosticJSON = DiagnosticJSON()

        init(input: FilePath, output: FilePath, binary: Bool, options: DiagnosticOptions, includePaths: [FilePath],
             server: DevServer?) {
            self.input = input
            self.output = output
            self.binary = binary
            self.options = options
            self.includePaths = includePaths
            self.server = server
        }

        static let workingDirectory: FilePath = {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            return getcwd(&buffer, buffer.count) != nil ? FilePath(bytes: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }) : FilePath("/")
        }()

        /// `OUT unchanged`, or `OUT not written` while there is no OUT yet
        /// (the first build failed).
        private var outputLeftAsItWas: String {
            FileSystem.exists(output, folders: nil) ? "\(output) unchanged" : "\(output) not written"
        }

        /// Builds once and reports; a failure returned is one that ends the
        /// watch (at the first build, the entry file cannot be read or the
        /// output cannot be written). `whenHandled` is called once the files
        /// are read and compiled, before anything is reported or written:
        /// a save made from then on, as soon as the table or the errors are
        /// seen, is a new change (see `FileWatcher.handled()`).
        mutating func build(whenHandled: () -> Void) -> Console.ExitStatus? {
            builds += 1
            let start = MonotonicClock.now()
            let result: CompileResult
            do {
                result = try Compiler.compile(entryPath: input, errorLimit: options.errorLimit, includePaths: includePaths)
                whenHandled()
            } catch {
                whenHandled()
                Console.writeError("reflc: error: \(error.description)\n")
                // At the start it is a mistyped name or a folder, not a save under way: waiting would not help.
                if builds == 1 { return .usageOrIO }
                // The entry file is gone for now (an editor's save in progress): wait for it.
                watched = [input]
                read = []
                finish(ok: false, summary: "\(clock()) cannot read \(input); \(outputLeftAsItWas)", diagnostics: [], error: error.description)
                return nil
            }
            var seen = Set<FilePath>()
            watched = ([input] + result.inputs + result.missingInputs).filter { seen.insert($0.normalized).inserted }
            read = result.inputsAsRead
            let failed = options.report(result)
            let milliseconds = Int(((MonotonicClock.now() - start) * 1000).rounded())
            let shown = options.applied(to: result.diagnostics)
            guard !failed, let table = result.ruleTable else {
                let errors = shown.filter { $0.severity == .error }.count + result.omittedErrors
                finish(ok: false, summary: "\(clock()) \(errors) error\(errors == 1 ? "" : "s"); \(outputLeftAsItWas) (\(milliseconds) ms)",
                       diagnostics: shown)
                return nil
            }
            let json = table.jsonBytes()
            let bytes: [UInt8]
            do {
                bytes = binary ? try table.binaryBytes() : json
            } catch {
                finish(ok: false, summary: "\(clock()) cannot write \(output): \(error); unchanged", diagnostics: shown,
                       error: "cannot write \(output): \(error)")
                return nil
            }
            if let problem = write(bytes, inputs: result.inputsAsRead) {
                Console.writeError("reflc: error: \(problem)\n")
                if builds == 1 { return .usageOrIO }
                finish(ok: false, summary: "\(clock()) \(outputLeftAsItWas)", diagnostics: shown, error: problem)
                return nil
            }
            let files = result.inputs.count
            snapshot.json = json
            snapshot.binary = server == nil ? nil : (binary ? bytes : try? table.binaryBytes())
            snapshot.etag = "\"" + Self.hash(json) + "\""
            finish(ok: true, summary: "\(clock()) built \(output): \(table.rules.count) rule\(table.rules.count == 1 ? "" : "s") "
                   + "from \(files) file\(files == 1 ? "" : "s") in \(milliseconds) ms", diagnostics: shown)
            return nil
        }

        private func write(_ bytes: [UInt8], inputs: [(path: FilePath, identity: FileSystem.FileIdentity)]) -> String? {
            switch OutputFile.create(output, refusing: [input]) {
            case .failure(let error): return error.message
            case .success(let file):
                file.write(bytes[...])
                return file.commit(refusing: inputs)
            }
        }

        /// Prints the summary line and tells the server's clients; `error`
        /// is why a build failed that no diagnostic tells (the entry file
        /// cannot be read, OUT cannot be written).
        private mutating func finish(ok: Bool, summary: String, diagnostics: [Diagnostic], error: String? = nil) {
            Console.writeOut(summary + "\n")
            guard let server else { return }
            let list = diagnosticJSON.array(diagnostics)
            let reason = error.map { ",\"error\":" + DiagnosticJSON.quote($0) } ?? ""
            snapshot.build = builds
            snapshot.report = "{\"build\":\(builds),\"ok\":\(ok)\(reason),\"diagnostics\":\(list)}"
            // An event carries the count and the first diagnostics (all of them are at /diagnostics):
            // every event stream holds one, so its size is bounded.
            let first = diagnosticJSON.array(diagnostics, within: DevServer.maximumEventBytes - 256 - reason.utf8.count)
            let data = ok ? "{\"build\":\(builds),\"ok\":true,\"etag\":\(DiagnosticJSON.quote(snapshot.etag))}"
                : "{\"build\":\(builds),\"ok\":false\(reason),\"etag\":\(DiagnosticJSON.quote(snapshot.etag)),\"count\":\(diagnostics.count),\"diagnostics\":\(first)}"
            snapshot.event = "id: \(builds)\nevent: build\ndata: \(data)\n\n"
            server.publish(snapshot)
        }

        /// 64-bit FNV-1a of the table, in hex: the ETag.
        static func hash(_ bytes: [UInt8]) -> String {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            let digits = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }

    /// `[HOST:]PORT`: the host (127.0.0.1 unless given) and the port.
    static func serverAddress(_ text: String) -> Result<(String, UInt16), Arguments.Problem> {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if host == "localhost" { host = "127.0.0.1" }
        }
        guard !host.isEmpty, let port = UInt16(portText) else {
            return .failure(Arguments.Problem(message: "--serve takes [HOST:]PORT, such as 8080 or 0.0.0.0:8080, found '\(text)'"))
        }
        return .success((host, port))
    }

    /// `[14:03:12]`, the local time.
    static func clock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "[\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))]"
    }
}

private func clock() -> String { WatchCommand.clock() }
