import Foundation
import Testing
import GoldenFiles
import ReflRuntime
import SchemaGenerator

/// `Schema/UIKit.schema` is the one source of UIKit's schema: the generated
/// Swift the run time is built with and `Docs/Properties.md` are kept equal
/// to it here (`REFLC_UPDATE_GOLDENS=1` rewrites them).
struct SchemaTests {
    static func schemaText() throws -> String {
        try String(contentsOfFile: Golden.packageRoot + "/Schema/UIKit.schema", encoding: .utf8)
    }

    @Test func theGeneratedSwiftAndTheReferencePageMatchTheSchema() throws {
        let schema = try SchemaFile.parse(try Self.schemaText())
        #expect(Golden.mismatch(SchemaGenerator.swift(schema), against: "Sources/ReflRuntime/Schema/UIKitSchema+Generated.swift") == nil)
        #expect(Golden.mismatch(SchemaGenerator.markdown(schema), against: "Docs/Properties.md") == nil)
        if !Golden.isUpdating {
            #expect(UIKitSchema.schema == schema, "the run time was built from another version of the schema")
        }
    }

    @Test func lookUpsFollowSuperclassesAndSubObjects() throws {
        let schema = UIKitSchema.schema
        let found = try #require(schema.property("cornerRadius", of: "UIView"))
        #expect(found.declaredBy.name == "UIView")
        #expect(found.property.forwardsTo == "layer.cornerRadius")
        #expect(schema.property("hidden", of: "UIView")?.property.swiftName == "isHidden")
        #expect(schema.property("layer", of: "UIView")?.property.type == .object("CALayer"))
        #expect(schema.property("borderWidth", of: "CALayer") != nil)
        #expect(schema.property("backroundColor", of: "UIView") == nil)
        #expect(schema.enumerations["UIView.ContentMode"]?.case("mode-scale-aspect-fill")?.rawValue == 2)

        // A button finds the view's convenience through UIControl.
        let inherited = try #require(schema.property("cornerRadius", of: "UIButton"))
        #expect(inherited.declaredBy.name == "UIView")
        #expect(schema.classChain("UIButton").map(\.name) == ["UIButton", "UIControl", "UIView"])
        // A chain stops where it comes back to a class it holds, and a deep one is followed to its root.
        let cycle = ViewSchema(classes: ["A": ViewClass(name: "A", superclass: "B", properties: []),
                                         "B": ViewClass(name: "B", superclass: "C", properties: []),
                                         "C": ViewClass(name: "C", superclass: "A", properties: [])])
        #expect(cycle.classChain("B").map(\.name) == ["B", "C", "A"])
        // A property is looked for up such a chain too, to its end and no further.
        var looped = cycle
        looped.classes["A"]!.properties = [PropertySchema(key: "x", stylesheetKey: "x", swiftName: "x", type: .number)]
        #expect(looped.property("x", of: "B")?.declaredBy.name == "A")
        #expect(looped.property("y", of: "B") == nil)
        var deep: [String: ViewClass] = ["V0": ViewClass(name: "V0", superclass: "UIView", properties: [])]
        for index in 1..<5_000 { deep["V\(index)"] = ViewClass(name: "V\(index)", superclass: "V\(index - 1)", properties: []) }
        #expect(ViewSchema(classes: deep).classChain("V4999").count == 5_000)
        deep["V0"]!.properties = [PropertySchema(key: "root", stylesheetKey: "root", swiftName: "root", type: .bool)]
        #expect(ViewSchema(classes: deep).property("root", of: "V4999")?.declaredBy.name == "V0")
        let titleColor = try #require(schema.property("titleColor", of: "UIButton")?.property)
        #expect(titleColor.isPerState)
        #expect(titleColor.type == .color)
        #expect(titleColor.swiftName == "setTitleColor(_:for:)")
        // UIKit has no per-state background color: a button's is the view's.
        let buttonBackground = try #require(schema.property("backgroundColor", of: "UIButton"))
        #expect(buttonBackground.declaredBy.name == "UIView")
        #expect(!buttonBackground.property.isPerState)
        #expect(schema.property("on", of: "UISwitch")?.property.swiftName == "isOn")
        #expect(schema.property("alignment", of: "UIStackView")?.property.type == .enumeration("UIStackView.Alignment"))
        let alignment = try #require(schema.enumerations["UIStackView.Alignment"])
        #expect(alignment.case("center")?.rawValue == 3)
        #expect(alignment.case("top")?.rawValue == alignment.case("leading")?.rawValue)
        #expect(schema.enumerations["NSTextAlignment"]?.case("right")?.rawValue == 2)
        #expect(schema.enumerations["UIKeyboardType"]?.case("url")?.swiftName == "URL")
        #expect(schema.enumerations["UIButton.Configuration.CornerStyle"]?.case("fixed")?.rawValue == -1)
        // Sub-objects, versions and deprecations as UIKit gives them.
        #expect(schema.property("titleLabel", of: "UIButton")?.property.type == .object("UILabel"))
        #expect(schema.property("configuration", of: "UIButton")?.property.since == OSVersion(15, 0))
        let contentInsets = try #require(schema.property("contentEdgeInsets", of: "UIButton")?.property)
        #expect(contentInsets.deprecated == OSVersion(15, 0))
        #expect(schema.property("scrollEdgeAppearance", of: "UITabBar")?.property.since == OSVersion(15, 0))
        #expect(schema.property("scrollEdgeAppearance", of: "UINavigationBar")?.property.since == OSVersion(13, 0))
        #expect(schema.property("backgroundColor", of: "UINavigationBarAppearance")?.declaredBy.name == "UIBarAppearance")
        #expect(schema.property("searchTextField", of: "UISearchBar")?.property.type == .object("UITextField"))
        // A class with a superclass reaches NSObject or UIResponder through classes the schema knows.
        for known in schema.classes.values where known.superclass != nil {
            let root = schema.classChain(known.name).last?.superclass
            #expect(root == "NSObject" || root == "UIResponder", "\(known.name) ends at \(root ?? "nil")")
        }
    }

    /// The parser keeps a repeated key or word silently (the first one wins
    /// a look-up), so a copy-and-paste slip in the data is caught here.
    @Test func theSchemaDeclaresEachKeyAndEachWordOnce() {
        let schema = UIKitSchema.schema
        for known in schema.classes.values {
            let keys = known.properties.map(\.stylesheetKey)
            #expect(Set(keys).count == keys.count, "\(known.name) repeats a key: \(keys.sorted())")
        }
        for enumeration in schema.enumerations.values {
            let words = enumeration.cases.map(\.word)
            #expect(Set(words).count == words.count, "\(enumeration.name) repeats a word: \(words)")
        }
    }

    @Test func mistakesInTheSchemaFileAreReportedAtTheirLine() {
        #expect(throws: SchemaFile.Failure.self) { try SchemaFile.parse("class UIView\n    hidden bolean\n") }
        do {
            _ = try SchemaFile.parse("class UIView\n    hidden bolean\n")
        } catch {
            #expect(error.description == "Schema/UIKit.schema:2: unknown type 'bolean'")
        }
        do {
            _ = try SchemaFile.parse("class UIView : UIResponder\n    content-mode enum(Nope)\n")
        } catch {
            #expect(error.description == "Schema/UIKit.schema:0: UIView.content-mode: unknown enumeration Nope")
        }
    }
}
