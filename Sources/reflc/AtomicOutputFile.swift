#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// An output file written atomically: bytes go to a temporary file beside
/// the target, which replaces the target only on `commit()`. Until then an
/// existing file at the path is untouched, whatever happens; `discard()`
/// (or a failed write) removes the temporary file.
final class AtomicOutputFile: ByteOutput {
    /// Why the output cannot be written, as a message for the user.
    struct OutputError: Error {
        let message: String
    }

    let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    /// The first write error, reported at commit.
    private var writeFailure: String?

    /// Creates the temporary file, or says why the output cannot be written.
    static func create(_ path: String) -> Result<AtomicOutputFile, OutputError> {
        var status = stat()
        if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            return .failure(OutputError(message: "cannot write '\(path)': is a directory"))
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failure(OutputError(message: "cannot write '\(path)': \(Self.errorText())")) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp creates the file 0600; an output file gets the usual 0666 less the umask.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        return .success(AtomicOutputFile(path: path, temporaryPath: temporaryPath, descriptor: descriptor))
    }

    private init(path: String, temporaryPath: String, descriptor: Int32) {
        self.path = path
        self.temporaryPath = temporaryPath
        self.descriptor = descriptor
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard writeFailure == nil else { return }
        if !Console.writeAll(bytes, to: descriptor) { writeFailure = Self.errorText() }
    }

    /// Moves the finished file into place; returns an error message on failure.
    func commit() -> String? {
        // No fsync: like other compilers' outputs, the table is rebuilt by the
        // next build; waiting for the disk would be most of a small build's time.
        // A failure to close (a deferred write error) still fails the build.
        if close(descriptor) != 0 && writeFailure == nil { writeFailure = Self.errorText() }
        descriptor = -1
        if let writeFailure {
            unlink(temporaryPath)
            return "cannot write '\(path)': \(writeFailure)"
        }
        if rename(temporaryPath, path) != 0 {
            let reason = Self.errorText()
            unlink(temporaryPath)
            return "cannot write '\(path)': \(reason)"
        }
        return nil
    }

    /// Removes the temporary file; the target stays as it was.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryPath)
    }

    private static func errorText() -> String {
        let text = String(cString: strerror(errno))
        return (text.first?.lowercased() ?? "") + text.dropFirst()
    }
}
