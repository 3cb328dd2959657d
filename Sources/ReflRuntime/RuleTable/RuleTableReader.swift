
/// Reads the JSON rule table `reflc build` writes back into a `RuleTable`
/// in one pass (`TableJSONReader`), whatever its layout, checking its
/// shape: a malformed table is one diagnostic, at the place where it goes
/// wrong, naming the field (`rules[3].properties.alpha.value`).
enum RuleTableReader {
    /// The table in `bytes`; a diagnostic in the file `path` when it is malformed.
    static func read(_ bytes: [UInt8], path: String) -> Result<RuleTable, Diagnostic> {
        switch Result(catching: { () throws(TableReadFailure) in try ByteView.reading(bytes) { bytes throws(TableReadFailure) in try table(bytes) } }) {
        case .success(let table): return .success(table)
        case .failure(let failure): return .failure(report(failure, in: SourceFile(path: path, bytes: bytes)))
        }
    }

    /// `read` of a table mapped into memory (see `FileSystem.mapLargeFile`).
    static func read(_ file: MappedFile, path: String) -> Result<RuleTable, Diagnostic> {
        switch Result(catching: { () throws(TableReadFailure) in try file.reading { bytes throws(TableReadFailure) in try table(bytes) } }) {
        case .success(let table): return .success(table)
        case .failure(let failure): return .failure(report(failure, in: SourceFile(path: path, bytes: file.bytes)))
        }
    }

    /// The diagnostic for a table that could not be read. The whole file is
    /// parsed as JSON first, so that a file that is not JSON is reported at
    /// its first syntax error, wherever the reading stopped; the path to the
    /// offending node is found in that tree.
    private static func report(_ failure: TableReadFailure, in file: SourceFile) -> Diagnostic {
        func diagnostic(_ message: String, at offset: Int) -> Diagnostic {
            Diagnostic(.error(.malformedTable, "malformed rule table: \(message)"), file: file, range: .at(offset))
        }
        switch JSONParser.parse(file.bytes) {
        case .failure(let syntax):
            return diagnostic(syntax.message, at: syntax.offset)
        case .success(let root):
            if failure.isSyntax { return diagnostic(failure.message, at: failure.offset) }
            let path = Self.path(to: failure.offset, in: root, name: "table") + (failure.member.map { "." + $0 } ?? "")
            if path == "table.version", isDesignTokens(root) {
                return diagnostic("\(path): \(failure.message); this is a design-token file, not a rule table: "
                                  + "import it into a stylesheet with '@import tokens(\"...\")'", at: failure.offset)
            }
            return diagnostic("\(path): \(failure.message)", at: failure.offset)
        }
    }

    /// Whether `root` is a design-token file (`$type`, `$value`, ... in it
    /// or in its groups) or a resolver document (`resolutionOrder`).
    private static func isDesignTokens(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.kind else { return false }
        return members.contains { member in
            if member.key.hasPrefix("$") || member.key == "resolutionOrder" { return true }
            guard case .object(let inner) = member.value.kind else { return false }
            return inner.contains { $0.key.hasPrefix("$") }
        }
    }

    /// `table.rules[3].properties.alpha`: the path from the root to the node
    /// that starts at `offset`.
    static func path(to offset: Int, in node: JSONNode, name: String) -> String {
        var path = name
        var current = node
        while current.offset != offset {
            var next: JSONNode?
            switch current.kind {
            case .object(let members):
                if let member = members.last(where: { $0.value.offset <= offset }) {
                    path += "." + member.key
                    next = member.value
                }
            case .array(let items):
                if let index = items.lastIndex(where: { $0.offset <= offset }) {
                    path += "[\(index)]"
                    next = items[index]
                }
            default:
                break
            }
            guard let found = next, found.offset > current.offset || found.offset == offset else { return path }
            current = found
        }
        return path
    }

    /// The lines and columns a source position may have (a binary table
    /// holds them in 32 bits).
    static let positions = 1...Int(UInt32.max)

    /// The versions this reader understands: 1 (conditions as a list of
    /// terms, no control states) and 2.
    static let readableVersions = 1...RuleTable.formatVersion

    // MARK: - The table

    private static func table(_ bytes: ByteView) throws(TableReadFailure) -> RuleTable {
        var reader = TableJSONReader(bytes)
        let table = try reader.beginObject()
        // The version decides how the rest reads: it is read first, wherever it stands.
        guard let versionAt = try reader.findMember("version", of: table) else {
            throw TableReadFailure(message: "missing", offset: table.offset, member: "version")
        }
        reader.scanner.position = versionAt
        let version = try reader.integer()
        guard readableVersions.contains(version) else {
            throw reader.failure("version \(version) is not supported; this reflc reads versions 1 to \(RuleTable.formatVersion)", at: versionAt)
        }
        reader.version = version
        var variables: [String: StyleValue]?
        var rules: [CompiledRule]?
        var views = ViewSchema()
        try reader.members(of: table) { reader, key throws(TableReadFailure) in
            switch key {
            case "version": _ = try reader.integer()
            case "variables": variables = try Self.variables(&reader)
            case "rules": rules = try Self.rules(&reader)
            case "views" where version >= 3: views = try Self.views(&reader)
            default: return false
            }
            return true
        }
        try reader.end()
        return RuleTable(variables: try table.required(variables, "variables"), rules: try table.required(rules, "rules"),
                         views: views)
    }

    private static func variables(_ reader: inout TableJSONReader) throws(TableReadFailure) -> [String: StyleValue] {
        var variables: [String: StyleValue] = [:]
        try reader.namedMembers { reader, name, at throws(TableReadFailure) in
            if variables.updateValue(try reader.value(), forKey: name) != nil {
                throw TableReadFailure(message: "the key \"\(name)\" appears twice in one object", offset: at, isSyntax: true)
            }
        }
        return variables
    }

    // MARK: - Rules

    /// Tables from this size on have their rules read on two threads.
    static let parallelSize = 1 << 20

    /// How deep a thread of the parallel read lets objects and arrays nest
    /// (deeper than the language writes values and conditions); a table
    /// nested deeper is read again on the calling thread.
    static let threadDepthLimit = 64 + 2 * LanguageLimits.maximumNesting

    /// The `rules` array. A large one is cut into pieces at rules that start
    /// near evenly spaced places, and the pieces are read at once, each
    /// taken by the next thread free; each piece but the last must end
    /// exactly at the next cut, which proves that cut a rule's start (the
    /// place is only guessed from the bytes), or its reading simply goes on
    /// through the rest of the array, and the pieces after it are dropped.
    ///
    /// More pieces than threads, so that the threads finish together: cut
    /// in two halves, one for each of two threads, the 10 MB benchmark's
    /// rules took one thread 110 ms and the other 170, the first then idle.
    private static func rules(_ reader: inout TableJSONReader) throws(TableReadFailure) -> [CompiledRule] {
        let start = reader.offset
        let bytes = reader.scanner.bytes
        var cuts: [(comma: Int, start: Int)] = []
        if bytes.count - start >= parallelSize && Concurrency.processorCount > 1 {
            let pieceCount = 4 * Concurrency.processorCount
            for piece in 1..<pieceCount {
                guard let cut = RuleBoundary.guess(after: start + (bytes.count - start) * piece / pieceCount, in: bytes) else { break }
                if cut.start > cuts.last?.start ?? start { cuts.append(cut) }
            }
        }
        guard !cuts.isEmpty else {
            var rules: [CompiledRule] = []
            try reader.items { reader throws(TableReadFailure) in rules.append(try Self.rule(&reader)) }
            return rules
        }
        /// What one piece's reading gave: its rules, and where it stopped
        /// and whether that is the next cut (always false for the last piece).
        final class Piece {
            var rules: [CompiledRule] = []
            var result: Result<(reader: TableJSONReader, atCut: Bool), TableReadFailure>?
        }
        let pieces = (0...cuts.count).map { _ in Piece() }
        let version = reader.version, depth = reader.nesting
        Concurrency.run(pieces.count) { piece in
            pieces[piece].result = Result { () throws(TableReadFailure) in
                let end = piece < cuts.count ? cuts[piece].comma : nil
                var reader: TableJSONReader
                if piece == 0 {
                    reader = TableJSONReader(bytes, at: start, depth: depth, depthLimit: threadDepthLimit, version: version)
                    guard try reader.beginArray() else { return (reader, false) }
                } else {
                    reader = TableJSONReader(bytes, at: cuts[piece - 1].start, depth: depth + 1, depthLimit: threadDepthLimit, version: version)
                }
                var rules: [CompiledRule] = []
                defer { pieces[piece].rules = rules }
                repeat {
                    rules.append(try Self.rule(&reader))
                    if reader.offset == end { return (reader, true) }
                } while try reader.nextItem()
                return (reader, false)
            }
        }
        // In order: each piece starts where the one before proved a rule
        // starts. Room for all is made once, and each piece's rules are moved
        // in: appending a piece's array grew the rules' array by copying it
        // (page faults and all), and copied each rule, counting references to
        // all its parts, which freeing the piece's array released again.
        var rules: [CompiledRule] = []
        var total = 0
        for piece in pieces {
            total += piece.rules.count
            // The pieces after one that did not end at its cut are dropped.
            guard case .success(let read)? = piece.result, read.atCut else { break }
        }
        rules.reserveCapacity(total)
        for piece in pieces {
            switch piece.result! {
            case .success(let read):
                rules.appendMoving(&piece.rules)
                guard read.atCut else {
                    // The last piece, or the array's end reached past a place that was no rule's start.
                    reader.scanner.position = read.reader.scanner.position
                    return rules
                }
            case .failure(let failure) where !failure.isTooDeep:
                throw failure
            case .failure:
                // Nested deeper than a thread takes: read on this one.
                var rules: [CompiledRule] = []
                try reader.items { reader throws(TableReadFailure) in rules.append(try Self.rule(&reader)) }
                return rules
            }
        }
        preconditionFailure("the last piece of the rules ends at no cut")
    }

    private static func rule(_ reader: inout TableJSONReader) throws(TableReadFailure) -> CompiledRule {
        let rule = try reader.beginObject()
        var selector: RuleSelector?, priority: Int?, appliesToSubclasses: Bool?, condition: Condition??
        var source: SourcePosition?, properties: [Property]?, states: [StateProperties]?
        try reader.members(of: rule, expecting: ["selector", "priority", "appliesToSubclasses", "condition", "source", "properties",
                                                "states"]) { reader, key throws(TableReadFailure) in
            switch key {
            case "selector": selector = try Self.selector(&reader)
            case "priority":
                let at = reader.offset
                let written = try reader.integer()
                if let problem = RuleSelector.priorityProblem(written) { throw reader.failure(problem, at: at) }
                priority = written
            case "appliesToSubclasses": appliesToSubclasses = try reader.bool()
            case "condition": condition = .some(try reader.isNull() ? nil : try reader.condition())
            case "source": source = try Self.source(&reader)
            case "properties": properties = try Self.properties(&reader)
            case "states" where reader.version >= 2: states = try Self.states(&reader)
            default: return false
            }
            return true
        }
        return CompiledRule(selector: try rule.required(selector, "selector"), priority: try rule.required(priority, "priority"),
                            appliesToSubclasses: try rule.required(appliesToSubclasses, "appliesToSubclasses"),
                            condition: try rule.required(condition, "condition"), source: try rule.required(source, "source"),
                            properties: try rule.required(properties, "properties"),
                            stateProperties: reader.version >= 2 ? try rule.required(states, "states") : [])
    }

    /// `{"NAME": {"superclass": NAME or null, "properties": {"KEY": "TYPE", ...}}, ...}`:
    /// the `@view` declarations (version 3).
    private static func views(_ reader: inout TableJSONReader) throws(TableReadFailure) -> ViewSchema {
        var views = ViewSchema()
        try reader.namedMembers { reader, name, at throws(TableReadFailure) in
            // A class named twice is refused, as the tree parser refuses it;
            // read on, the second would replace the first.
            if views.classes[name] != nil {
                throw TableReadFailure(message: "the key \"\(name)\" appears twice in one object", offset: at, isSyntax: true)
            }
            let object = try reader.beginObject()
            var superclass: String??
            var properties: [PropertySchema]?
            try reader.members(of: object) { reader, key throws(TableReadFailure) in
                switch key {
                case "superclass": superclass = .some(try reader.optionalName())
                case "properties":
                    var list: [PropertySchema] = []
                    var keys: Set<String> = []
                    try reader.namedMembers { reader, key, at throws(TableReadFailure) in
                        guard keys.insert(key).inserted else {
                            throw TableReadFailure(message: "the key \"\(key)\" appears twice in one object", offset: at, isSyntax: true)
                        }
                        let written = try reader.string()
                        guard let (type, isPerState) = PropertyType.parse(written) else {
                            throw reader.failure("unknown type '\(written)'", at: at)
                        }
                        let keyPath = ViewSchema.keyPath(of: key)
                        list.append(PropertySchema(key: keyPath, stylesheetKey: key, swiftName: keyPath, type: type, isPerState: isPerState))
                    }
                    properties = list
                default: return false
                }
                return true
            }
            views.classes[name] = ViewClass(name: name, superclass: try object.required(superclass, "superclass"),
                                            properties: try object.required(properties, "properties"))
        }
        return views
    }

    /// `{"raw": TEXT, "class": NAME or null, "trait": NAME or null, "where": BOOL}`,
    /// with `"context"` for a selector with steps before the view's own.
    private static func selector(_ reader: inout TableJSONReader) throws(TableReadFailure) -> RuleSelector {
        let object = try reader.beginObject()
        var raw: String?, className: String??, trait: String??, hasWhere: Bool?
        var context: [RuleContextStep] = []
        try reader.members(of: object, expecting: ["raw", "class", "trait", "where", "context"]) { reader, key throws(TableReadFailure) in
            switch key {
            case "raw": raw = try reader.string()
            case "class": className = .some(try reader.optionalName())
            case "trait": trait = .some(try reader.optionalName())
            case "where": hasWhere = try reader.bool()
            case "context" where reader.version >= 3: context = try Self.context(&reader)
            default: return false
            }
            return true
        }
        let text = try object.required(raw, "raw")
        // The binary form keeps a context as its selector's text, so a
        // context the text does not spell would not survive it.
        if !context.isEmpty && context != RuleContextStep.steps(ofSelectorText: text) {
            throw TableReadFailure(message: "does not match the selector's text '\(text)'", offset: object.offset, member: "context")
        }
        return RuleSelector(raw: text, className: try object.required(className, "class"),
                            trait: try object.required(trait, "trait"), hasWhere: try object.required(hasWhere, "where"),
                            context: context)
    }

    /// `[{"class": NAME or null, "trait": NAME or null, "child": BOOL}, ...]`:
    /// a selector's context, outermost step first (version 3).
    private static func context(_ reader: inout TableJSONReader) throws(TableReadFailure) -> [RuleContextStep] {
        var steps: [RuleContextStep] = []
        try reader.items { reader throws(TableReadFailure) in
            let object = try reader.beginObject()
            var className: String??, trait: String??, isChild: Bool?
            try reader.members(of: object) { reader, key throws(TableReadFailure) in
                switch key {
                case "class": className = .some(try reader.optionalName())
                case "trait": trait = .some(try reader.optionalName())
                case "child": isChild = try reader.bool()
                default: return false
                }
                return true
            }
            let step = RuleContextStep(className: try object.required(className, "class"), trait: try object.required(trait, "trait"),
                                       isParentOfNext: try object.required(isChild, "child"))
            if step.className == nil && step.trait == nil { throw reader.failure("a context step names a class, a trait or both", at: reader.offset) }
            steps.append(step)
        }
        return steps
    }

    /// `{"file": NAME, "line": N, "column": N}`.
    private static func source(_ reader: inout TableJSONReader) throws(TableReadFailure) -> SourcePosition {
        let object = try reader.beginObject()
        var file: String?, line: Int?, column: Int?
        try reader.members(of: object, expecting: ["file", "line", "column"]) { reader, key throws(TableReadFailure) in
            switch key {
            case "file": file = try reader.name()
            case "line": line = try reader.integer(in: Self.positions, "a line from 1")
            case "column": column = try reader.integer(in: Self.positions, "a column from 1")
            default: return false
            }
            return true
        }
        return SourcePosition(file: try object.required(file, "file"), line: try object.required(line, "line"),
                              column: try object.required(column, "column"))
    }

    /// `{"name": {"value": VALUE, "important": BOOL}, ...}`, sorted by name
    /// (as the writer writes them, which costs one comparison each).
    private static func properties(_ reader: inout TableJSONReader) throws(TableReadFailure) -> [Property] {
        var properties: [Property] = []
        var isSorted = true
        let start = reader.offset
        try reader.namedMembers { reader, name, _ throws(TableReadFailure) in
            let property: Property
            if let (value, isImportant) = try reader.valueAndImportanceAsWritten() {
                property = Property(name: name, value: value, isImportant: isImportant)
            } else {
                let object = try reader.beginObject()
                var value: StyleValue?, isImportant: Bool?
                try reader.members(of: object) { reader, key throws(TableReadFailure) in
                    switch key {
                    case "value": value = try reader.value()
                    case "important": isImportant = try reader.bool()
                    default: return false
                    }
                    return true
                }
                property = Property(name: name, value: try object.required(value, "value"),
                                    isImportant: try object.required(isImportant, "important"))
            }
            if isSorted, let last = properties.last, !(last.name < name) { isSorted = false }
            properties.append(property)
        }
        if !isSorted {
            properties.sort { $0.name < $1.name }
            for index in properties.indices.dropFirst() where properties[index - 1].name == properties[index].name {
                throw TableReadFailure(message: "the key \"\(properties[index].name)\" appears twice in one object", offset: start,
                                       isSyntax: true)
            }
        }
        return properties
    }

    /// `{"highlighted": PROPERTIES, "highlighted,selected": PROPERTIES, ...}`,
    /// in increasing state order.
    private static func states(_ reader: inout TableJSONReader) throws(TableReadFailure) -> [StateProperties] {
        var states: [StateProperties] = []
        var seen: Set<Int> = []
        try reader.namedMembers { reader, name, at throws(TableReadFailure) in
            guard let state = ControlState(canonicalName: name) else {
                throw reader.failure("'\(name)' is not a control state (states are written as 'highlighted,selected')", at: at)
            }
            guard seen.insert(state.rawValue).inserted else {
                throw TableReadFailure(message: "the key \"\(name)\" appears twice in one object", offset: at, isSyntax: true)
            }
            states.append(StateProperties(state: state, properties: try Self.properties(&reader)))
        }
        states.sort { $0.state.rawValue < $1.state.rawValue }
        return states
    }
}

/// Where a rule of the `rules` array probably starts, found from the bytes
/// alone: a `{` after `}` and `,` (an object that follows another in an
/// array) whose first key only a rule has. Whitespace and member order
/// may be anything; a string that happens to hold such text makes a wrong
/// guess, which the parallel read detects.
enum RuleBoundary {
    private static let ruleOnlyKeys: [StaticString] = ["selector", "priority", "appliesToSubclasses", "source", "properties", "states"]

    /// The first such `{` after `position`, and its `,`.
    static func guess(after position: Int, in bytes: ByteView) -> (comma: Int, start: Int)? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var index = position
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "{") else { continue }
            var back = index - 1
            while back > 0, isSpace(bytes[back]) { back -= 1 }
            guard back > 0, bytes[back] == UInt8(ascii: ",") else { continue }
            let comma = back
            back -= 1
            while back > 0, isSpace(bytes[back]) { back -= 1 }
            guard bytes[back] == UInt8(ascii: "}") else { continue }
            var forward = index + 1
            while forward < bytes.count, isSpace(bytes[forward]) { forward += 1 }
            guard forward < bytes.count, bytes[forward] == UInt8(ascii: "\"") else { continue }
            let keyStart = forward + 1
            if ruleOnlyKeys.contains(where: { key in
                let count = key.utf8CodeUnitCount
                return keyStart + count < bytes.count && bytes[keyStart + count] == UInt8(ascii: "\"")
                    && bytes.spells(key, in: keyStart..<keyStart + count)
            }) {
                return (comma, index)
            }
        }
        return nil
    }
}
