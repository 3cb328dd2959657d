/// The environment as a cache key: every field of `StyleEnvironment`
/// (a test checks that none is left out). An environment whose external
/// conditions are computed by closures has no key: its styles are not cached.
///
/// Plain fields only (the external conditions' values by a number): the key
/// is made, kept and compared for every target on every application, and a
/// key holding a dictionary is copied and destroyed through the generic
/// runtime, counting references each time.
struct EnvironmentKey: Hashable {
    let idiom: Idiom
    let horizontalSizeClass: SizeClass
    let verticalSizeClass: SizeClass
    let screenWidth: Double, screenHeight: Double
    let boundsWidth: Double?, boundsHeight: Double?
    /// The values of the external conditions, by their number in
    /// `EnvironmentNumbers` (0: none, as in most environments).
    let externalConditions: Int
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

    /// `environment` as a key, its external conditions' values given by
    /// their number in `EnvironmentNumbers`. Borrowed: an initializer takes
    /// its arguments owned, which copied the environment's dictionary and
    /// set for every target applied.
    init(_ environment: borrowing StyleEnvironment, externalConditions: Int) {
        self.externalConditions = externalConditions
        idiom = environment.idiom
        horizontalSizeClass = environment.horizontalSizeClass
        verticalSizeClass = environment.verticalSizeClass
        screenWidth = environment.screenSize.width
        screenHeight = environment.screenSize.height
        boundsWidth = environment.bounds?.width
        boundsHeight = environment.bounds?.height
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

/// A number for each environment an applier meets, so that a resolved
/// style is found, and a repeat told apart, by comparing numbers: a target's
/// environment is made into a key and compared with the last one met (plain
/// fields, compared in place) and only hashed when it differs. Numbers are
/// never reused, so a number a target keeps never stands for another
/// environment, even after the table of them starts again.
struct EnvironmentNumbers {
    private var numbers: [EnvironmentKey: Int] = [:]
    private var last: (key: EnvironmentKey, number: Int)?
    private var next = 1
    /// The sets of external conditions' values met, by number (an app with
    /// N external conditions meets at most 2^N of them).
    private var externalConditions: [[String: Bool]: Int] = [:]

    /// The number of `environment`; nil when it has no key (external
    /// conditions computed by closures: its styles are not cached).
    mutating func number(of environment: StyleEnvironment) -> Int? {
        guard let key = key(of: environment) else { return nil }
        if let last, last.key == key { return last.number }
        let number: Int
        if let known = numbers[key] {
            number = known
        } else {
            // A bound on memory, as for the styles (every view's bounds is part of its environment).
            if numbers.count >= StyleCache.capacity { numbers.removeAll(keepingCapacity: true) }
            number = next
            next += 1
            numbers[key] = number
        }
        last = (key, number)
        return number
    }

    /// `environment` as a key, its external conditions' values by number (0: none).
    private mutating func key(of environment: StyleEnvironment) -> EnvironmentKey? {
        var external = 0
        if !environment.externalConditions.isEmpty {
            var values: [String: Bool] = [:]
            for (name, condition) in environment.externalConditions {
                guard case .value(let value) = condition else { return nil }
                values[name] = value
            }
            if let known = externalConditions[values] {
                external = known
            } else {
                external = externalConditions.count + 1
                externalConditions[values] = external
            }
        }
        return EnvironmentKey(environment, externalConditions: external)
    }
}

/// Resolved styles by query (class chain, traits, environment), so that a
/// screen of many views of a few kinds resolves each kind once. Dropped
/// whole when the stylesheet changes.
struct StyleCache {
    struct Key: Hashable {
        let classChain: [String]
        let traits: Set<String>
        /// The one trait when there is one (most views have none or one):
        /// taken out of the set once, since a set's first member is found
        /// by a scan and the key is hashed and compared for every target.
        let onlyTrait: String?
        /// The environment's number in `EnvironmentNumbers`.
        let environment: Int
        /// Empty unless the stylesheet has selectors with context.
        let ancestors: [StyleAncestor]

        init(classChain: [String], traits: Set<String>, environment: Int, ancestors: [StyleAncestor]) {
            self.classChain = classChain
            self.traits = traits
            onlyTrait = traits.count == 1 ? traits.first : nil
            self.environment = environment
            self.ancestors = ancestors
        }

        /// A hash of the fields that tell most queries apart: the class,
        /// one trait, the environment. The key is hashed for every target
        /// styled, and hashing the whole chain, a set (each member hashed
        /// on its own) and the ancestors cost more than the rest of a first
        /// styling; keys that share this hash are told apart by `==`.
        func hash(into hasher: inout Hasher) {
            hasher.combine(classChain.first ?? "")
            hasher.combine(traits.count)
            if let onlyTrait { hasher.combine(onlyTrait) }
            hasher.combine(environment)
            hasher.combine(ancestors.count)
        }

        /// The cheap fields first, and one trait compared as a string: a
        /// set's equality hashes each member, and a hit is compared for every
        /// target styled.
        static func == (left: Key, right: Key) -> Bool {
            guard left.environment == right.environment, left.traits.count == right.traits.count,
                  left.ancestors.count == right.ancestors.count, left.classChain == right.classChain else { return false }
            if left.traits.count <= 1 {
                guard left.onlyTrait == right.onlyTrait else { return false }
            } else if left.traits != right.traits {
                return false
            }
            return left.ancestors == right.ancestors
        }
    }

    private var styles: [Key: AppliedStyle] = [:]
    /// Past this many entries the cache starts again (a bound on memory: an
    /// app that resizes a window through many sizes makes many environments).
    static let capacity = 4096

    /// The style kept for `key`, if any.
    func style(_ key: Key) -> AppliedStyle? {
        styles[key]
    }

    /// Keeps `style` for `key`.
    mutating func keep(_ style: AppliedStyle, for key: Key) {
        if styles.count >= Self.capacity { styles.removeAll(keepingCapacity: true) }
        styles[key] = style
    }

    mutating func removeAll() { styles.removeAll() }
}

/// A resolved style made ready to apply to targets of one query: its
/// properties sorted, each with its binding and its value converted once
/// for all the targets of the query.
final class AppliedStyle {
    /// A class: a screen's worth of targets walk the same entries, and a
    /// reference is one count to keep where a structure of closures is several.
    final class Entry: Sendable {
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

        // The property of one target, reached through the binding or through
        // the target's own keyed accessors. Methods of the entry, and the
        // binding's methods called through `binding?.` rather than on a
        // name bound by `if let`: so the entry, its binding and the
        // binding's closures are used where they are held, where the
        // applier's loop counted a reference to the binding and to the
        // closure's context around each call (a first styling of 1,000
        // targets: 3.82 ms, now 2.69). The target is passed to each call, not
        // held by a structure: holding it would count a reference to it per
        // property, which for an object with weak references (every
        // registered view) is slow.

        /// The target's present value of the property.
        func read(of target: StyleTarget, _ keyed: KeyedStyleTarget?) -> StyleRead {
            if binding != nil { return binding?.readValue(of: target, for: property.state) ?? .unknown }
            return keyed?.styleValue(at: property.name, for: property.state) ?? .unknown
        }

        /// Sets the property of the target to `value`.
        func write(_ value: TargetValue?, to target: StyleTarget, _ keyed: KeyedStyleTarget?) {
            if binding != nil {
                binding?.writeValue(value, to: target, for: property.state)
                return
            }
            keyed?.setStyleValue(value?.styleValue, at: property.name, for: property.state)
        }

        /// Sets the property of the target to the stylesheet's value.
        func writeConverted(to target: StyleTarget, _ keyed: KeyedStyleTarget?) {
            write(converted, to: target, keyed)
        }
    }

    let style: ComputedStyle
    let entries: [Entry]
    /// Whether every entry has a binding: then a target's own keyed
    /// accessors are never used, and it is not asked for them.
    let isBoundWhole: Bool

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
        isBoundWhole = entries.allSatisfy { $0.binding != nil }
    }
}
