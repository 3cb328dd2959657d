import Testing
@testable import ReflRuntime

/// The compiler's argument stack: what is popped is destroyed, except the
/// values that hold nothing counted, which are left to be overwritten.
struct ArgumentStackTests {
    /// The kinds left undestroyed hold plain data only: were a counted part
    /// added to one of their payloads, popping would leak it.
    @Test func theKindsLeftUndestroyedHoldPlainDataOnly() {
        #expect(_isPOD(Double.self) && _isPOD(Bool.self) && _isPOD(LengthUnit?.self))
        #expect(_isPOD(Color.self) && _isPOD(Transform.self))
        let plain: [StyleValue] = [
            .number(1, unit: .px), .percent(50), .angle(radians: 1), .bool(true), .color(Color(red: 1, green: 0, blue: 0)),
            .rect(x: 0, y: 0, width: 1, height: 1), .point(x: 1, y: 2), .size(width: 1, height: 2),
            .edgeInsets(top: 1, left: 2, bottom: 3, right: 4), .transform(.rotate(radians: 1)), .duration(seconds: 1),
        ]
        #expect(plain.allSatisfy { $0.holdsNothingCounted })
        let black = Color(red: 0, green: 0, blue: 0)
        let counted: [StyleValue] = [
            .string("a"), .vector([]), .identifier("a"), .call(name: "f", arguments: []), .assetColor("a"),
            .lightDark(light: black, dark: Color(red: 1, green: 1, blue: 1)), .localizedString(key: "a"),
            .image(.named("a")), .enumCase(EnumCase(enumName: "E", caseName: "a", rawValue: 0)),
            .optionSet(OptionSetValue(setName: "S", options: ["a"], rawValue: 1)),
            .border(Border(width: 1, color: .color(black))), .textAttributes(TextAttributes([])),
        ]
        #expect(!counted.contains { $0.holdsNothingCounted })
    }

    /// A popped value with counted parts is destroyed: the array it shared
    /// is held once again afterwards (appending to it then changes it in
    /// place rather than copying it). Plain values pushed and popped around
    /// it read back as pushed.
    @Test func aPoppedValueWithCountedPartsIsReleased() {
        var items: [StyleValue] = [.number(1, unit: nil), .string("shared")]
        items.reserveCapacity(16)
        func storage(_ items: [StyleValue]) -> UnsafeRawPointer? { items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let stack = ArgumentStack()
        for round in 0..<3 {
            stack.push(.number(Double(round), unit: .pt), at: SourceRange(0, 1))
            stack.push(.vector(items), at: SourceRange(1, 2))
            stack.push(.color(Color(red: 0.5, green: 0.5, blue: 0.5)), at: SourceRange(2, 3))
            #expect(stack.count == 3)
            do {  // the values read back, let go of before the pop
                guard case .number(let number, .pt) = stack[0], case .vector(let held) = stack[1] else {
                    Issue.record("not the values pushed")
                    return
                }
                #expect(number == Double(round) && held.count == 2)
            }
            stack.pop(to: 0)
            #expect(stack.count == 0)
            let before = storage(items)
            items.append(.bool(true))
            #expect(storage(items) == before, "the popped vector still holds the array")
            items.removeLast()
        }
    }
}
