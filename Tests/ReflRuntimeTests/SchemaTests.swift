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
        Golden.check(SchemaGenerator.swift(schema), against: "Sources/ReflRuntime/Schema/UIKitSchema+Generated.swift")
        Golden.check(SchemaGenerator.markdown(schema), against: "Docs/Properties.md")
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
