/// Writes a rule table as JSON piece by piece, as the compiler produces it:
/// either into memory or, a megabyte at a time, to a file.
public struct JSONWriterSink {
    private let writer: JSONWriter

    /// Collects the whole table in memory (returned by `finish`).
    public static func inMemory() -> JSONWriterSink {
        JSONWriterSink(writer: JSONWriter())
    }

    /// Passes the JSON to `output` in chunks as it is written.
    public static func streaming(to output: some ByteOutput) -> JSONWriterSink {
        JSONWriterSink(writer: JSONWriter(sink: { chunk in output.write(chunk) }))
    }

    /// The table's opening, with its variables.
    public func begin(variables: [String: StyleValue]) {
        writer.beginTable(variables: variables)
    }

    /// Appends one rule; `isFirst` for the first rule of the table.
    public func add(_ rule: CompiledRule, isFirst: Bool) {
        writer.rule(rule, isFirst: isFirst)
    }

    /// Closes the table; returns what is still in memory (all of it for
    /// `inMemory`, nothing for `streaming`).
    public func finish(hadRules: Bool) -> [UInt8] {
        writer.endTable(hadRules: hadRules)
        return writer.buffer
    }
}

/// Where streamed bytes go.
public protocol ByteOutput: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer)
}
