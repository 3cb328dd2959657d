
/// Why a JSON rule table could not be read: what is wrong, at the node that
/// starts at `offset` (or, for a missing `member`, in the object there).
/// The path to the node (`table.rules[3].properties.alpha`) is worked out
/// only when it is reported, so reading does no string work for paths.
struct TableReadFailure: Error {
    let message: String
    let offset: Int
    var member: String?
    /// Not JSON at all: the tree parser, which reads the whole file first,
    /// reports the problem (the first one in the file) with its own message.
    var isSyntax = false
    /// Nested past what a thread of the parallel read takes: read again on the calling thread.
    var isTooDeep = false
}

/// Where a JSON object being read starts, and how far it has been read.
struct JSONObjectStart {
    /// The offset of its `{`.
    let offset: Int
    /// Its first key on the reader's stack of keys (for finding a repeated key).
    let keyBase: Int
    /// Where its members go on when the first one (a value's `"type"`) has
    /// been read; nil to read them from the `{`.
    var resume: Int?

    /// `value`, or a failure saying that the member `name` is missing.
    func required<Value>(_ value: Value?, _ name: String) throws(TableReadFailure) -> Value {
        guard let value else { throw TableReadFailure(message: "missing", offset: offset, member: name) }
        return value
    }
}

/// A member's key: its bytes, as written (`isPlain`: no escapes, ASCII
/// only, the common case) or decoded. Matched against names with
/// `case "name":`, which a decoded key matches by its text.
struct JSONKey {
    let bytes: ByteView
    let isPlain: Bool

    @inline(__always)
    static func ~= (name: StaticString, key: JSONKey) -> Bool {
        key.bytes.spells(name)
    }

    var text: String { bytes.text }

    /// Whether two keys are the same key, as the tree parser compares them:
    /// by their code points (their UTF-8 bytes once escapes are decoded), not
    /// by canonical equivalence as `String`s compare.
    func isSame(as other: JSONKey) -> Bool {
        isPlain && other.isPlain ? bytes.equalBytes(other.bytes) : text.utf8.elementsEqual(other.text.utf8)
    }
}

/// Reads the JSON of a rule table as a stream, straight into values, with
/// no tree in between: members in any order, any whitespace, unknown
/// members skipped (but checked as JSON). Every token is read by
/// `JSONScanner`, as the tree parser reads it, and nothing the tree parser
/// would refuse is accepted (repeated keys, nesting past its limit, text
/// after the table); where a table is refused, `RuleTableReader` asks the
/// tree parser first, so a file that is not JSON is reported as before.
struct TableJSONReader {
    var scanner: JSONScanner
    /// The table's format version, which decides some shapes (conditions, states).
    var version = RuleTable.formatVersion
    private var depth = 0
    private var names = NameInterner()
    /// The names of `namedMembers` met last (see `memberName`), by a hash
    /// of their bytes packed in two words.
    private var recentNames = [(words: (UInt64, UInt64), count: Int, text: String)](repeating: ((0, 0), -1, ""), count: 128)
    /// The keys of the objects being read, innermost last: the first
    /// `keyCount` (the array keeps its room as objects end).
    private var keys: [JSONKey] = []
    private var keyCount = 0
    /// The decoded text of keys written with escapes, kept for as long as the reader reads.
    private let decodedKeys = ByteArena()

    /// How deep objects and arrays may nest: the tree parser's limit, or
    /// less on a thread of the parallel read (whose stack may be smaller).
    private let depthLimit: Int

    init(_ bytes: ByteView) {
        scanner = JSONScanner(bytes)
        depthLimit = JSONParser.maximumDepth
    }

    /// A reader at `position`, inside `depth` levels of objects and arrays,
    /// nesting at most `depthLimit` deep.
    init(_ bytes: ByteView, at position: Int, depth: Int, depthLimit: Int, version: Int) {
        scanner = JSONScanner(bytes)
        scanner.position = position
        self.depth = depth
        self.depthLimit = depthLimit
        self.version = version
    }

    /// The current nesting of objects and arrays.
    var nesting: Int { depth }

    /// The offset of the next token.
    var offset: Int {
        mutating get {
            scanner.skipWhitespace()
            return scanner.position
        }
    }

    func failure(_ message: String, at offset: Int) -> TableReadFailure {
        TableReadFailure(message: message, offset: offset)
    }

    private func syntax(_ message: String) -> TableReadFailure {
        TableReadFailure(message: message, offset: scanner.position, isSyntax: true)
    }

    private func syntax(_ error: JSONScanner.Failure) -> TableReadFailure {
        TableReadFailure(message: error.message, offset: error.offset, isSyntax: true)
    }

    /// One more level of objects and arrays, as deep as the tree parser allows.
    private mutating func enter() throws(TableReadFailure) {
        depth += 1
        if depth > depthLimit {
            throw depthLimit == JSONParser.maximumDepth ? syntax("JSON nested more than \(JSONParser.maximumDepth) levels deep")
                : TableReadFailure(message: "nested too deep for a thread of the parallel read", offset: scanner.position, isTooDeep: true)
        }
    }

    // MARK: - Objects and arrays

    /// The `{` of an object (after any whitespace).
    mutating func beginObject() throws(TableReadFailure) -> JSONObjectStart {
        let start = offset
        guard scanner.current == UInt8(ascii: "{") else { throw failure("expected an object", at: start) }
        try enter()
        scanner.position += 1
        return JSONObjectStart(offset: start, keyBase: keyCount)
    }

    /// Reads the members of `object` to its `}`: `member` reads the value of
    /// each it knows (the reader at the value) and returns true; any other
    /// is skipped.
    ///
    /// `expected` names the members as the writer writes them, in its
    /// order (distinct, and never `type`, which `value()` reads first): a
    /// key that is one of them after the last one matched (the next, or a
    /// later one where optional members are left out) is matched as bytes
    /// where it stands, with no search for its end and no comparison with
    /// the keys before it (those before it were expected too, and each
    /// name is expected once); from the first key that is not, every key is
    /// read and checked one by one. A key found so cost about 300
    /// instructions; matched, about 130.
    @inline(__always)
    mutating func members(of object: JSONObjectStart, expecting expected: [StaticString] = [],
                          _ member: (inout TableJSONReader, JSONKey) throws(TableReadFailure) -> Bool) throws(TableReadFailure) {
        if let resume = object.resume {
            scanner.position = resume
            scanner.skipWhitespace()
            if !scanner.eat(",") { return try endObject(object) }
        } else {
            scanner.position = object.offset + 1
            scanner.skipWhitespace()
            if scanner.eat("}") { return finish(object) }
        }
        // What makes skipping the comparison safe, checked where tests run.
        assert(Set(expected.map { "\($0)" }).count == expected.count && !expected.contains { "\($0)" == "type" },
               "expected names repeat, or name the type")
        var nextExpected = 0
        repeat {
            let key: JSONKey
            if nextExpected < expected.count, let (found, index) = expectedKey(among: expected, from: nextExpected) {
                key = found
                remember(key)
                nextExpected = index + 1
            } else {
                nextExpected = expected.count
                key = try self.key(in: object)
            }
            if try !member(&self, key) { try skipValue() }
            scanner.skipWhitespace()
        } while scanner.eat(",")
        try endObject(object)
    }

    /// The key at the position and its `:`, when it is one of
    /// `expected[first...]` written plainly, with the index of that name:
    /// the reader then at the value. Nil, nothing read, otherwise.
    private mutating func expectedKey(among expected: [StaticString], from first: Int) -> (JSONKey, Int)? {
        scanner.skipWhitespace()
        let quote = scanner.position
        guard scanner.current == UInt8(ascii: "\"") else { return nil }
        for index in first..<expected.count {
            let name = quote &+ 1..<quote &+ 1 &+ expected[index].utf8CodeUnitCount
            // The closing quote first: it tells most names that are not this one.
            guard name.upperBound < scanner.bytes.count, scanner.bytes[name.upperBound] == UInt8(ascii: "\""),
                  scanner.bytes.spells(expected[index], in: name) else { continue }
            scanner.position = name.upperBound + 1
            scanner.skipWhitespace()
            guard scanner.eat(":") else {
                scanner.position = quote
                return nil
            }
            scanner.skipWhitespace()
            return (JSONKey(bytes: scanner.bytes.piece(name), isPlain: true), index)
        }
        return nil
    }

    private mutating func endObject(_ object: JSONObjectStart) throws(TableReadFailure) {
        guard scanner.eat("}") else { throw syntax(scanner.atEnd ? "expected ',' or '}', found end of file" : "expected ',' or '}'") }
        finish(object)
    }

    private mutating func finish(_ object: JSONObjectStart) {
        keyCount = object.keyBase
        depth -= 1
    }

    /// A member's key and its `:`, refused if the object already has it; the reader then at the value.
    private mutating func key(in object: JSONObjectStart) throws(TableReadFailure) -> JSONKey {
        let key = try rawKey()
        for index in object.keyBase..<keyCount where keys[index].isSame(as: key) {
            throw syntax("the key \"\(key.text)\" appears twice in one object")
        }
        remember(key)
        return key
    }

    @inline(__always)
    private mutating func remember(_ key: JSONKey) {
        if keyCount < keys.count { keys[keyCount] = key } else { keys.append(key) }
        keyCount += 1
    }

    /// A key and its `:`, not remembered.
    private mutating func rawKey() throws(TableReadFailure) -> JSONKey {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw syntax("expected a quoted key") }
        let key: JSONKey
        if let range = scanner.plainString() {
            key = JSONKey(bytes: scanner.bytes.piece(range), isPlain: true)
        } else {
            do { key = JSONKey(bytes: decodedKeys.keep(Array(try scanner.string().utf8)), isPlain: false) } catch { throw syntax(error) }
        }
        scanner.skipWhitespace()
        guard scanner.eat(":") else { throw syntax("expected ':' after a key") }
        scanner.skipWhitespace()
        return key
    }

    /// The members of an object whose keys are names (variables,
    /// properties, states), each read by `member` with its name and the
    /// offset of its value. The caller refuses a repeated name.
    mutating func namedMembers(_ expected: String = "expected an object",
                               _ member: (inout TableJSONReader, String, Int) throws(TableReadFailure) -> Void) throws(TableReadFailure) {
        let start = offset
        guard scanner.current == UInt8(ascii: "{") else { throw failure(expected, at: start) }
        try enter()
        scanner.position += 1
        scanner.skipWhitespace()
        if !scanner.eat("}") {
            repeat {
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: "\"") else { throw syntax("expected a quoted key") }
                let name = try self.memberName()
                scanner.skipWhitespace()
                guard scanner.eat(":") else { throw syntax("expected ':' after a key") }
                try member(&self, name, offset)
                scanner.skipWhitespace()
            } while scanner.eat(",")
            guard scanner.eat("}") else { throw syntax(scanner.atEnd ? "expected ',' or '}', found end of file" : "expected ',' or '}'") }
        }
        depth -= 1
    }

    /// The items of an array, each read by `item` (the reader at the item).
    mutating func items(_ item: (inout TableJSONReader) throws(TableReadFailure) -> Void) throws(TableReadFailure) {
        guard try beginArray() else { return }
        repeat { try item(&self) } while try nextItem()
    }

    /// The `[` of an array (after any whitespace): false when the array is
    /// empty (its `]` read too), else true, the reader at the first item.
    mutating func beginArray() throws(TableReadFailure) -> Bool {
        let start = offset
        guard scanner.current == UInt8(ascii: "[") else { throw failure("expected an array", at: start) }
        try enter()
        scanner.position += 1
        scanner.skipWhitespace()
        if scanner.eat("]") {
            depth -= 1
            return false
        }
        return true
    }

    /// After an item: true when another follows (the reader at it), false
    /// at the end of the array (its `]` read).
    mutating func nextItem() throws(TableReadFailure) -> Bool {
        scanner.skipWhitespace()
        if scanner.eat(",") {
            scanner.skipWhitespace()
            return true
        }
        guard scanner.eat("]") else { throw syntax(scanner.atEnd ? "expected ',' or ']', found end of file" : "expected ',' or ']'") }
        depth -= 1
        return false
    }

    /// Any JSON value, checked as the tree parser checks it and dropped.
    mutating func skipValue() throws(TableReadFailure) {
        scanner.skipWhitespace()
        switch scanner.current {
        case UInt8(ascii: "{"): try members(of: try beginObject()) { _, _ throws(TableReadFailure) in false }
        case UInt8(ascii: "["): try items { reader throws(TableReadFailure) in try reader.skipValue() }
        case UInt8(ascii: "\""): if scanner.plainString() == nil { _ = try string() }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw syntax(scanner.atEnd ? "expected a JSON value, found end of file" : "expected a JSON value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(TableReadFailure) {
        do { try scanner.literal(word) } catch { throw syntax(error) }
    }

    /// Whether the next token is `null` (consumed if so).
    mutating func isNull() throws(TableReadFailure) -> Bool {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// The end of the table: nothing but whitespace after it.
    mutating func end() throws(TableReadFailure) {
        scanner.skipWhitespace()
        guard scanner.atEnd else { throw syntax("unexpected text after the JSON value") }
    }

    // MARK: - Values

    /// A typed value (Docs/RuleTable.md, "Values"), read by its kind's codec.
    mutating func value() throws(TableReadFailure) -> StyleValue {
        var object = try beginObject()
        scanner.skipWhitespace()
        let typeAt: Int
        let type: Range<Int>
        // As the writer lays it out, the type comes first; otherwise it is looked for first.
        if scanner.current == UInt8(ascii: "\""), let first = scanner.plainString(), scanner.bytes.spells("type", in: first) {
            remember(JSONKey(bytes: scanner.bytes.piece(first), isPlain: true))
            scanner.skipWhitespace()
            guard scanner.eat(":") else { throw syntax("expected ':' after a key") }
            typeAt = offset
            type = try plainText()
            object.resume = scanner.position
        } else {
            guard let at = try findMember("type", of: object) else {
                throw TableReadFailure(message: "missing", offset: object.offset, member: "type")
            }
            scanner.position = at
            typeAt = at
            type = try plainText()
            scanner.position = object.offset + 1
        }
        guard let codec = ValueCodecs.codec(forJSONType: type, of: scanner.bytes) else {
            throw failure("unknown value type '\(scanner.bytes.text(type))'", at: typeAt)
        }
        return try codec.readJSON(object, from: &self)
    }

    /// A property's `{"value": VALUE, "important": BOOL}` when it is laid
    /// out just so, as the writer writes every one; nil, the reader back
    /// where it was, for any other layout, for the members to be read one
    /// by one. Its two keys are matched as bytes in their place: found,
    /// checked and remembered one by one, they cost 600 instructions of a
    /// property's 1,500 (the value aside). An error in the value is thrown
    /// as the members' reading would throw it, being its first member.
    mutating func valueAndImportanceAsWritten() throws(TableReadFailure) -> (StyleValue, Bool)? {
        let start = offset
        guard scanner.current == UInt8(ascii: "{") else { return nil }
        scanner.position += 1
        guard scanner.eat("\"value\":") else {
            scanner.position = start
            return nil
        }
        try enter()
        let value = try self.value()
        scanner.skipWhitespace()
        if scanner.eat(",") {
            scanner.skipWhitespace()
            if scanner.eat("\"important\":") {
                scanner.skipWhitespace()
                let isImportant: Bool? = scanner.eat("true") ? true : scanner.eat("false") ? false : nil
                scanner.skipWhitespace()
                if let isImportant, scanner.eat("}") {
                    depth -= 1
                    return (value, isImportant)
                }
            }
        }
        depth -= 1
        scanner.position = start
        return nil
    }

    /// `[VALUE, ...]`.
    mutating func values() throws(TableReadFailure) -> [StyleValue] {
        var values: [StyleValue] = []
        try items { reader throws(TableReadFailure) in values.append(try reader.value()) }
        return values
    }

    /// The offset of the value of `object`'s member `name`, wherever it
    /// stands, or nil when it has none (the members before it, or all of
    /// them, checked as JSON); the reader then back at the object's start.
    mutating func findMember(_ name: StaticString, of object: JSONObjectStart) throws(TableReadFailure) -> Int? {
        scanner.position = object.offset + 1
        scanner.skipWhitespace()
        if !scanner.eat("}") {
            repeat {
                if name ~= (try rawKey()) {
                    let found = scanner.position
                    scanner.position = object.offset + 1
                    return found
                }
                try skipValue()
                scanner.skipWhitespace()
            } while scanner.eat(",")
            guard scanner.eat("}") else { throw syntax(scanner.atEnd ? "expected ',' or '}', found end of file" : "expected ',' or '}'") }
        }
        scanner.position = object.offset + 1
        return nil
    }

    /// A string that names something (a type, an operation), as bytes.
    private mutating func plainText() throws(TableReadFailure) -> Range<Int> {
        let at = offset
        guard scanner.current == UInt8(ascii: "\"") else { throw failure("expected a string", at: at) }
        if let bytes = scanner.plainString() { return bytes }
        // Escaped or non-ASCII: no type is spelled so, but the string must still be valid.
        let text = try string()
        throw failure("unknown value type '\(text)'", at: at)
    }

    // MARK: - Scalars

    mutating func string() throws(TableReadFailure) -> String {
        let at = offset
        guard scanner.current == UInt8(ascii: "\"") else { throw failure("expected a string", at: at) }
        do { return try scanner.string() } catch { throw syntax(error) }
    }

    /// A string that recurs (a name, a class, a file): made once, shared.
    /// (One of up to 15 bytes is stored inside the `String`: made anew.)
    mutating func name() throws(TableReadFailure) -> String {
        let at = offset
        guard scanner.current == UInt8(ascii: "\"") else { throw failure("expected a string", at: at) }
        if let range = scanner.plainString() {
            return range.count <= 15 ? scanner.bytes.text(range) : names.string(for: scanner.bytes.piece(range))
        }
        return try string()
    }

    /// The name of a member of `namedMembers`: a property's, mostly, and a
    /// table's rules set a few properties over and over. One of up to 16
    /// plain bytes is looked for among the names met last, by its bytes
    /// packed in two words (about 50 instructions), before a `String` is
    /// made of it (180: its bytes are checked as UTF-8).
    private mutating func memberName() throws(TableReadFailure) -> String {
        guard scanner.current == UInt8(ascii: "\""), let range = scanner.plainString() else { return try name() }
        guard range.count <= 16 else { return names.string(for: scanner.bytes.piece(range)) }
        let words = scanner.bytes.packedWords(in: range)
        let slot = Int(truncatingIfNeeded: ((words.0 ^ words.1 &* 0x9E37_79B9_7F4A_7C15) &* 0xFF51_AFD7_ED55_8CCD) >> 57)
        if recentNames[slot].count == range.count && recentNames[slot].words == words { return recentNames[slot].text }
        let text = scanner.bytes.text(range)
        recentNames[slot] = (words, range.count, text)
        return text
    }

    /// A name or `null`.
    mutating func optionalName() throws(TableReadFailure) -> String? {
        try isNull() ? nil : try name()
    }

    mutating func number() throws(TableReadFailure) -> Double {
        let at = offset
        switch scanner.current {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            do { return try scanner.number() } catch { throw syntax(error) }
        default:
            throw failure("expected a number", at: at)
        }
    }

    mutating func integer() throws(TableReadFailure) -> Int {
        let at = offset
        let value = try number()
        guard value == value.rounded(), abs(value) < 1e15 else { throw failure("expected a whole number", at: at) }
        return Int(value)
    }

    /// A whole number in `allowed` (described by `expected`).
    mutating func integer(in allowed: ClosedRange<Int>, _ expected: String) throws(TableReadFailure) -> Int {
        let at = offset
        let value = try integer()
        guard allowed.contains(value) else { throw failure("expected \(expected), found \(value)", at: at) }
        return value
    }

    mutating func bool() throws(TableReadFailure) -> Bool {
        let at = offset
        switch scanner.current {
        case UInt8(ascii: "t") where scanner.eat("true"): return true
        case UInt8(ascii: "f") where scanner.eat("false"): return false
        case UInt8(ascii: "t"), UInt8(ascii: "f"): throw syntax("expected a JSON value")
        default: throw failure("expected true or false", at: at)
        }
    }

    /// A keyword from a fixed set (`"pad"` for `Idiom`).
    mutating func keyword<Keyword: RawRepresentable & CaseIterable>(_: Keyword.Type) throws(TableReadFailure) -> Keyword
    where Keyword.RawValue == String {
        let at = offset
        let text = try name()
        guard let value = Keyword(rawValue: text) else {
            throw failure("expected one of \(Keyword.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")), found '\(text)'", at: at)
        }
        return value
    }

    /// The numbers of the members `names` of `object` (each required), in that order.
    mutating func numbers(of object: JSONObjectStart, named names: [StaticString]) throws(TableReadFailure) -> NumberFields {
        var fields = NumberFields()
        var seen = 0
        try members(of: object, expecting: names) { reader, key throws(TableReadFailure) in
            for index in names.indices where names[index] ~= key {
                fields[index] = try reader.number()
                seen |= 1 << index
                return true
            }
            return false
        }
        for index in names.indices where seen & (1 << index) == 0 {
            throw TableReadFailure(message: "missing", offset: object.offset, member: "\(names[index])")
        }
        return fields
    }
}

/// Up to four numbers of a value, by position.
typealias NumberFields = FourValues<Double>

extension FourValues<Double> {
    init() {
        self.init(values: 0, 0, 0, 0)
    }

    init(_ a: Double, _ b: Double = 0, _ c: Double = 0, _ d: Double = 0) {
        self.init(values: a, b, c, d)
    }
}

/// One `String` per distinct name: a table repeats a few property names,
/// classes and files many times over. The names' bytes lie end to end in
/// one array, and a slot holds a name's number: a slot holding the bytes
/// and the string themselves was copied out on each look, counting two
/// references (260 instructions a name found; 130 now, with its hash).
private struct NameInterner {
    /// 1 + the number of the name in the slot, 0 for a free slot.
    private var slots = [Int32](repeating: 0, count: 1024)
    private var strings: [String] = []
    private var hashes: [UInt32] = []
    /// Name `n`'s bytes are `storage[ends[n - 1]..<ends[n]]` (from 0 for the first).
    private var storage: [UInt8] = []
    private var ends: [Int] = []

    mutating func string(for bytes: ByteView) -> String {
        let hash = bytes.wordHash()
        var slot = Int(hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let name = Int(slots[slot]) - 1
            if hashes[name] == hash, bytes.equalBytes(storage, in: (name == 0 ? 0 : ends[name - 1])..<ends[name]) {
                return strings[name]
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        let string = bytes.text
        // Past half full, new names are not kept: a table of many distinct
        // names (selectors) gains nothing from sharing them.
        if strings.count < slots.count / 2 {
            strings.append(string)
            hashes.append(hash)
            storage.append(contentsOf: bytes)
            ends.append(storage.count)
            slots[slot] = Int32(strings.count)
        }
        return string
    }
}
