import Foundation
import GoldenFiles
import Testing

/// Raw memory stays in the few files that hold bytes and in the system-call
/// boundary, as the README's "Where raw memory is" lists them: a file that
/// starts using pointers fails here, and so does a listed file that no
/// longer needs to be listed.
struct RawMemoryTests {
    /// What marks code that handles memory through pointers.
    static let pointerVocabulary = [
        "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer",
        "UnsafeBufferPointer", "UnsafeMutableBufferPointer", "UnsafeRawBufferPointer", "UnsafeMutableRawBufferPointer",
        "withUnsafe", "baseAddress", "unsafeBitCast", "assumingMemoryBound", "withMemoryRebound", ".allocate(",
        "utf8Start", "withUTF8", "withContiguous", "unsafeArgv", "Unmanaged", "unsafeAddress", "unsafeUninitializedCapacity",
    ]

    /// The files the README lists under "Where raw memory is".
    static func listedFiles() throws -> Set<String> {
        let readme = try String(contentsOfFile: Golden.packageRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Where raw memory is").dropFirst().first)
        let table = section.components(separatedBy: "\n## ").first ?? section
        var files = Set<String>()
        for line in table.split(separator: "\n") where line.hasPrefix("| `Sources/") {
            let path = line.dropFirst(3).prefix { $0 != "`" }
            files.insert(String(path))
        }
        return files
    }

    /// Every Swift file under `Sources/` that uses the pointer vocabulary.
    static func filesUsingPointers() throws -> Set<String> {
        let root = Golden.packageRoot + "/"
        let enumerator = try #require(FileManager.default.enumerator(atPath: root + "Sources"))
        var files = Set<String>()
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: root + "Sources/" + relative, encoding: .utf8)
            if pointerVocabulary.contains(where: text.contains) { files.insert("Sources/" + relative) }
        }
        return files
    }

    @Test func pointersAreUsedOnlyInTheListedFiles() throws {
        let listed = try Self.listedFiles()
        let using = try Self.filesUsingPointers()
        #expect(listed.count >= 5, "the README's list was not found")
        #expect(using.subtracting(listed).sorted() == [], "files using pointers that the README does not list")
        #expect(listed.subtracting(using).sorted() == [], "files the README lists that use no pointers")
    }
}
