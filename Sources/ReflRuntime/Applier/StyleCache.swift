/// The environment as a cache key: every field of `StyleEnvironment`
/// (a test checks that none is left out). An environment whose external
/// conditions are computed by closures has no key: its styles are not cached.
struct EnvironmentKey: Hashable {
    let idiom: Idiom
    let horizontalSizeClass: SizeClass
    let verticalSizeClass: SizeClass
    let screenWidth: Double, screenHeight: Double
    let boundsWidth: Double?, boundsHeight: Double?
    let externalConditions: [String: Bool]
    let appearance: Appearance
    let contentSizeCategory: ContentSizeCategory
    let layoutDirection: LayoutDirection
    let contrast: Contrast
    let accessibilityFlags: Set<AccessibilityFlag>

    /// How many fields of `StyleEnvironment` the key covers.
    static let coveredFields = 11

    init?(_ environment: StyleEnvironment) {
        var external: [String: Bool] = [:]
        for (name, condition) in environment.externalConditions {
            guard case .value(let value) = condition else { return nil }
            external[name] = value
        }
        idiom = environment.idiom
        horizontalSizeClass = environment.horizontalSizeClass
        verticalSizeClass = environment.verticalSizeClass
        screenWidth = environment.screenSize.width
        screenHeight = environment.screenSize.height
        boundsWidth = environment.bounds?.width
        boundsHeight = environment.bounds?.height
        externalConditions = external
        appearance = environment.appearance
        contentSizeCategory = environment.contentSizeCategory
        layoutDirection = environment.layoutDirection
        contrast = environment.contrast
        accessibilityFlags = environment.accessibilityFlags
    }
}

/// Resolved styles by query (class chain, traits, environment), so that a
/// screen of many views of a few kinds resolves each kind once. Dropped
/// whole when the stylesheet changes.
struct StyleCache {
    struct Key: Hashable {
        let classChain: [String]
        let traits: Set<String>
        let environment: EnvironmentKey
    }

    private var styles: [Key: ComputedStyle] = [:]
    /// Past this many entries the cache starts again (a bound on memory: an
    /// app that resizes a window through many sizes makes many environments).
    static let capacity = 4096

    mutating func style(_ key: Key?, resolve: () -> ComputedStyle) -> ComputedStyle {
        guard let key else { return resolve() }
        if let style = styles[key] { return style }
        if styles.count >= Self.capacity { styles.removeAll(keepingCapacity: true) }
        let style = resolve()
        styles[key] = style
        return style
    }

    mutating func removeAll() { styles.removeAll() }
}
