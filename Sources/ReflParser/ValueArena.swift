import ReflLexer

/// Index of a value node in its file's `ValueArena`.
public typealias ValueID = Int32

/// What a value node is. Literals keep only their range: their numeric or
/// string content is decoded by the compiler, which knows what it expects.
public enum ValueKind: UInt8, Sendable {
    // Leaves first, parents last: `hasChildren` is one comparison.

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
    /// A string literal parsed as a condition (`__condition: '...'`,
    /// `condition('...')`); `payload` indexes `StylesheetSyntax.conditions`.
    case condition
    /// Where a value was expected but could not be parsed (already reported).
    case invalid
    /// `+`, `-`, `*` or `/` between the operands of a `sum` or `product`
    /// (the operator is the byte its range starts with).
    case `operator`
    /// `name(args...)`: children are the arguments.
    case call
    /// `a, b, c` at the top of a declaration: children are the items.
    case list
    /// `a + b - c`: children are the operands with an `operator` node
    /// between each two; applied left to right.
    case sum
    /// `a * b / c`, the same way.
    case product
    /// `-@a`, `-(a + b)`: one child.
    case negate
    /// `(a + b)`: one child; the range includes the parentheses.
    case group
    /// `blue 80%`, `to right`: values separated by spaces, inside
    /// `linear-gradient(...)` only; children are the values.
    case sequence
    /// `name: value`, an argument of a call given by name: one child, the
    /// value; the name is the start of the range (`callName` finds it).
    case namedArgument
}

/// One node of a value tree, 16 bytes.
///
/// Value trees are stored flat, in pre-order: a node's children follow it,
/// and a parent records the index just past its last descendant. That keeps
/// a file's values in one array (no allocation per node) and makes walking a
/// tree a forward scan. A leaf's subtree ends right after it, so a leaf uses
/// that slot for its payload (a condition's index).
public struct ValueNode: Sendable {
    public let kind: ValueKind
    /// A call: the length of its name (in what would be padding), 0 when
    /// the name is too long to fit (then it is found from the text).
    @usableFromInline let nameLength: UInt16
    @usableFromInline let start: UInt32
    @usableFromInline let end: UInt32
    /// Parents (`call`, `list`): the index just past the last descendant.
    /// `condition`: the index in `StylesheetSyntax.conditions`.
    @usableFromInline fileprivate(set) var link: Int32

    @inlinable
    public var range: SourceRange { SourceRange(Int(start), Int(end)) }

    /// For a `condition` node: its index in `StylesheetSyntax.conditions`.
    public var conditionIndex: Int { Int(link) }

    /// Whether the node is a parent (parents are the last kinds).
    @inlinable
    var hasChildren: Bool { kind.rawValue >= ValueKind.call.rawValue }

    init(kind: ValueKind, range: SourceRange, link: Int32, nameLength: Int = 0) {
        self.kind = kind
        self.nameLength = UInt16(exactly: nameLength) ?? 0
        self.start = UInt32(truncatingIfNeeded: range.start)
        self.end = UInt32(truncatingIfNeeded: range.end)
        self.link = link
    }
}

/// The flat store of a file's value nodes.
public struct ValueArena: Sendable {
    public private(set) var nodes: [ValueNode] = []

    public init() {}

    // Inlinable: the compiler reads nodes from another module, hundreds
    // of thousands of times in a large build, and a call per read cost
    // more than the read.
    @inlinable
    public subscript(id: ValueID) -> ValueNode { nodes[Int(id)] }

    /// The index just past the last node of `id`'s subtree: the subtree is
    /// the contiguous run `id..<subtreeEnd(of: id)`. Inlinable: the
    /// compiler calls it for every argument it lowers.
    @inlinable
    public func subtreeEnd(of id: ValueID) -> ValueID {
        let node = nodes[Int(id)]
        return node.hasChildren ? node.link : id + 1
    }

    /// The children of `id`, in order.
    public func children(of id: ValueID) -> ValueChildren {
        ValueChildren(arena: self, parent: id)
    }

    mutating func reserve(_ count: Int) {
        nodes.reserve(fillingFromStart: count)
    }

    /// Adds a node with no children (`link` is a condition's index).
    @discardableResult
    mutating func appendLeaf(_ kind: ValueKind, _ range: SourceRange, link: Int32 = 0) -> ValueID {
        nodes.append(ValueNode(kind: kind, range: range, link: link))
        return ValueID(nodes.count - 1)
    }

    /// Reserves a parent node before its children are parsed (for a call,
    /// with the length of its name).
    mutating func beginParent(_ kind: ValueKind, start: Int, nameLength: Int = 0) -> ValueID {
        nodes.append(ValueNode(kind: kind, range: SourceRange(start, start), link: 0, nameLength: nameLength))
        return ValueID(nodes.count - 1)
    }

    /// Completes a parent once its children have been appended.
    mutating func endParent(_ id: ValueID, end: Int) {
        let old = nodes[Int(id)]
        nodes[Int(id)] = ValueNode(kind: old.kind, range: SourceRange(old.range.start, end), link: ValueID(nodes.count),
                                   nameLength: Int(old.nameLength))
    }

    /// Replaces the nodes from `id` to the end (a subtree just parsed) with
    /// one leaf of `kind`.
    mutating func replaceLast(from id: ValueID, with kind: ValueKind, _ range: SourceRange) {
        nodes.removeSubrange(Int(id)...)
        nodes.append(ValueNode(kind: kind, range: range, link: 0))
    }

    /// Appends the nodes of `other`, whose ids move up by this arena's
    /// count and whose condition indexes move up by `conditionOffset`.
    mutating func append(_ other: ValueArena, conditionOffset: Int32) {
        let offset = ValueID(nodes.count)
        let start = nodes.count
        nodes.append(contentsOf: other.nodes)  // one copy; then the few links are moved in place
        for index in start..<nodes.count {
            if nodes[index].hasChildren {
                nodes[index].link += offset
            } else if nodes[index].kind == .condition {
                nodes[index].link += conditionOffset
            }
        }
    }

    /// Puts a parent node at `id`, before the subtree that starts there
    /// (which becomes its first child; complete it with `endParent`). Values
    /// are parsed before anyone knows they start a list, and most are not.
    mutating func insertParent(_ kind: ValueKind, at id: ValueID) {
        nodes.insert(ValueNode(kind: kind, range: SourceRange.at(nodes[Int(id)].range.start), link: 0), at: Int(id))
        for index in (Int(id) + 1)..<nodes.count where nodes[index].hasChildren { nodes[index].link += 1 }
    }
}

/// The children of one value node, walked by skipping each child's subtree.
public struct ValueChildren: Sequence, Sendable {
    let arena: ValueArena
    let parent: ValueID

    public func makeIterator() -> Iterator {
        Iterator(arena: arena, nextID: parent + 1, end: arena.subtreeEnd(of: parent))
    }

    public struct Iterator: IteratorProtocol {
        let arena: ValueArena
        var nextID: ValueID
        let end: ValueID

        public mutating func next() -> ValueID? {
            guard nextID < end else { return nil }
            let id = nextID
            nextID = arena.subtreeEnd(of: id)
            return id
        }
    }
}
