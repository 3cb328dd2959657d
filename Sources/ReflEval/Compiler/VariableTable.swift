import ReflLexer
import ReflParser

/// All variables of a compilation. Variables are global whatever namespace
/// or file holds them, and a later definition wins (with a warning). Values
/// are lowered in dependency order, found by an iterative depth-first walk,
/// so a use may come before its definition, chains of any length work, and
/// a cycle is reported once with its whole chain.
final class VariableTable {
    struct Definition {
        let name: String
        let file: LoadedFile
        let syntax: VariableDefinition
        /// The root node of its value, kept so that a condition reached
        /// through the variable is found without the file's tree.
        let root: ValueNode
    }

    enum Lookup {
        /// The value, at most how many levels it nests and how many values
        /// it holds in all (see `ValueLowerer.depthBound` and `sizeBound`).
        case value(StyleValue, depth: Int, size: Int)
        /// Defined, but its value had an error (already reported).
        case failed
        case undefined
    }

    /// Every defined name with its lookup (`.failed` until it is lowered). A
    /// value: a lowerer keeps its own copy, read on every `@name` with no
    /// run-time exclusivity check (which a class's stored property would need).
    typealias Lookups = ByteKeyedTable<Lookup>

    /// The winning definition of each name.
    private(set) var definitions: [String: Definition] = [:]
    /// Lowered values, once `lowerAll` has run.
    private(set) var values: [String: StyleValue] = [:]
    private var failed: Set<String> = []

    /// The lookups of `definitions`, as lowered so far.
    private(set) var lookups = Lookups()

    /// Collects definitions from every file, in program order.
    func collect(from program: Program) {
        for file in program.files {
            for item in file.syntax.items {
                switch item {
                case .variable(let variable): define(variable, in: file, program: program)
                case .namespace(let namespace): for variable in namespace.variables { define(variable, in: file, program: program) }
                default: break
                }
            }
        }
        readRemBase(program: program)
    }

    /// `@rem-base: 16pt;` sets what `1rem` is (16 points unless set). It
    /// must be a number written out, so that every `rem`, in variables
    /// too, is known before any value is lowered.
    private func readRemBase(program: Program) {
        guard let definition = definitions["rem-base"] else { return }
        let file = definition.file
        let node = file.syntax.values[definition.syntax.value]
        if node.kind == .number {
            let number = NumberLiteral.decode(file.source.bytes, node.range)
            let unit = file.text(number.unit)
            if number.problem == nil, ["", "px", "pt"].contains(unit), number.value > 0 {
                program.remBase = number.value
                return
            }
        }
        program.report(.error(.remBase, "'@rem-base' must be a positive number of points written out, such as 16pt"),
                       in: file, at: node.range)
    }

    private func define(_ variable: VariableDefinition, in file: LoadedFile, program: Program) {
        let name = String(file.text(variable.name).dropFirst())
        guard !name.isEmpty else { return }
        if let previous = definitions[name] {
            let note = Diagnostic.Note("the previous definition is here", file: previous.file.source, range: previous.syntax.name)
            program.report(EvalMessages.variableRedefined(name), in: file, at: variable.name, notes: [note])
        }
        definitions[name] = Definition(name: name, file: file, syntax: variable, root: file.syntax.values[variable.value])
        lookups.set(.failed, for: name)
    }

    /// The variables a definition's value refers to, with where it does.
    private func references(of definition: Definition) -> [(name: String, range: SourceRange)] {
        let values = definition.file.syntax.values
        let root = definition.syntax.value
        var found: [(String, SourceRange)] = []
        for index in Int(root)..<Int(values.subtreeEnd(of: root)) {
            let node = values[ValueID(index)]
            if node.kind == .variable { found.append((String(definition.file.text(node.range).dropFirst()), node.range)) }
        }
        return found
    }

    /// Lowers every variable, dependencies first.
    func lowerAll(program: Program) {
        let table = self
        let walk = DependencyWalk<String, (name: String, range: SourceRange)>(
            edges: { table.references(of: table.definitions[$0]!) },
            target: { reference, _ in table.definitions[reference.name] == nil ? nil : reference.name },
            cycle: { chain, reference in
                program.report(EvalMessages.variableCycle(chain), in: table.definitions[chain[chain.count - 2]]!.file,
                               at: reference.range)
                table.failed.formUnion(chain)
            },
            finish: { table.lower($0, program: program) })
        walk.walk(from: definitions.keys.sorted())
    }

    private func lower(_ name: String, program: Program) {
        guard !failed.contains(name), let definition = definitions[name] else { return }
        // The lowerer (and its copy of the lookups) is gone, with the
        // closure, by the time the lookups change, so the change copies
        // nothing: kept alive, it would make each variable copy them all.
        let lowered: (value: StyleValue, depth: Int, size: Int)? = {
            let lowerer = ValueLowerer(program: program, file: definition.file, log: program.log)
            lowerer.lowersVariable = true
            return lowerer.lower(definition.syntax.value).map { ($0, lowerer.depthBound, lowerer.sizeBound) }
        }()
        guard let (value, depth, size) = lowered else {
            failed.insert(name)
            return
        }
        // Every variable is written out with the table: their values are
        // bounded in all, as each value is on its own.
        heldValues += size
        guard heldValues <= Self.maximumHeldValues else {
            if !isPastHeldValues {
                isPastHeldValues = true
                program.report(EvalMessages.variablesTooLarge(limit: Self.maximumHeldValues), in: definition.file, at: definition.syntax.name)
            }
            failed.insert(name)
            return
        }
        values[name] = value
        lookups.set(.value(value, depth: depth, size: size), for: name)
    }

    /// At most this many values are held by the variables of a compilation,
    /// in all: a variable can hold a value of 100,000 (see
    /// `LanguageLimits.maximumValueSize`) in a line, and the table writes
    /// each variable out.
    static let maximumHeldValues = 4_000_000
    /// The values the variables lowered so far hold, and whether that passed the limit.
    private var heldValues = 0
    private var isPastHeldValues = false
}
