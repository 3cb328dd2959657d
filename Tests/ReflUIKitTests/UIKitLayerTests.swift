import Testing
import GoldenFiles
import SchemaGenerator
import ReflRuntime
@testable import ReflUIKit

/// The UIKit layer cannot be compiled on this machine; what it follows is
/// checked here against the UIKit schema, so that the two cannot drift.
struct UIKitLayerTests {
    /// The per-state accessors are generated from the schema; set
    /// `REFLC_UPDATE_GOLDENS=1` to write them again after a schema change.
    @Test func thePerStateSettersAreTheSchemasGenerated() throws {
        let generated = SchemaGenerator.perStateSetters(UIKitSchema.schema)
        #expect(Golden.mismatch(generated, against: "Sources/ReflUIKit/PerStateSetters+Generated.swift") == nil)
    }

    /// Every property of every class of the schema has a way in: the layer
    /// lists the same properties as the schema.
    @Test func everySchemaPropertyIsReachable() throws {
        let generated = SchemaGenerator.perStateSetters(UIKitSchema.schema)
        var reached = 0
        for className in UIKitSchema.schema.classes.keys.sorted() {
            for (property, declarer) in UIKitSchema.schema.allProperties(of: className) {
                if case .object = property.type { continue }  // reached through, never set whole
                let access = try #require(UIKitPropertyAccess.access(property.key, classChain: [className]),
                                          "\(className).\(property.key) has no way in")
                if property.isPerState {
                    #expect(access.perStateSetter == property.swiftName)
                    #expect(generated.contains("\"\(declarer.name).\(property.swiftName)\""), "no accessor for \(declarer.name).\(property.swiftName)")
                }
                reached += 1
            }
        }
        #expect(reached > 400)
    }

    @Test func keyPathsForwardsCopiesAndLazySubObjects() {
        let font = UIKitPropertyAccess.access("titleLabel.font", classChain: ["MyApp.BigButton", "UIButton"])
        #expect(font == UIKitPropertyAccess(keyValuePath: "titleLabel.font", type: .font, holderClass: "UILabel",
                                            perStateSetter: nil, copiedObject: nil, passesLazySubObject: true))
        let radius = UIKitPropertyAccess.access("cornerRadius", classChain: ["UILabel"])
        #expect(radius?.keyValuePath == "layer.cornerRadius")
        #expect(radius?.holderClass == "CALayer")  // a layer's color is a CGColor: the holder decides
        #expect(UIKitPropertyAccess.access("borderColor", classChain: ["UIView"])?.holderClass == "CALayer")
        let appearance = UIKitPropertyAccess.access("standardAppearance.backgroundColor", classChain: ["UINavigationBar"])
        #expect(appearance?.copiedObject == "standardAppearance")
        #expect(appearance?.passesLazySubObject == false)
        #expect(UIKitPropertyAccess.access("titleColor", classChain: ["UIButton"])?.perStateSetter == "setTitleColor(_:for:)")
        #expect(UIKitPropertyAccess.access("backroundColor", classChain: ["UIView"]) == nil)
        #expect(UIKitPropertyAccess.access("layer", classChain: ["UIView"]) == nil)
    }
}
