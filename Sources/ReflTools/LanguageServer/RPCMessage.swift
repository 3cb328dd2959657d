/// A JSON-RPC 2.0 message of the client, told apart by its members: a
/// request (an id and a method), a notification (a method, no id), or an
/// answer to a request of the server's.
enum RPCMessage {
    case request(id: JSON, method: String, params: JSON)
    case notification(method: String, params: JSON)
    /// An answer to a request of the server's: it waits for none.
    case response

    /// Why a message is none of them: the error to answer, by the message's
    /// id when it has a valid one.
    struct Invalid: Error {
        let id: JSON
        let error: ResponseError
    }

    init(_ message: JSON) throws(Invalid) {
        guard case .object(let members) = message else {
            throw Invalid(id: .null, error: ResponseError(code: .invalidRequest, message: "a message must be a JSON object"))
        }
        let id = members["id"]
        if let id, !Self.isValidID(id) {
            throw Invalid(id: .null, error: ResponseError(code: .invalidRequest, message: "a request id must be a number or a string"))
        }
        guard let method = members["method"]?.string else {
            if id != nil, members["result"] != nil || members["error"] != nil {
                self = .response
                return
            }
            throw Invalid(id: id ?? .null, error: ResponseError(code: .invalidRequest, message: "a request needs a method"))
        }
        let params = members["params"] ?? .null
        if let id { self = .request(id: id, method: method, params: params) } else { self = .notification(method: method, params: params) }
    }

    /// An id is a string or a whole number.
    static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .string: return true
        case .number: return id.int != nil
        default: return false
        }
    }
}
