/// The environment as a cache key: every field of `StyleEnvironment`
/// (a test checks that none is left out). An environment whose external
/// conditions are computed by closures has no key: its styles are not cached.
struct EnvironmentKey: Hashable {
    let idiom: Idiom
    let horizontalSizeClass: SizeClass
    let verticalSizeClass: SizeClass
    let screenWidth: Double, screenHeight: Double
    let boundsWidth: Double?, boundsHeight: Double?
    /// Nil when there are none (most environments): nothing to count references to.
    let externalConditions: [String: Bool]?
    let appearance: Appearance
    let contentSizeCategory: ContentSizeCategory
    let layoutDirection: LayoutDirection
    let contrast: Contrast
    /// A bit per `AccessibilityFlag`, in case order.
    let accessibilityFlags: UInt8
    let osVersion: OSVersion?
    let scale: Double?

    /// How many fields of `StyleEnvironment` the key covers.
    static let coveredFields = 13

    init?(_ environment: StyleEnvironment) {
        var external: [String: Bool]?
        for (name, condition) in environment.externalConditions {
            guard case .value(let value) = condition else { return nil }
            external = external ?? [:]
            external![name] = value
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
        var flags: UInt8 = 0
        if !environment.accessibilityFlags.isEmpty {
            for (bit, flag) in AccessibilityFlag.allCases.enumerated() where environment.accessibilityFlags.contains(flag) {
                flags |= 1 << UInt8(bit)
            }
        }
        accessibilityFlags = flags
        osVersion = environment.osVersion
        scale = environment.scale
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
        /// Empty unless the stylesheet has selectors with context.
        let ancestors: [StyleAncestor]
    }

    private var styles: [Key: AppliedStyle] = [:]
    /// Past this many entries the cache starts again (a bound on memory: an
    /// app that resizes a window through many sizes makes many environments).
    static let capacity = 4096

    mutating func style(_ key: Key?, resolve: () -> AppliedStyle) -> AppliedStyle {
        guard let key else { return resolve() }
        if let style = styles[key] { return style }
        if styles.count >= Self.capacity { styles.removeAll(keepingCapacity: true) }
        let style = resolve()
        styles[key] = style
        return style
    }

    mutating func removeAll() { styles.removeAll() }
}

/// A resolved style made ready to apply to targets of one query: its
/// properties sorted, each with its binding and its value converted once
/// for all the targets of the query.
final class AppliedStyle {
    /// A class: a screen's worth of targets walk the same entries, and a
    /// reference is one count to keep where a structure of closures is several.
    final class Entry {
        let property: StyledProperty
        let value: StyleValue
        let isImportant: Bool
        let binding: StyleBinding?
        /// The value as the binding takes it; nil when it cannot. Without a
        /// binding, the stylesheet value itself (for a `KeyedStyleTarget`).
        let converted: TargetValue?

        init(property: StyledProperty, value: StyleValue, isImportant: Bool, binding: StyleBinding?, converted: TargetValue?) {
            self.property = property
            self.value = value
            self.isImportant = isImportant
            self.binding = binding
            self.converted = converted
        }
    }

    let style: ComputedStyle
    let entries: [Entry]

    init(style: ComputedStyle, classChain: [String], bindings: StyleBindings, context: StyleContext) {
        self.style = style
        var entries: [Entry] = []
        func add(_ property: StyledProperty, _ value: StyleValue, important: Bool) {
            let binding = bindings.binding(property.name, classChain: classChain)
            let converted = binding.map { $0.convert(value, context) } ?? TargetValue(value)
            entries.append(Entry(property: property, value: value, isImportant: important, binding: binding, converted: converted))
        }
        for (name, value) in style.properties {
            add(StyledProperty(name), value, important: style.importantProperties.contains(name))
        }
        for (state, properties) in style.stateProperties {
            let important = style.importantStateProperties[state] ?? []
            for (name, value) in properties { add(StyledProperty(name, state: state), value, important: important.contains(name)) }
        }
        entries.sort { $0.property < $1.property }
        self.entries = entries
    }
}
