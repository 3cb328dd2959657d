import Foundation
import Testing
@testable import ReflEval

/// `StylesheetMonitor` on the real file system: reloads and failures reach
/// the subscribers, and the change report says what an app must update and
/// reset. Waits poll for the expected state, up to a deadline far above
/// what a loaded machine needs.
@Suite(.serialized)
struct MonitorTests {
    static let deadline = 30.0

    /// Collects what a stream delivers, for a test to wait on.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [StylesheetMonitor.Update] = []

        func append(_ update: StylesheetMonitor.Update) { lock.withLock { items.append(update) } }
        var all: [StylesheetMonitor.Update] { lock.withLock { items } }

        /// Waits until `count` updates have come; nil (and an issue) if they do not in time.
        func waitFor(_ count: Int) async -> StylesheetMonitor.Update? {
            let start = Date()
            while Date().timeIntervalSince(start) < MonitorTests.deadline {
                let items = all
                if items.count >= count { return items[count - 1] }
                try? await Task.sleep(nanoseconds: 20_000_000)
            }
            Issue.record("timed out waiting for update \(count); got \(all.count)")
            return nil
        }
    }

    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "reflc-monitor-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A new file renamed over `path`: the monitor never sees half a file.
    static func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static let button = StyleQuery(className: "UIButton", traits: ["primary"])

    @Test func reloadsFailuresAndWhatChangedReachEverySubscriber() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("@import \"theme.less\";\nUIButton:primary { background-color: @accent; tint-color: red; title-color[highlighted]: blue; }\n",
                       folder + "/main.less")
        try Self.write("@accent: #ff0000;\n", folder + "/theme.less")
        let monitor = try StylesheetMonitor(contentsOfFile: folder + "/main.less")
        defer { monitor.stop() }
        #expect(monitor.stylesheet.resolve(Self.button).color("backgroundColor") == Color(red: 1, green: 0, blue: 0))

        let first = Collected(), second = Collected()
        for collected in [first, second] {
            let updates = monitor.updates()
            Task { for await update in updates { collected.append(update) } }
        }
        try await Task.sleep(nanoseconds: 50_000_000)  // the streams are subscribed before the edit

        // An imported file changes: the new stylesheet and what changed for the button.
        try Self.write("@accent: #00ff00;\n", folder + "/theme.less")
        guard case .reloaded(let stylesheet, let changes)? = await first.waitFor(1) else {
            Issue.record("the first update is not a reload")
            return
        }
        #expect(stylesheet.resolve(Self.button).color("backgroundColor") == Color(red: 0, green: 1, blue: 0))
        #expect(monitor.stylesheet.resolve(Self.button).color("backgroundColor") == Color(red: 0, green: 1, blue: 0))
        let colorChanged = changes.changes(for: Self.button)
        #expect(colorChanged.changed == [StyleChanges.Key("backgroundColor")])
        #expect(colorChanged.added.isEmpty && colorChanged.removed.isEmpty)
        #expect(!changes.changes(for: StyleQuery(className: "UILabel")).isChanged)
        #expect(await second.waitFor(1) != nil)  // every subscriber gets it

        // A typo: a failure with the diagnostics; the stylesheet stays.
        try Self.write("@accent: #00ff0g;\n", folder + "/theme.less")
        guard case .failed(let error)? = await first.waitFor(2) else {
            Issue.record("the second update is not a failure")
            return
        }
        #expect(error.diagnostics.first?.message.hasPrefix("invalid color '#00ff0g'") == true)
        #expect(monitor.stylesheet.resolve(Self.button).color("backgroundColor") == Color(red: 0, green: 1, blue: 0))

        // Fixed (the broken import no longer used), with properties added and
        // removed (a state property among them): one save, one reload.
        try Self.write("UIButton:primary { background-color: #0000ff; alpha: 0.5; }\n", folder + "/main.less")
        guard case .reloaded(_, let fixed)? = await first.waitFor(3) else {
            Issue.record("the third update is not a reload")
            return
        }
        let report = fixed.changes(for: Self.button)
        #expect(report.added == [StyleChanges.Key("alpha")])
        #expect(report.changed == [StyleChanges.Key("backgroundColor")])
        #expect(report.removed == [StyleChanges.Key("tintColor"), StyleChanges.Key("titleColor", state: .highlighted)])
        #expect(report.removed.map(\.description) == ["tintColor", "titleColor[highlighted]"])
    }

    @Test func aRuleTableIsWatchedTooAndStopEndsTheStreams() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/styles.reflb"
        let table = try Stylesheet(source: "UIView { alpha: 0.5; }").table
        try Data(table.binaryBytes()).write(to: URL(fileURLWithPath: path))
        let monitor = try StylesheetMonitor(contentsOfFile: path, method: .polling(interval: 0.05))
        let collected = Collected()
        let updates = monitor.updates()
        let consumer = Task { for await update in updates { collected.append(update) } }
        try await Task.sleep(nanoseconds: 50_000_000)
        // Replaced by renaming, as `reflc build` replaces it.
        let newer = try Stylesheet(source: "UIView { alpha: 1; }").table
        try Data(newer.jsonBytes()).write(to: URL(fileURLWithPath: path + ".new"))
        #expect(rename(path + ".new", path) == 0)
        guard case .reloaded(let stylesheet, _)? = await collected.waitFor(1) else {
            Issue.record("no reload")
            return
        }
        #expect(stylesheet.resolve(StyleQuery(className: "UIView")).number("alpha") == 1)
        monitor.stop()
        await consumer.value  // the stream ended
    }

    @Test func aFirstLoadThatFailsThrows() throws {
        #expect(throws: StylesheetError.self) { try StylesheetMonitor(contentsOfFile: "/nonexistent/reflc/main.less") }
    }
}
