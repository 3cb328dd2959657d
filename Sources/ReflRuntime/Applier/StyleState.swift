/// What the applier remembers of one target: its traits, the value each
/// property had before styling first touched it, what was last written, and
/// the style last applied (readable from code as `computedStyle`).
///
/// The rules it serves (Docs/Applier.md):
/// - a property the stylesheet never sets is never read nor written;
/// - a property the stylesheet stops setting is put back to its value from
///   before styling, unless the app's code changed it since the last write;
/// - a property the app's code changed since the last write is neither
///   overwritten nor restored until the stylesheet's value for it changes;
/// - applying the same style twice writes nothing the second time.
public final class StyleState: @unchecked Sendable {
    /// The target's traits (`view.refl.traits`): which `:trait` rules match.
    /// (Neither this nor the fields below are checked for exclusive access
    /// at run time: each is read or set whole, and no access to one spans a
    /// call of other code; the checks cost a few percent of a first styling.)
    @exclusivity(unchecked) public var traits: Set<String> = [] {
        didSet { traitsVersion &+= 1 }
    }
    /// Counts changes of `traits`: comparing it tells whether they changed
    /// since the last application without comparing the sets.
    @exclusivity(unchecked) private(set) var traitsVersion = 0
    /// Every property the style last applied sets, known to the target or
    /// not: what the app's code reads with `view.refl.computedStyle`.
    @exclusivity(unchecked) public internal(set) var computedStyle = ComputedStyle()
    /// Whether a `StyleManager` styles the target (it restyles it on reloads).
    @exclusivity(unchecked) public internal(set) var isRegistered = false
    /// Where the registering `StyleManager` keeps the target (one manager
    /// styles a target at a time, as `isRegistered` says).
    @exclusivity(unchecked) var registrationSlot = 0

    /// Per property the style touched, sorted by property: its original
    /// value (nil when it could not be read without making a sub-object),
    /// and the entry of the style it was last written from (its property,
    /// its stylesheet value and the value written). Kept sorted so that a
    /// new style is compared with it in one pass.
    ///
    /// The entry by reference rather than its fields copied: a record is
    /// made per property of every target styled, and one reference counted
    /// costs less than a key path, a stylesheet value and a written value
    /// copied.
    struct Record: Sendable {
        var entry: AppliedStyle.Entry
        let original: TargetValue?

        var property: StyledProperty { entry.property }
        var written: TargetValue? { entry.converted }
    }
    @exclusivity(unchecked) var records: [Record] = []
    /// The style last applied, and what it was applied for (a repeat for
    /// the same traits, environment and stylesheet does nothing).
    @exclusivity(unchecked) var applied: AppliedStyle?
    /// What the last application was made for: the stylesheet's
    /// generation (-1: none yet), the traits' version, the environment and
    /// the ancestors (empty unless the stylesheet has selectors with
    /// context). Fields of their own, compared in place: the check that a
    /// target needs nothing runs for every view on every restyle.
    @exclusivity(unchecked) var lastGeneration = -1
    @exclusivity(unchecked) var lastTraitsVersion = 0
    /// The environment's number in the applier's `EnvironmentNumbers` (0: none).
    @exclusivity(unchecked) var lastEnvironment = 0
    @exclusivity(unchecked) var lastAncestors: [StyleAncestor] = []

    public init() {}

    /// The properties styling currently holds, with the value each had
    /// before (nil when it could not be read), for inspection and tests.
    public var styledProperties: [StyledProperty: TargetValue?] {
        Dictionary(uniqueKeysWithValues: records.map { ($0.property, $0.original) })
    }
}
