/// Where `Compiler.build` streams the rule table's bytes.
public protocol ByteOutput: AnyObject {
    func write(_ bytes: ArraySlice<UInt8>)
}

/// A `ByteOutput` that takes a writer's buffer as it is: `Compiler.build`
/// hands each item's JSON over this way where it can, rather than as a
/// copy in an array (the JSON is four times its source, and the copy was
/// 2% of a build's instructions, on the thread that puts items in order).
package protocol ByteBufferOutput: ByteOutput {
    /// Takes the bytes of `buffer`, to be written after those before them
    /// (at once, or gathered with the next ones), and empties it.
    func writeEmptying(_ buffer: ByteBuffer)

    /// Whether the bytes leave memory as they are written (to a file),
    /// rather than being held until the end (a pipe or device written at
    /// once, an array): only then does a build's memory stay flat while it
    /// compiles (see `Program.writesAsItCompiles`).
    var passesBytesOn: Bool { get }
}

/// A `ByteOutput` that keeps everything in memory.
public final class ByteArrayOutput: ByteOutput {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: ArraySlice<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }
}
