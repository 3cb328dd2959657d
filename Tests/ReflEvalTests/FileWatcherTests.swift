import Foundation
import Testing
@testable import ReflEval
import ReflRuntime

/// `FileWatcher.nextChange` on the real file system: which changes are
/// answered at once and which wait for a burst to settle. The times
/// checked are bounds a loaded machine cannot break: a wait for quiet lasts
/// at least its length, and an answer given at once comes long before a
/// settle window of `long` seconds would end. A watchdog stops every wait
/// after `deadline` seconds, so that a wait that never ends fails instead.
@Suite(.serialized)
struct FileWatcherTests {
    static let long = 30.0
    static let deadline = 20.0
    static let settle = 0.4

    /// A folder with `watched.less`, watched by a new watcher.
    static func watching() throws -> (FileWatcher, path: String, folder: String) {
        let folder = NSTemporaryDirectory() + "reflc-watcher-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/watched.less"
        try save("A { alpha: 0; }\n", path)
        let watcher = try FileWatcher(method: .events)
        watcher.watch([FilePath(path)])
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { watcher.stop() }
        return (watcher, path, folder)
    }

    /// Saved as editors save: a new file renamed over the old one.
    static func save(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// `nextChange` with a settle window of `settle` seconds: the files it
    /// reports, by name, and the seconds it took.
    static func nextChange(_ watcher: FileWatcher, settle: Double) -> (names: [String]?, seconds: Double) {
        let start = Date()
        let changed = watcher.nextChange(settle: settle, firstSettle: 0.005)
        return (changed?.map { $0.description.split(separator: "/").last.map(String.init) ?? "" }, Date().timeIntervalSince(start))
    }

    /// Waits for the next change and checks it is `watched.less`, answered
    /// only once the burst it belongs to has been quiet for `settle`.
    static func expectABurstAnswer(_ watcher: FileWatcher, _ comment: Comment? = nil) {
        let answer = nextChange(watcher, settle: settle)
        #expect(answer.names == ["watched.less"], comment)
        #expect(answer.seconds >= settle * 0.9, "answered after \(answer.seconds) s, before the burst had settled")
    }

    /// A first save, answered: the change a build then handles.
    static func answerAFirstSave(_ watcher: FileWatcher, _ path: String) throws {
        try save("A { alpha: 1; }\n", path)
        #expect(nextChange(watcher, settle: settle).names == ["watched.less"])
    }

    @Test func aSaveAfterTheChangeWasHandledIsAnsweredAtOnce() throws {
        let (watcher, path, folder) = try Self.watching()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.answerAFirstSave(watcher, path)
        // The build of that change is done, and its table about to be seen; the user saves again as soon as it is.
        watcher.handled()
        try Self.save("A { alpha: 2; }\n", path)
        let answer = Self.nextChange(watcher, settle: Self.long)
        #expect(answer.names == ["watched.less"])
        #expect(answer.seconds < Self.long / 2, "waited \(answer.seconds) s: taken as part of a burst")
    }

    @Test func aSaveDuringTheBuildIsPartOfABurstThatSettlesFirst() throws {
        let (watcher, path, folder) = try Self.watching()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.answerAFirstSave(watcher, path)
        // Saved while that change was being built: pending when the build says it is done.
        try Self.save("A { alpha: 2; }\n", path)
        watcher.handled()
        Self.expectABurstAnswer(watcher, "the change seen while handling the last one is still answered")
    }

    @Test func withoutBeingToldAChangePendingWhenAskedIsPartOfABurst() throws {
        let (watcher, path, folder) = try Self.watching()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.answerAFirstSave(watcher, path)
        try Self.save("A { alpha: 2; }\n", path)
        Self.expectABurstAnswer(watcher)
    }

    @Test func whatHandledTookOffTheEventsIsNotForgottenByASecondCall() throws {
        let (watcher, path, folder) = try Self.watching()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.answerAFirstSave(watcher, path)
        try Self.save("A { alpha: 2; }\n", path)
        watcher.handled()
        watcher.handled()
        Self.expectABurstAnswer(watcher, "the change the first call saw was lost")
    }

    /// Which file is at `path`, as a build reading it records it.
    static func identity(_ path: String) throws -> FileSystem.FileIdentity {
        try FileSystem.readFile(FilePath(path), folders: nil).get().identity
    }

    @Test func aFileNewToTheWatchReplacedAfterItWasReadIsReported() throws {
        let (watcher, path, folder) = try Self.watching()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imported = folder + "/imported.less", removed = folder + "/removed.less"
        try Self.save("B { alpha: 0; }\n", imported)
        try Self.save("C { alpha: 0; }\n", removed)
        // A build reads the two new imports; one is saved, the other removed, before the build watches them.
        let read = [(path: FilePath(imported), identity: try Self.identity(imported)),
                    (path: FilePath(removed), identity: try Self.identity(removed))]
        try Self.save("B { alpha: 1; }\n", imported)
        try FileManager.default.removeItem(atPath: removed)
        watcher.handled()
        watcher.watch([FilePath(path), FilePath(imported), FilePath(removed)], readAs: read)
        let answer = Self.nextChange(watcher, settle: Self.settle)
        #expect(answer.names == ["imported.less", "removed.less"], "changes no event told of, made before the files were watched")
        #expect(answer.seconds >= Self.settle * 0.9, "a change during the build is part of a burst")
    }

    @Test func aFileNewToTheWatchAsItWasReadIsNotReported() throws {
        let (watcher, path, folder) = try Self.watching()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let imported = folder + "/imported.less"
        try Self.save("B { alpha: 0; }\n", imported)
        watcher.watch([FilePath(path), FilePath(imported)], readAs: [(path: FilePath(imported), identity: try Self.identity(imported))])
        watcher.handled()
        try Self.save("A { alpha: 1; }\n", path)
        #expect(Self.nextChange(watcher, settle: Self.settle).names == ["watched.less"])
    }
}
