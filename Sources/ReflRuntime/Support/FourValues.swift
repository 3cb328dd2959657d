/// Four values held in place rather than in an array, read and written by
/// position (0 to 3): a value's numbers as a table reader gathers them, a
/// value record's words as the binary writer lays them out. Both are made
/// for every value of a table, where an array each would be an allocation.
struct FourValues<Element> {
    private var storage: (Element, Element, Element, Element)

    init(values a: Element, _ b: Element, _ c: Element, _ d: Element) {
        storage = (a, b, c, d)
    }

    /// Position 0 to 3 (any other reads and writes the last).
    subscript(index: Int) -> Element {
        get {
            switch index {
            case 0: return storage.0
            case 1: return storage.1
            case 2: return storage.2
            default: return storage.3
            }
        }
        set {
            switch index {
            case 0: storage.0 = newValue
            case 1: storage.1 = newValue
            case 2: storage.2 = newValue
            default: storage.3 = newValue
            }
        }
    }
}

extension FourValues: Equatable where Element: Equatable {
    static func == (left: FourValues, right: FourValues) -> Bool { left.storage == right.storage }
}
