// Generated from Schema/UIKit.schema by `REFLC_UPDATE_GOLDENS=1 swift test --filter SchemaTests`; do not edit.

extension UIKitSchema {
    /// UIKit's enumerations and option sets.
    static let enumerations: [EnumerationSchema] = [
        EnumerationSchema(name: "UIView.AutoresizingMask", objcName: "UIViewAutoresizing", isOptionSet: true, cases: [
            EnumerationCase(word: "flexible-left-margin", swiftName: "flexibleLeftMargin", rawValue: 1),
            EnumerationCase(word: "flexible-width", swiftName: "flexibleWidth", rawValue: 2),
            EnumerationCase(word: "flexible-right-margin", swiftName: "flexibleRightMargin", rawValue: 4),
            EnumerationCase(word: "flexible-top-margin", swiftName: "flexibleTopMargin", rawValue: 8),
            EnumerationCase(word: "flexible-height", swiftName: "flexibleHeight", rawValue: 16),
            EnumerationCase(word: "flexible-bottom-margin", swiftName: "flexibleBottomMargin", rawValue: 32),
        ]),
        EnumerationSchema(name: "UIView.ContentMode", objcName: "UIViewContentMode", isOptionSet: false, cases: [
            EnumerationCase(word: "mode-scale-to-fill", swiftName: "scaleToFill", rawValue: 0),
            EnumerationCase(word: "mode-scale-aspect-fit", swiftName: "scaleAspectFit", rawValue: 1),
            EnumerationCase(word: "mode-scale-aspect-fill", swiftName: "scaleAspectFill", rawValue: 2),
            EnumerationCase(word: "mode-redraw", swiftName: "redraw", rawValue: 3),
            EnumerationCase(word: "mode-center", swiftName: "center", rawValue: 4),
            EnumerationCase(word: "mode-top", swiftName: "top", rawValue: 5),
            EnumerationCase(word: "mode-bottom", swiftName: "bottom", rawValue: 6),
            EnumerationCase(word: "mode-left", swiftName: "left", rawValue: 7),
            EnumerationCase(word: "mode-right", swiftName: "right", rawValue: 8),
            EnumerationCase(word: "mode-top-left", swiftName: "topLeft", rawValue: 9),
            EnumerationCase(word: "mode-top-right", swiftName: "topRight", rawValue: 10),
            EnumerationCase(word: "mode-bottom-left", swiftName: "bottomLeft", rawValue: 11),
            EnumerationCase(word: "mode-bottom-right", swiftName: "bottomRight", rawValue: 12),
        ]),
    ]

    /// UIKit's classes and the properties a stylesheet may set on them.
    static let classes: [ViewClass] = [
        ViewClass(name: "CALayer", superclass: "NSObject", properties: [
            PropertySchema(key: "cornerRadius", stylesheetKey: "corner-radius", swiftName: "cornerRadius", type: .number),
            PropertySchema(key: "borderWidth", stylesheetKey: "border-width", swiftName: "borderWidth", type: .number),
            PropertySchema(key: "borderColor", stylesheetKey: "border-color", swiftName: "borderColor", type: .color),
            PropertySchema(key: "backgroundColor", stylesheetKey: "background-color", swiftName: "backgroundColor", type: .color),
            PropertySchema(key: "shadowColor", stylesheetKey: "shadow-color", swiftName: "shadowColor", type: .color),
            PropertySchema(key: "shadowOpacity", stylesheetKey: "shadow-opacity", swiftName: "shadowOpacity", type: .number),
            PropertySchema(key: "shadowOffset", stylesheetKey: "shadow-offset", swiftName: "shadowOffset", type: .size),
            PropertySchema(key: "shadowRadius", stylesheetKey: "shadow-radius", swiftName: "shadowRadius", type: .number),
            PropertySchema(key: "masksToBounds", stylesheetKey: "masks-to-bounds", swiftName: "masksToBounds", type: .bool),
            PropertySchema(key: "opacity", stylesheetKey: "opacity", swiftName: "opacity", type: .number),
        ], since: nil),
        ViewClass(name: "UIView", superclass: "UIResponder", properties: [
            PropertySchema(key: "backgroundColor", stylesheetKey: "background-color", swiftName: "backgroundColor", type: .color),
            PropertySchema(key: "alpha", stylesheetKey: "alpha", swiftName: "alpha", type: .number),
            PropertySchema(key: "hidden", stylesheetKey: "hidden", swiftName: "isHidden", type: .bool),
            PropertySchema(key: "opaque", stylesheetKey: "opaque", swiftName: "isOpaque", type: .bool),
            PropertySchema(key: "clipsToBounds", stylesheetKey: "clips-to-bounds", swiftName: "clipsToBounds", type: .bool),
            PropertySchema(key: "tintColor", stylesheetKey: "tint-color", swiftName: "tintColor", type: .color, since: OSVersion(7, 0)),
            PropertySchema(key: "contentMode", stylesheetKey: "content-mode", swiftName: "contentMode", type: .enumeration("UIView.ContentMode")),
            PropertySchema(key: "autoresizingMask", stylesheetKey: "autoresizing-mask", swiftName: "autoresizingMask", type: .options("UIView.AutoresizingMask")),
            PropertySchema(key: "userInteractionEnabled", stylesheetKey: "user-interaction-enabled", swiftName: "isUserInteractionEnabled", type: .bool),
            PropertySchema(key: "frame", stylesheetKey: "frame", swiftName: "frame", type: .rect),
            PropertySchema(key: "bounds", stylesheetKey: "bounds", swiftName: "bounds", type: .rect),
            PropertySchema(key: "center", stylesheetKey: "center", swiftName: "center", type: .point),
            PropertySchema(key: "transform", stylesheetKey: "transform", swiftName: "transform", type: .transform),
            PropertySchema(key: "layoutMargins", stylesheetKey: "layout-margins", swiftName: "layoutMargins", type: .edgeInsets, since: OSVersion(8, 0)),
            PropertySchema(key: "directionalLayoutMargins", stylesheetKey: "directional-layout-margins", swiftName: "directionalLayoutMargins", type: .directionalEdgeInsets, since: OSVersion(11, 0)),
            PropertySchema(key: "layer", stylesheetKey: "layer", swiftName: "layer", type: .object("CALayer")),
            PropertySchema(key: "cornerRadius", stylesheetKey: "corner-radius", swiftName: "cornerRadius", type: .number, forwardsTo: "layer.cornerRadius", note: "a reflc convenience"),
            PropertySchema(key: "borderWidth", stylesheetKey: "border-width", swiftName: "borderWidth", type: .number, forwardsTo: "layer.borderWidth", note: "a reflc convenience"),
            PropertySchema(key: "borderColor", stylesheetKey: "border-color", swiftName: "borderColor", type: .color, forwardsTo: "layer.borderColor", note: "a reflc convenience"),
            PropertySchema(key: "shadowColor", stylesheetKey: "shadow-color", swiftName: "shadowColor", type: .color, forwardsTo: "layer.shadowColor", note: "a reflc convenience"),
            PropertySchema(key: "shadowOpacity", stylesheetKey: "shadow-opacity", swiftName: "shadowOpacity", type: .number, forwardsTo: "layer.shadowOpacity", note: "a reflc convenience"),
            PropertySchema(key: "shadowOffset", stylesheetKey: "shadow-offset", swiftName: "shadowOffset", type: .size, forwardsTo: "layer.shadowOffset", note: "a reflc convenience"),
            PropertySchema(key: "shadowRadius", stylesheetKey: "shadow-radius", swiftName: "shadowRadius", type: .number, forwardsTo: "layer.shadowRadius", note: "a reflc convenience"),
        ], since: OSVersion(2, 0)),
    ]
}
