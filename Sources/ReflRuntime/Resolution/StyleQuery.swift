
/// What resolution is asked about: a view (its class, superclasses and
/// traits) in an environment.
public struct StyleQuery: Sendable {
    /// The view's class, e.g. `UILabel` or `MyApp.FooLabel`.
    public var className: String
    /// Its superclasses, nearest first (`["UILabel", "UIView"]` for a subclass of UILabel).
    public var superclasses: [String]
    /// The view's traits, any number.
    public var traits: Set<String>
    public var environment: StyleEnvironment
    /// The view's ancestors, nearest first: its superview, its superview's
    /// superview, ..., with the view controller whose view is on the path
    /// just above that view. What the steps of selectors with context match.
    public var ancestors: [StyleAncestor]

    /// A query for a view of `className` with its superclasses (nearest first), traits and ancestors.
    public init(className: String, superclasses: [String] = [], traits: Set<String> = [],
                environment: StyleEnvironment = StyleEnvironment(), ancestors: [StyleAncestor] = []) {
        self.className = className
        self.superclasses = superclasses
        self.traits = traits
        self.environment = environment
        self.ancestors = ancestors
    }

    /// The class and its superclasses, nearest first.
    var classChain: [String] { [className] + superclasses }
}

/// One of a view's ancestors (a view or a view controller): its class and
/// superclasses, nearest first, and its traits.
public struct StyleAncestor: Sendable, Hashable {
    public var classChain: [String]
    public var traits: Set<String> {
        didSet { onlyTrait = Self.onlyTrait(of: traits) }
    }
    /// The one trait when there is exactly one, kept as the traits are set:
    /// a view has no trait or one nearly always, and the applier compares a
    /// target's ancestors on every styling, where taking the first member of
    /// each set cost about 80 instructions an ancestor.
    private var onlyTrait: String?

    public init(classChain: [String], traits: Set<String> = []) {
        self.classChain = classChain
        self.traits = traits
        onlyTrait = Self.onlyTrait(of: traits)
    }

    private static func onlyTrait(of traits: Set<String>) -> String? {
        traits.count == 1 ? traits.first : nil
    }

    /// Equal chains and traits: no trait or one compared as strings, where
    /// comparing sets would hash each member.
    public static func == (left: StyleAncestor, right: StyleAncestor) -> Bool {
        guard left.traits.count == right.traits.count, left.onlyTrait == right.onlyTrait, left.classChain == right.classChain else {
            return false
        }
        return left.traits.count <= 1 || left.traits == right.traits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(classChain)
        hasher.combine(traits)
    }
}

/// The conditions a view is styled in. Unless given, the idiom, size
/// classes, appearance, content size, layout direction and contrast are
/// `unspecified`, no accessibility flag is set, the screen is 0×0, the
/// bounds are the screen size, and every external condition is false.
public struct StyleEnvironment: Sendable {
    public var idiom: Idiom
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    /// What `width` and `height` in conditions test (and `orientation`).
    public var screenSize: ViewSize
    /// What `%` is relative to; nil means the screen size.
    public var bounds: ViewSize?
    /// Values of the `?name` conditions, by name.
    public var externalConditions: [String: ExternalCondition]
    /// Light or dark mode (`appearance` in conditions).
    public var appearance: Appearance
    /// The Dynamic Type size: what `content-size` tests and what fonts with
    /// a text style scale to (as at `large` when unspecified).
    public var contentSizeCategory: ContentSizeCategory
    public var layoutDirection: LayoutDirection
    /// The accessibility contrast (`contrast` in conditions).
    public var contrast: Contrast
    /// The accessibility settings that are on (`reduce-motion`, ...).
    public var accessibilityFlags: Set<AccessibilityFlag>
    /// The OS version (`os-version`); nil: unknown, every comparison false.
    public var osVersion: OSVersion?
    /// The screen's scale (`scale`); nil: unknown, every comparison false.
    public var scale: Double?

    /// An environment; every argument left out takes the default above.
    public init(idiom: Idiom = .unspecified, horizontalSizeClass: SizeClass = .unspecified,
                verticalSizeClass: SizeClass = .unspecified, screenSize: ViewSize = ViewSize(width: 0, height: 0),
                bounds: ViewSize? = nil, externalConditions: [String: ExternalCondition] = [:],
                appearance: Appearance = .unspecified, contentSizeCategory: ContentSizeCategory = .unspecified,
                layoutDirection: LayoutDirection = .unspecified, contrast: Contrast = .unspecified,
                accessibilityFlags: Set<AccessibilityFlag> = [], osVersion: OSVersion? = nil, scale: Double? = nil) {
        self.idiom = idiom
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.screenSize = screenSize
        self.bounds = bounds
        self.externalConditions = externalConditions
        self.appearance = appearance
        self.contentSizeCategory = contentSizeCategory
        self.layoutDirection = layoutDirection
        self.contrast = contrast
        self.accessibilityFlags = accessibilityFlags
        self.osVersion = osVersion
        self.scale = scale
    }

    /// The bounds `%` values resolve against.
    public var effectiveBounds: ViewSize { bounds ?? screenSize }

    /// Landscape when the screen is wider than it is tall, else portrait
    /// (a 0×0 screen included).
    public var orientation: Orientation {
        screenSize.width > screenSize.height ? .landscape : .portrait
    }
}

/// A width and a height in points.
public struct ViewSize: Sendable, Equatable {
    public var width: Double
    public var height: Double

    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// The value of an external condition (`?name`): fixed, or computed by the
/// host from the environment when a rule needs it.
public enum ExternalCondition: Sendable {
    case value(Bool)
    case evaluate(@Sendable (StyleEnvironment) -> Bool)
}
