/// The one depth-first walk over dependencies the compiler makes: imports
/// (files), includes (rules) and variables. It finishes every node after the
/// nodes it depends on, and reports each cycle once, with its chain, at the
/// edge that closes it. It keeps an explicit stack, so a chain of any length
/// cannot overflow the call stack.
struct DependencyWalk<Node: Hashable, Edge> {
    /// A node's outgoing edges, in the order they are written.
    let edges: (Node) -> [Edge]
    /// The node an edge leads to, or nil when there is nothing to follow (a
    /// missing file, an undefined name). Called once per edge, in order.
    let target: (Edge, _ from: Node) -> Node?
    /// A cycle: the nodes from the one the closing edge leads to, through the
    /// node it leaves, and that node again at the end; `edge` closes it.
    let cycle: (_ chain: [Node], _ edge: Edge) -> Void
    /// A node whose dependencies are all finished (or part of a cycle).
    let finish: (Node) -> Void

    private enum State { case inProgress, done }

    private struct Frame {
        let node: Node
        let edges: [Edge]
        var next = 0
    }

    /// Walks from each root in turn; a node reached before is not walked again.
    func walk(from roots: some Sequence<Node>) {
        var states: [Node: State] = [:]
        for root in roots where states[root] == nil {
            states[root] = .inProgress
            var stack = [Frame(node: root, edges: edges(root))]
            while !stack.isEmpty {
                let top = stack.count - 1
                guard stack[top].next < stack[top].edges.count else {
                    let node = stack.removeLast().node
                    states[node] = .done
                    finish(node)
                    continue
                }
                let edge = stack[top].edges[stack[top].next]
                stack[top].next += 1
                guard let next = target(edge, stack[top].node) else { continue }
                switch states[next] {
                case .done?:
                    continue
                case .inProgress?:
                    let start = stack.firstIndex { $0.node == next }!
                    cycle(stack[start...].map(\.node) + [next], edge)
                case nil:
                    states[next] = .inProgress
                    stack.append(Frame(node: next, edges: edges(next)))
                }
            }
        }
    }
}
