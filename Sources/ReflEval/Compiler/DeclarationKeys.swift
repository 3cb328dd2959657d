import ReflLexer
import ReflParser

/// What a declaration key means to the compiler. Each distinct key of a
/// file (`StylesheetSyntax.keys`) is looked at once, not at every use.
enum DeclarationKey {
    case condition
    /// `condition`, the directive's old name: `__condition` in a `:__where`
    /// rule (with a warning), else the property with this id.
    case legacyCondition(property: Int32)
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
///
/// A property of a rule is a name for a control state: its id in a rule's
/// `PropertyList` is the name's id with the state in bits 27–30 (see
/// `id(_:states:)`), so each (state, name) pair cascades on its own and the
/// plain properties (state 0) keep their name ids.
final class PropertyNames {
    /// The id of the property `nameID` for `states`.
    static func id(_ nameID: Int32, states: ControlState) -> Int32 {
        nameID | Int32(states.rawValue) << stateShift
    }

    /// The name part of a property id.
    static func nameID(_ id: Int32) -> Int32 { id & (1 << stateShift - 1) }

    /// The control states of a property id.
    static func states(_ id: Int32) -> ControlState { ControlState(rawValue: Int(id >> stateShift)) }

    /// Below this bit a property id holds the name: a compilation has at
    /// most 2^27 distinct property names (its input is at most 1 GiB, and
    /// a name takes several bytes).
    static let stateShift: Int32 = 27

    private(set) var names: [String] = []
    /// `ranks[id]`: the place of `names[id]` among all names, sorted. Set
    /// before the rule phase, whose threads read it for every rule: not
    /// checked for exclusive access at run time.
    @exclusivity(unchecked) private(set) var ranks: [Int32] = []
    private var ids: [String: Int32] = [:]
    /// The shorthand names (`shadow`, `layer.border`) with the ids of their
    /// longhands, in the order of `Shorthand.longhands`.
    private(set) var shorthands: [Int32: (Shorthand, longhands: [Int32])] = [:]

    /// The meaning of every key of `file`, by key id (registering new property names).
    func classifyKeys(of file: LoadedFile) -> [DeclarationKey] {
        let keys = file.syntax.keys
        return (0..<Int32(keys.count)).map { keyID in
            let key = keys.string(of: keyID)
            switch key {
            case "__condition": return .condition
            case "condition": return .legacyCondition(property: id(of: key))
            case "__include", "include": return .include
            case "apply-to-subclasses", "applyToSubclasses": return .applyToSubclasses
            default:
                if key.utf8.count > 2 && key.hasPrefix("__") { return .unknownDirective }
                let keyPath = PropertyName.keyPath(key)
                let nameID = id(of: keyPath)
                if shorthands[nameID] == nil, let (shorthand, prefix) = Shorthand.of(keyPath: keyPath) {
                    shorthands[nameID] = (shorthand, shorthand.longhands.map { id(of: prefix + $0) })
                }
                return .property(nameID)
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
