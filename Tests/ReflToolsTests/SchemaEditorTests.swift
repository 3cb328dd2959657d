import ReflTools
import Testing

/// What the UIKit schema gives the editor: keys by the rule's class, the
/// cases of a key's enumeration, hover with the UIKit property, and the
/// names of positional arguments.
struct SchemaEditorTests {
    @Test func keysAreCompletedByTheRulesClassWithTheirTypes() throws {
        let session = try DocumentRequestTests.session("UIButton:primary {\n    shad\n}\nMyApp.CardView { accent-color: red; }\n")
        let completion = try session.result("textDocument/completion", session.place("a.less", 1, 8))
        let items = completion["items"]?.array ?? []
        let labels = items.compactMap { $0["label"]?.string }
        #expect(labels == ["shadow-color", "shadow-opacity", "shadow-offset", "shadow-radius"].filter { labels.contains($0) })
        #expect(labels.contains("shadow-color") && labels.contains("shadow-radius"))
        let color = items.first { $0["label"]?.string == "shadow-color" }
        #expect(color?["detail"]?.string == "color — UIView.shadowColor")
        // A key path continues in the sub-object's class.
        let path = try DocumentRequestTests.session("UIButton {\n    title-label--text-al\n}\n")
        let pathLabels = DocumentRequestTests.labels(try path.result("textDocument/completion", path.place("a.less", 1, 24)))
        #expect(pathLabels == ["title-label--text-alignment"])
    }

    @Test func declaredClassesAreCompletedLikeUIKits() throws {
        let session = try DocumentRequestTests.session("@view MyApp.CardView: UIView { accent-color: color; }\nMyApp.CardView {\n    acc\n}\n")
        let items = try session.result("textDocument/completion", session.place("a.less", 2, 7))["items"]?.array ?? []
        // Its own property first, then its superclass's (UIView's) that match.
        #expect(items.map { $0["label"]?.string } == ["accent-color", "accessibility-label", "accessibility-hint",
                                                      "accessibility-value", "accessibility-identifier"])
        #expect(items.first?["detail"]?.string == "color — MyApp.CardView.accentColor")
    }

    @Test func theCasesOfTheKeysEnumerationAreOffered() throws {
        let session = try DocumentRequestTests.session("UIStackView {\n    distribution: fill\n}\n")
        let items = try session.result("textDocument/completion", session.place("a.less", 1, 22))["items"]?.array ?? []
        #expect(Array(items.prefix(3)).map { $0["label"]?.string } == ["fill", "fill-equally", "fill-proportionally"])
        #expect(items.first?["detail"]?.string == "UIStackView.Distribution.fill = 0")
    }

    @Test func aKeyOfASingleOptionIsOfferedItsOptionsOfOneBit() throws {
        let session = try DocumentRequestTests.session("UIButton {\n    configuration--image-placement: \n}\n")
        let items = try session.result("textDocument/completion", session.place("a.less", 1, 36))["items"]?.array ?? []
        #expect(Array(items.prefix(4)).map { $0["label"]?.string } == ["top", "leading", "bottom", "trailing"])
        #expect(!items.contains { $0["label"]?.string == "all" })
        let hover = try session.result("textDocument/hover", session.place("a.less", 1, 20))
        #expect(hover["contents"]?["value"]?.string == "**configuration--image-placement** — `UIButton.Configuration.imagePlacement`\n\n"
            + "type `options(NSDirectionalRectEdge)`; a single option\n\none edge: top, leading, bottom or trailing\n\n"
            + "options: `top`, `leading`, `bottom`, `trailing`\n\n"
            + "sets the key path `configuration.imagePlacement` of `UIButton`, through its sub-object `configuration` (a `UIButton.Configuration`)")
    }

    @Test func hoverOnAKeyShowsTheUIKitProperty() throws {
        let session = try DocumentRequestTests.session("UIButton {\n    title-color[highlighted]: red;\n    corner-radius: 4pt;\n}\n")
        let title = try session.result("textDocument/hover", session.place("a.less", 1, 6))
        #expect(title["contents"]?["value"]?.string == "**title-color** — `UIButton.setTitleColor(_:for:)`\n\n"
            + "type `color`; set per control state (`title-color[highlighted]`)")
        let radius = try session.result("textDocument/hover", session.place("a.less", 2, 6))
        #expect(radius["contents"]?["value"]?.string == "**corner-radius** — `UIView.cornerRadius`\n\n"
            + "type `number`; sets `layer.cornerRadius`\n\na reflc convenience\n\ndeclared by `UIView`, a superclass of `UIButton`")
    }

    @Test func hoverOnAKeyPathNamesTheSubObjectNotASuperclass() throws {
        let session = try DocumentRequestTests.session(
            "UIButton:primary {\n    title-label--text-color: red;\n    background-color: blue;\n"
            + "    title-label--background-color: red;\n    configuration--background--corner-radius: 4pt;\n}\n")
        let path = try session.result("textDocument/hover", session.place("a.less", 1, 10))
        #expect(path["contents"]?["value"]?.string == "**title-label--text-color** — `UILabel.textColor`\n\n"
            + "type `color`\n\nsets the key path `titleLabel.textColor` of `UIButton`, through its sub-object `titleLabel` (a `UILabel`)")
        // A plain key a superclass declares keeps saying so.
        let plain = try session.result("textDocument/hover", session.place("a.less", 2, 6))
        #expect(plain["contents"]?["value"]?.string == "**background-color** — `UIView.backgroundColor`\n\n"
            + "type `color`\n\ndeclared by `UIView`, a superclass of `UIButton`")
        // The sub-object's property declared by the sub-object's superclass: still the key path.
        let inherited = try session.result("textDocument/hover", session.place("a.less", 3, 6))
        #expect(inherited["contents"]?["value"]?.string == "**title-label--background-color** — `UIView.backgroundColor`\n\n"
            + "type `color`\n\nsets the key path `titleLabel.backgroundColor` of `UIButton`, through its sub-object `titleLabel` (a `UILabel`)")
        // Two sub-objects deep.
        let deep = try session.result("textDocument/hover", session.place("a.less", 4, 6))
        let deepText = deep["contents"]?["value"]?.string ?? ""
        #expect(deepText.hasSuffix("sets the key path `configuration.background.cornerRadius` of `UIButton`, through its sub-objects "
            + "`configuration` (a `UIButton.Configuration`) and `background` (a `UIBackgroundConfiguration`)"))
        #expect(!deepText.contains("superclass"))
    }

    @Test func positionalArgumentsAreNamedByInlayHints() throws {
        let session = try DocumentRequestTests.session("A {\n    m: edge-insets(1, 2, 3, 4);\n    s: size(10, 20);\n}\n")
        let hints = try session.result("textDocument/inlayHint", [
            "textDocument": session.document("a.less"), "range": Session.range((0, 0), (4, 0)),
        ])
        #expect(hints.array?.map { $0["label"]?.string ?? "" } == ["left:", "top:", "right:", "bottom:", "width:", "height:"])
        #expect(hints.array?.first?["position"] == ["line": 1, "character": 19])
        #expect(hints.array?.first?["kind"] == 2)
        // One and two edge insets, a rect and a point (as the documentation lists them); other calls get none.
        let more = try DocumentRequestTests.session(
            "A {\n    a: edge-insets(1);\n    b: edge-insets(1, 2);\n    c: rect(0, 0, 10, 20);\n    d: point(1, 2);\n    e: rgb(1, 2, 3);\n}\n")
        let labels = try more.result("textDocument/inlayHint", [
            "textDocument": more.document("a.less"), "range": Session.range((0, 0), (7, 0)),
        ]).array?.map { $0["label"]?.string ?? "" }
        #expect(labels == ["all:", "vertical:", "horizontal:", "x:", "y:", "width:", "height:", "x:", "y:"])
    }

    @Test func aColorsChannelsAreWholeWhereTheColorIs() throws {
        let session = try DocumentRequestTests.session("@forest: #2f6b3a;\nA { b: @forest; }\n")
        let hover = try session.result("textDocument/hover", session.place("a.less", 1, 9))
        #expect(hover["contents"]?["value"]?.string?.contains("red 47 · green 107 · blue 58 · alpha 1") == true)
    }
}
