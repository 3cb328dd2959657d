/// A problem found in a stylesheet, pointing at the text it is about.
///
/// Diagnostics are values: the lexer, parser and compiler collect them and
/// go on; `DiagnosticRenderer` turns them into the text a person reads.
public struct Diagnostic: Sendable {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    public var severity: Severity
    /// A stable name for the kind of problem (`unterminated-string`), for tools and tests.
    public var id: String
    /// Lowercase, no final period: `expected ';' after declaration, found '}'`.
    public var message: String
    public var file: SourceFile
    public var range: SourceRange
    /// Secondary places, such as "to match this '{'".
    public var notes: [Note]
    /// A suggested edit at `range` (or at the fix-it's own range).
    public var fixIt: FixIt?

    public init(_ message: Message, file: SourceFile, range: SourceRange, notes: [Note] = []) {
        self.severity = message.severity
        self.id = message.id
        self.message = message.text
        self.file = file
        self.range = range
        self.notes = notes
        self.fixIt = message.fixIt
    }

    /// A secondary location attached to a diagnostic.
    public struct Note: Sendable {
        public var message: String
        public var file: SourceFile
        public var range: SourceRange

        public init(_ message: String, file: SourceFile, range: SourceRange) {
            self.message = message
            self.file = file
            self.range = range
        }
    }
}

/// A suggested edit: replace `range` (or the diagnostic's range when nil)
/// with `replacement`; an empty range is an insertion.
public struct FixIt: Sendable, Equatable {
    public var replacement: String
    public var range: SourceRange?

    public init(replacement: String, range: SourceRange? = nil) {
        self.replacement = replacement
        self.range = range
    }
}

/// The location-free part of a diagnostic: what message factories return.
public struct Message: Sendable {
    public var severity: Diagnostic.Severity
    public var id: String
    public var text: String
    public var fixIt: FixIt?

    public init(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ text: String, fixIt: FixIt? = nil) {
        self.severity = severity
        self.id = code.rawValue
        self.text = text
        self.fixIt = fixIt
    }

    public static func error(_ code: DiagnosticCode, _ text: String, fixIt: FixIt? = nil) -> Message {
        Message(.error, code, text, fixIt: fixIt)
    }

    public static func warning(_ code: DiagnosticCode, _ text: String, fixIt: FixIt? = nil) -> Message {
        Message(.warning, code, text, fixIt: fixIt)
    }
}

extension Array where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Diagnostics in reading order: by file (in the order `files` lists
    /// them), then position; diagnostics at the same place keep their order.
    public func sortedForDisplay(fileOrder files: [SourceFile]) -> [Diagnostic] {
        var rank: [ObjectIdentifier: Int] = [:]
        for (index, file) in files.enumerated() where rank[ObjectIdentifier(file)] == nil {
            rank[ObjectIdentifier(file)] = index
        }
        let keyed = enumerated().map { (index, diagnostic) in
            (rank[ObjectIdentifier(diagnostic.file)] ?? Int.max, diagnostic.range.start, index, diagnostic)
        }
        return keyed.sorted { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }.map { $0.3 }
    }
}

/// A diagnostic can be thrown where one problem ends an operation (a
/// malformed rule table).
extension Diagnostic: Error {}

/// A message can be the failure of an operation that has no place yet (an
/// arithmetic mismatch, reported at the operator by its caller).
extension Message: Error {}
