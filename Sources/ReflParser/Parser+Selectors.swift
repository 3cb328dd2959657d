import ReflLexer

extension Parser {
    /// selector = NAME [ ":" NAME ] [ ":" "__where" ] ;
    ///
    /// The first name is a class when it starts with an uppercase letter or
    /// contains a `.` (`UILabel`, `MyApp.FooLabel`), a trait otherwise; a name
    /// after the class is its trait. Returns the selector and whether it is
    /// well-formed (errors are reported here).
    mutating func parseSelector() -> (Selector, isValid: Bool) {
        var (selector, isValid) = parseSelectorParts()
        selector.textID = selector.withCanonicalBytes(in: source) { syntax.selectorTexts.intern($0) }
        return (selector, isValid)
    }

    private mutating func parseSelectorParts() -> (Selector, isValid: Bool) {
        // The parts are kept in a buffer the parser reuses: a selector has
        // two or three, and an array of its own would be an allocation per rule.
        var parts = selectorParts
        selectorParts = []
        defer {
            parts.removeAll(keepingCapacity: true)
            selectorParts = parts
        }
        let head = advance()
        parts.append(head)
        while at(.colon) {
            advance()
            guard at(.identifier) else {
                error(ParserMessages.selectorPartExpected(found: found), at: current.range)
                return (Selector(range: SourceRange(head.range.start, previousEnd)), false)
            }
            parts.append(advance())
        }
        return interpretSelector(parts)
    }

    /// Gives each part of `Class:trait:__where` its role and reports the
    /// forms Grammar.md rules out: a second trait, `__where` in the middle.
    private mutating func interpretSelector(_ parts: [Token]) -> (Selector, isValid: Bool) {
        var selector = Selector(range: SourceRange(parts[0].range.start, parts.last!.range.end))
        var isValid = true
        // The parts that are names, not `__where`: only the first three matter.
        var nameCount = 0
        var firstName = SourceRange(0, 0), secondName = firstName, thirdName = firstName
        for (index, part) in parts.enumerated() {
            if spells(part.range, "__where") {
                if index == 0 {
                    error(ParserMessages.whereAlone(), at: part.range)
                    isValid = false
                } else if index != parts.count - 1 {
                    error(ParserMessages.whereNotLast(), at: part.range)
                    isValid = false
                }
                selector.whereClause = part.range
            } else {
                switch nameCount {
                case 0: firstName = part.range
                case 1: secondName = part.range
                case 2: thirdName = part.range
                default: break
                }
                nameCount += 1
            }
        }
        guard nameCount > 0 else { return (selector, false) }
        if Self.isClassName(source, firstName) {
            selector.className = firstName
            selector.trait = nameCount > 1 ? secondName : nil
            if nameCount > 2 {
                error(ParserMessages.secondTrait(file.text(thirdName)), at: thirdName)
                isValid = false
            }
        } else {
            selector.trait = firstName
            if nameCount > 1 {
                error(ParserMessages.secondTrait(file.text(secondName)), at: secondName)
                isValid = false
            }
        }
        return (selector, isValid)
    }

    /// A class name starts with an uppercase letter or contains a `.`.
    static func isClassName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: SourceRange) -> Bool {
        let first = bytes[range.start]
        if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { return true }
        return UnsafeBufferPointer(rebasing: bytes[range.start..<range.end]).contains(UInt8(ascii: "."))
    }
}
