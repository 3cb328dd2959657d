/// UIKit's classes, properties and enumerations, as `Schema/UIKit.schema`
/// describes them (the data is generated into `UIKitSchema+Generated.swift`).
public enum UIKitSchema {
    /// The whole UIKit schema.
    public static let schema = ViewSchema(
        classes: Dictionary(uniqueKeysWithValues: classes.map { ($0.name, $0) }),
        enumerations: Dictionary(uniqueKeysWithValues: enumerations.map { ($0.name, $0) }))
}
