/// The error codes of JSON-RPC 2.0 and of the Language Server Protocol
/// (3.17), as an error answer carries them.
public enum ErrorCode: Int, Sendable, CaseIterable {
    // JSON-RPC's own.
    /// The message is not JSON (or has no valid `Content-Length`).
    case parseError = -32700
    /// The message is JSON but no request: not an object, no method, a bad id, too many values.
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603

    // The protocol's.
    /// A request before `initialize`.
    case serverNotInitialized = -32002
    case unknownErrorCode = -32001
    /// The request was understood but could not be done (formatting a file
    /// with syntax errors, renaming what is no variable).
    case requestFailed = -32803
    case serverCancelled = -32802
    case contentModified = -32801
    case requestCancelled = -32800
}

/// A request's failure: the protocol's error code and a message for the user.
struct ResponseError: Error {
    let code: ErrorCode
    let message: String

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: .invalidParams, message: message) }
    static func requestFailed(_ message: String) -> ResponseError { ResponseError(code: .requestFailed, message: message) }
}
