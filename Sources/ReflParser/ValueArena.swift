import ReflLexer

/// Index of a value node in its file's `ValueArena`.
public typealias ValueID = Int32

/// What a value node is. Literals keep only their range: their numeric or
/// string content is decoded by the compiler, which knows what it expects.
public enum ValueKind: UInt8, Sendable {
    /// `12`, `-3.5px`, `50%`, `90deg` (unit included in the range).
    case number
    /// `'text'` (quotes included in the range).
    case string
    /// `#ff0000`.
    case hash
    /// A bare word: `true`, `red`, `mode-center`, `flexible-width`.
    case identifier
    /// `@name`.
    case variable
    /// `name(args...)`: children are the arguments.
    case call
    /// `a, b, c` at the top of a declaration: children are the items.
    case list
    /// A string literal parsed as a condition (`__condition: '...'`,
    /// `condition('...')`); `payload` indexes `StylesheetSyntax.conditions`.
    case condition
    /// Where a value was expected but could not be parsed (already reported).
    case invalid
}

/// One node of a value tree, 20 bytes.
///
/// Value trees are stored flat, in pre-order: a node's children follow it,
/// and `subtreeEnd` is the index just past its last descendant. That keeps a
/// file's values in one array (no allocation per node) and makes walking a
/// tree a forward scan.
public struct ValueNode: Sendable {
    public let kind: ValueKind
    private let start: UInt32
    private let end: UInt32
    /// Index just past this node's last descendant.
    public fileprivate(set) var subtreeEnd: Int32
    /// `call`: length of the function name; `condition`: index of the condition.
    public let payload: Int32

    public var range: SourceRange { SourceRange(Int(start), Int(end)) }

    /// For a call: the range of its name.
    public var nameRange: SourceRange { SourceRange(Int(start), Int(start) + Int(payload)) }

    init(kind: ValueKind, range: SourceRange, payload: Int32 = 0) {
        self.kind = kind
        self.start = UInt32(truncatingIfNeeded: range.start)
        self.end = UInt32(truncatingIfNeeded: range.end)
        self.subtreeEnd = 0
        self.payload = payload
    }
}

/// The flat store of a file's value nodes.
public struct ValueArena: Sendable {
    public private(set) var nodes: [ValueNode] = []

    public init() {}

    public subscript(id: ValueID) -> ValueNode { nodes[Int(id)] }

    /// The index just past the last node of `id`'s subtree: the subtree is
    /// the contiguous run `id..<subtreeEnd(of: id)`.
    public func subtreeEnd(of id: ValueID) -> ValueID { nodes[Int(id)].subtreeEnd }

    /// The children of `id`, in order.
    public func children(of id: ValueID) -> ValueChildren {
        ValueChildren(arena: self, parent: id)
    }

    mutating func reserve(_ count: Int) {
        nodes.reserveCapacity(count)
    }

    /// Adds a node with no children.
    mutating func appendLeaf(_ kind: ValueKind, _ range: SourceRange, payload: Int32 = 0) -> ValueID {
        let id = ValueID(nodes.count)
        var node = ValueNode(kind: kind, range: range, payload: payload)
        node.subtreeEnd = id + 1
        nodes.append(node)
        return id
    }

    /// Reserves a parent node before its children are parsed.
    mutating func beginParent(_ kind: ValueKind, start: Int, payload: Int32 = 0) -> ValueID {
        appendLeaf(kind, SourceRange(start, start), payload: payload)
    }

    /// Completes a parent once its children have been appended.
    mutating func endParent(_ id: ValueID, end: Int) {
        let old = nodes[Int(id)]
        var node = ValueNode(kind: old.kind, range: SourceRange(old.range.start, end), payload: old.payload)
        node.subtreeEnd = ValueID(nodes.count)
        nodes[Int(id)] = node
    }

    /// Turns a reserved parent into a different kind (a list of one item is
    /// not kept as a list), dropping nothing.
    mutating func retag(_ id: ValueID, as kind: ValueKind) {
        let old = nodes[Int(id)]
        var node = ValueNode(kind: kind, range: old.range, payload: old.payload)
        node.subtreeEnd = old.subtreeEnd
        nodes[Int(id)] = node
    }

    /// Removes the reserved parent `id` when it is the last node but one and
    /// its single child should stand alone; returns the child's new id.
    mutating func unwrapSingleChild(_ id: ValueID) -> ValueID {
        nodes.remove(at: Int(id))
        for index in Int(id)..<nodes.count { nodes[index].subtreeEnd -= 1 }
        return id
    }
}

/// The children of one value node, walked by skipping each child's subtree.
public struct ValueChildren: Sequence, Sendable {
    let arena: ValueArena
    let parent: ValueID

    public func makeIterator() -> Iterator {
        Iterator(arena: arena, nextID: parent + 1, end: arena[parent].subtreeEnd)
    }

    public var count: Int { reduce(0) { count, _ in count + 1 } }

    public struct Iterator: IteratorProtocol {
        let arena: ValueArena
        var nextID: ValueID
        let end: ValueID

        public mutating func next() -> ValueID? {
            guard nextID < end else { return nil }
            let id = nextID
            nextID = arena[id].subtreeEnd
            return id
        }
    }
}
