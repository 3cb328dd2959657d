/// Where `Compiler.build` streams the rule table's bytes.
public protocol ByteOutput: AnyObject {
    func write(_ bytes: ArraySlice<UInt8>)
}

/// A `ByteOutput` that keeps everything in memory.
public final class ByteArrayOutput: ByteOutput {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: ArraySlice<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }
}
