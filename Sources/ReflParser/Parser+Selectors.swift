import ReflLexer

extension Parser {
    /// contextSelector = { selector [ ">" ] } selector ;
    ///
    /// Steps separated by spaces (`A B`: B anywhere inside A) or `>` (`A > B`:
    /// B directly inside A); every step but the last goes to the file's
    /// `contextSteps`, outermost first, and only the last may end in
    /// `:__where`. Returns the last step, whose canonical text is the whole
    /// selector's (`A > B:t`), so that `__include` names it whole.
    mutating func parseContextSelector() -> (Selector, isValid: Bool) {
        var (selector, isValid) = parseSelectorParts()
        var stepCount = 0
        while let isChild = startsAnotherStep() {
            if let whereClause = selector.whereClause {
                error(ParserMessages.whereNotLast(), at: whereClause)
                isValid = false
            }
            syntax.contextSteps.append(ContextStep(selector: selector, isParentOfNext: isChild))
            stepCount += 1
            guard at(.identifier) else {
                error(ParserMessages.expected("a selector", after: isChild ? "'>'" : "the selector", found: found), at: current.range)
                return (selector, false)
            }
            let (next, nextIsValid) = parseSelectorParts()
            selector = next
            isValid = isValid && nextIsValid
        }
        if stepCount == 0, let range = selector.canonicalRange {
            // Most selectors: interned where the source spells them. Handing
            // the source to a function of its own counted a reference to it,
            // which the threads parsing pieces of one file share and fight over.
            selector.textID = syntax.selectorTexts.intern(source, range)
            return (selector, isValid)
        }
        let steps = syntax.contextSteps[(syntax.contextSteps.count - stepCount)...]
        // A static call: a method call on `self` would copy the parser, and the
        // copy's share of the texts' storage would make each intern copy it whole.
        selector.textID = Self.withCanonicalText(steps: steps, last: selector, in: source) { syntax.selectorTexts.intern($0, $1) }
        return (selector, isValid)
    }

    /// Whether another step follows: `true` after a `>` (consumed), `false`
    /// for a name after a space; nil when the selector ends here.
    private mutating func startsAnotherStep() -> Bool? {
        if at(.greater) {
            advance()
            return true
        }
        return at(.identifier) && current.isPrecededBySpace ? false : nil
    }

    /// The canonical text of a selector with context: the steps' texts
    /// joined by ` ` or ` > `, then the last step's.
    private static func withCanonicalText<Result>(steps: ArraySlice<ContextStep>, last: Selector, in source: [UInt8],
                                                  _ body: (_ bytes: [UInt8], _ range: Range<Int>) -> Result) -> Result {
        guard !steps.isEmpty else { return last.withCanonicalBytes(in: source, body) }
        var bytes: [UInt8] = []
        for step in steps {
            step.selector.withCanonicalBytes(in: source) { bytes.append(contentsOf: $0[$1]) }
            bytes.append(contentsOf: step.isParentOfNext ? Array(" > ".utf8) : [UInt8(ascii: " ")])
        }
        last.withCanonicalBytes(in: source) { bytes.append(contentsOf: $0[$1]) }
        return body(bytes, 0..<bytes.count)
    }

    /// selector = NAME [ ":" NAME ] [ ":" "__where" ] ;
    ///
    /// The first name is a class when it starts with an uppercase letter or
    /// contains a `.` (`UILabel`, `MyApp.FooLabel`), a trait otherwise; a name
    /// after the class is its trait. Returns the selector and whether it is
    /// well-formed (errors are reported here).
    mutating func parseSelectorParts() -> (Selector, isValid: Bool) {
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
    static func isClassName(_ bytes: [UInt8], _ range: SourceRange) -> Bool {
        let first = bytes[range.start]
        if first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") { return true }
        return bytes[range.start..<range.end].contains(UInt8(ascii: "."))
    }
}
