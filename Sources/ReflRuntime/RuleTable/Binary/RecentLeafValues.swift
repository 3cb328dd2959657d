
/// Values a binary writer laid out lately, with the ids their records got:
/// a value met again is found here by comparing values, before its codec
/// lays out its parts (strings, numbers, lists) and its record is looked
/// up in the pool. Rules repeat their neighbours' fonts, option sets,
/// enumeration cases, sizes, numbers, percentages and flags far more
/// often than they bring new ones (the 10 MB benchmark's table lays out
/// 25,000 fonts of 31 kinds and 20,000 option sets of one).
///
/// A direct-mapped table: each value has one slot, by a hash of its
/// cheapest fields, and a value found there is compared whole. Only
/// kinds that repeat are kept (colors, strings, rects and insets are
/// mostly new, and the lookup would only cost them), and only values that
/// hold no other value: one met here counts as one value laid out, as its
/// codec would have counted it. An id is its writer's own, so a writer
/// that forgets its pools forgets these too (`removeAll`).
struct RecentLeafValues {
    private static let slotCount = 256
    /// Each slot's value and its id; an empty slot holds `empty`, whose
    /// id is `BinaryFormat.none` (values and ids apart: an optional pair
    /// read out of its array was copied whole to be compared, ids and all).
    private var values = [StyleValue](repeating: Self.empty, count: Self.slotCount)
    private var ids = [UInt32](repeating: BinaryFormat.none, count: slotCount)
    private static let empty = StyleValue.bool(false)

    /// The slot of `value`; nil for a kind that is not kept.
    @inline(__always)
    static func slot(of value: StyleValue) -> Int? {
        let hash: UInt64
        switch value {
        case .number(let number, let unit): hash = number.bitPattern &+ UInt64(unit.map { $0 == .px ? 1 : 2 } ?? 0)
        case .percent(let percent): hash = percent.bitPattern &+ 3
        case .bool(let bool): hash = bool ? 5 : 4
        case .size(let width, let height): hash = width.bitPattern &+ height.bitPattern &* 3
        case .font(let font):
            let size: Double
            switch font.size {
            case .points(let points, _): size = points
            case .percent(let percent): size = -percent
            }
            hash = size.bitPattern &+ UInt64(font.name.utf8.count) &* 7 &+ UInt64(font.weight.map { BinaryFormat.code($0) } ?? 0xFF)
        case .enumCase(let enumCase): hash = UInt64(bitPattern: Int64(enumCase.rawValue)) &* 11 &+ UInt64(enumCase.enumName.utf8.count)
        case .optionSet(let options): hash = UInt64(bitPattern: Int64(options.rawValue)) &* 13 &+ UInt64(options.setName.utf8.count)
        default: return nil
        }
        return Int(truncatingIfNeeded: PoolIndex.finished(hash)) & (slotCount - 1)
    }

    /// The id of `value`, whose slot is `slot`, if it is the value held there.
    @inline(__always)
    func id(of value: StyleValue, at slot: Int) -> UInt32? {
        let id = ids[slot]
        guard id != BinaryFormat.none, Self.isSame(values[slot], value) else { return nil }
        return id
    }

    /// Whether `a` and `b`, of kinds kept here, have the same record: their
    /// numbers the same bits and their strings the same bytes. `==` is not
    /// enough: it finds 0 and -0 equal, whose records differ, and strings
    /// equal that are only canonically equivalent ("é" as one character or
    /// as "e" and an accent), whose bytes differ.
    private static func isSame(_ a: StyleValue, _ b: StyleValue) -> Bool {
        switch (a, b) {
        case let (.number(x, xUnit), .number(y, yUnit)): return x.bitPattern == y.bitPattern && xUnit == yUnit
        case let (.percent(x), .percent(y)): return x.bitPattern == y.bitPattern
        case let (.bool(x), .bool(y)): return x == y
        case let (.size(xWidth, xHeight), .size(yWidth, yHeight)):
            return xWidth.bitPattern == yWidth.bitPattern && xHeight.bitPattern == yHeight.bitPattern
        case let (.font(x), .font(y)):
            return isSame(x.size, y.size) && x.isSystem == y.isSystem && x.weight == y.weight && x.textStyle == y.textStyle
                && isSame(x.name, y.name)
        case let (.enumCase(x), .enumCase(y)):
            return x.rawValue == y.rawValue && isSame(x.enumName, y.enumName) && isSame(x.caseName, y.caseName)
        case let (.optionSet(x), .optionSet(y)):
            return x.rawValue == y.rawValue && isSame(x.setName, y.setName) && x.options.count == y.options.count
                && zip(x.options, y.options).allSatisfy { isSame($0, $1) }
        default: return false
        }
    }

    private static func isSame(_ a: Font.Size, _ b: Font.Size) -> Bool {
        switch (a, b) {
        case let (.points(x, xUnit), .points(y, yUnit)): return x.bitPattern == y.bitPattern && xUnit == yUnit
        case let (.percent(x), .percent(y)): return x.bitPattern == y.bitPattern
        default: return false
        }
    }

    private static func isSame(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.hasUTF8(b, at: 0)
    }

    /// Remembers that `value`, whose slot is `slot`, was laid out as `id`.
    mutating func remember(_ value: StyleValue, at slot: Int, as id: UInt32) {
        values[slot] = value
        ids[slot] = id
    }

    mutating func removeAll() {
        for slot in ids.indices where ids[slot] != BinaryFormat.none {
            values[slot] = Self.empty
            ids[slot] = BinaryFormat.none
        }
    }
}
