import Foundation
import Testing
@testable import ReflLiveReload
import ReflRuntime

/// The live-reload client against the real `reflc watch --serve` on the
/// loopback address: the first table, an edit, a broken edit, a restart.
/// Each wait is for an expected update, bounded far above what a loaded
/// machine needs.
@Suite(.serialized)
struct LiveReloadTests {
    /// Updates as the client reports them, waited for one by one.
    final class Updates: @unchecked Sendable {
        private let condition = NSCondition()
        private var received: [LiveReloadUpdate] = []

        func add(_ update: LiveReloadUpdate) {
            condition.lock()
            received.append(update)
            condition.broadcast()
            condition.unlock()
        }

        /// The first update not yet taken that `matches`, within the deadline.
        func next(_ what: String, _ matches: (LiveReloadUpdate) -> Bool) -> LiveReloadUpdate? {
            let deadline = Date().addingTimeInterval(WatchTests.deadline)
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let index = received.firstIndex(where: matches) {
                    let update = received[index]
                    received.removeSubrange(...index)
                    return update
                }
                guard condition.wait(until: deadline) else {
                    Issue.record("timed out waiting for \(what); received \(received)")
                    return nil
                }
            }
        }
    }

    static func background(_ update: LiveReloadUpdate?) -> StyleValue? {
        guard case .stylesheet(let stylesheet)? = update else { return nil }
        return stylesheet.resolve(StyleQuery(className: "UIView")).properties["backgroundColor"]
    }

    static func isStylesheet(_ update: LiveReloadUpdate) -> Bool {
        if case .stylesheet = update { return true }
        return false
    }

    @Test func editsFailuresAndRestartsReachTheClient() throws {
        let folder = try WatchTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var watch = try WatchTests.Watch(["main.less", "-o", "out.json", "--serve", "127.0.0.1:0"], in: folder)
        guard watch.waitFor("the server", { watch.port != nil }), let port = watch.port else { return }
        let updates = Updates()
        let client = LiveReloadClient(host: "127.0.0.1", port: port) { updates.add($0) }
        client.start()
        defer { client.stop() }

        let first = updates.next("the first stylesheet", Self.isStylesheet)
        #expect(Self.background(first) == .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))

        try WatchTests.writeReplacing("@accent: #0000ff;\n", to: folder + "/theme.less")
        let edited = updates.next("the edited stylesheet", Self.isStylesheet)
        #expect(Self.background(edited) == .color(Color(red: 0, green: 0, blue: 1, alpha: 1)))

        try WatchTests.writeReplacing("@accent: #0000ff\nUIView { alpha: ; }\n", to: folder + "/theme.less")
        let failed = updates.next("the failure") { if case .buildFailed = $0 { return true }; return false }
        guard case .buildFailed(let failure)? = failed else { return }
        #expect(failure.count >= 1)
        #expect(failure.diagnostics.first?.contains("theme.less:1:") == true)
        #expect(failure.diagnostics.first?.contains("error: expected ';'") == true)

        // A failure no diagnostic tells: the stylesheet is gone for a moment.
        try FileManager.default.removeItem(atPath: folder + "/main.less")
        let unreadable = updates.next("the unreadable stylesheet") { if case .buildFailed(let failure) = $0 { return failure.count == 0 }; return false }
        if case .buildFailed(let failure)? = unreadable {
            #expect(failure.description == "the build failed\nerror: cannot read 'main.less': no such file or directory")
        }
        try WatchTests.write("@import \"theme.less\";\nUIView { background-color: @accent; }\n", to: folder + "/main.less")

        // The server restarts on another port's worth of time: the client reconnects.
        #expect(watch.stop() == 0)
        _ = updates.next("the disconnection") { if case .disconnected = $0 { return true }; return false }
        try WatchTests.writeReplacing("@accent: #00ff00;\n", to: folder + "/theme.less")
        watch = try WatchTests.Watch(["main.less", "-o", "out.json", "--serve", "127.0.0.1:\(port)"], in: folder)
        let again = updates.next("the stylesheet after the restart", Self.isStylesheet)
        #expect(Self.background(again) == .color(Color(red: 0, green: 1, blue: 0, alpha: 1)))
        #expect(watch.stop() == 0)
    }

    @Test func aClientWithNoServerReportsItAndStopsPromptly() {
        let updates = Updates()
        // A port nothing listens on: bind one, note it, close it.
        let client = LiveReloadClient(host: "127.0.0.1", port: 9) { updates.add($0) }
        client.start()
        let update = updates.next("the failure to connect") { if case .disconnected = $0 { return true }; return false }
        if case .disconnected(let reason)? = update { #expect(reason.contains("cannot connect to 127.0.0.1:9")) }
        client.stop()
    }

    /// A broken or hostile answer is an error with a message, never a crash.
    @Test func malformedAnswersAreRefused() {
        #expect(throws: HTTPConnection.Failure.self) { try HTTPConnection.parseHead("SSH-2.0-OpenSSH") }
        #expect(throws: HTTPConnection.Failure.self) { try HTTPConnection.parseHead("HTTP/1.1 abc OK") }
        #expect(throws: HTTPConnection.Failure.self) { try HTTPConnection.parseHead("HTTP/1.1 200 OK\r\nno colon here") }
        let head = try? HTTPConnection.parseHead("HTTP/1.1 200 OK\r\nContent-Length:  12 \r\nETag: \"x\"")
        #expect(head?.status == 200 && head?.headers["content-length"] == "12" && head?.headers["etag"] == "\"x\"")
        #expect(LiveReloadClient.diagnosticLine(try! JSONNode.parse(Array(#"{"severity":"error","message":"m","file":"a.less","line":2,"column":5}"#.utf8)).get())
                == "a.less:2:5: error: m")
    }
}
