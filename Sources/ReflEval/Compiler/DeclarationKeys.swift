import ReflLexer
import ReflParser

/// What a declaration key means to the compiler. Each distinct key of a
/// file (`StylesheetSyntax.keys`) is looked at once, not at every use.
enum DeclarationKey {
    case condition
    case include
    case applyToSubclasses
    /// `__` and a word that is no directive: an error.
    case unknownDirective
    /// A property, by its id in the program's `PropertyNames`.
    case property(Int32)
}

/// The property names of a compilation: every distinct key path has an id
/// and a rank in name order, so rules merge properties by comparing ids and
/// sort them by comparing ranks.
final class PropertyNames {
    private(set) var names: [String] = []
    /// `ranks[id]`: the place of `names[id]` among all names, sorted.
    private(set) var ranks: [Int32] = []
    private var ids: [String: Int32] = [:]

    /// The meaning of every key of `file`, by key id (registering new property names).
    func classifyKeys(of file: LoadedFile) -> [DeclarationKey] {
        let keys = file.syntax.keys
        return (0..<Int32(keys.count)).map { keyID in
            let key = keys.string(of: keyID)
            switch key {
            case "__condition": return .condition
            case "__include": return .include
            case "apply-to-subclasses", "applyToSubclasses": return .applyToSubclasses
            default:
                if key.utf8.count > 2 && key.hasPrefix("__") { return .unknownDirective }
                return .property(id(of: PropertyName.keyPath(key)))
            }
        }
    }

    private func id(of name: String) -> Int32 {
        if let id = ids[name] { return id }
        let id = Int32(names.count)
        names.append(name)
        ids[name] = id
        return id
    }

    /// Ranks every name; call once all files are classified.
    func rankAll() {
        ranks = [Int32](repeating: 0, count: names.count)
        for (rank, id) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() {
            ranks[id] = Int32(rank)
        }
    }
}
