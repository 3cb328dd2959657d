import ReflLexer
import ReflTools

/// Formats any bytes: must never trap, and never refuse a file that parses
/// (a refusal is the formatter's own check catching a layout that would
/// change the file's meaning or not format to itself). The layout is made
/// of the tokens of any input, alongside its parse, so this reaches it on
/// text that does not parse too. A layout formats to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func formatFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let file = SourceFile(path: "fuzz.less", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    switch StylesheetFormatter.format(file) {
    case .syntaxErrors(let errors):
        precondition(!errors.isEmpty, "refused for syntax errors, with none")
    case .refused(let reason):
        preconditionFailure("the formatter refused its own layout: \(reason)")
    case .formatted(let layout):
        guard case .formatted(let again) = StylesheetFormatter.format(SourceFile(path: "fuzz.less", bytes: layout)) else {
            preconditionFailure("the layout does not format")
        }
        precondition(again == layout, "formatting the layout changes it")
    }
    return 0
}
