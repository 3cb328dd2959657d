import ReflEval

/// Loads any bytes as a rule table — binary or JSON, told apart by content
/// as an app's load does — and, when they load, resolves and explains a few
/// views and decodes the whole table: a reference that got past the
/// binary table's check would be read here. Loading may fail (with a
/// message); it must not crash, hang or read out of bounds.
@_cdecl("LLVMFuzzerTestOneInput")
public func tableFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let stylesheet = try? Stylesheet(ruleTable: bytes, path: "fuzz.reflb") else { return 0 }
    let table = stylesheet.table
    let environment = StyleEnvironment(idiom: .pad, horizontalSizeClass: .regular, screenSize: ViewSize(width: 1024, height: 768),
                                       externalConditions: ["a": .value(true)], appearance: .dark,
                                       contentSizeCategory: .accessibilityLarge, layoutDirection: .rtl, contrast: .high,
                                       accessibilityFlags: [.boldText])
    for rule in table.rules.prefix(8) {
        let query = StyleQuery(className: rule.selector.className ?? rule.selector.trait ?? "UIView", superclasses: ["UIView"],
                               traits: Set([rule.selector.trait, rule.selector.className].compactMap { $0 }),
                               environment: environment)
        _ = stylesheet.resolve(query).jsonBytes()
        _ = stylesheet.explain(query)
    }
    // What loads converts to the other form and back without loss.
    if let binary = try? table.binaryBytes() {
        var tableWithoutViews = table
        tableWithoutViews.views = ViewSchema()  // the binary form leaves `@view` declarations out (Docs/BinaryTable.md)
        precondition((try? Stylesheet(ruleTable: binary))?.table == tableWithoutViews, "a loaded table does not survive the binary form")
    }
    return 0
}
