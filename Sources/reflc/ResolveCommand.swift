import ReflEval
import ReflLexer

/// `reflc resolve INPUT --class NAME ...`: the computed style of one view.
enum ResolveCommand {
    static let help = """
        usage: reflc resolve INPUT --class NAME [--superclass NAME]... [--trait NAME]...
                             [--ancestor CLASS[:TRAIT]...[/SUPERCLASS]...]...
                             [--idiom phone|pad|tv|carplay|mac|vision|unspecified]
                             [--horizontal regular|compact|unspecified]
                             [--vertical regular|compact|unspecified]
                             [--size WxH] [--bounds WxH] [--external NAME=true|false]...
                             [--appearance light|dark|unspecified] [--content-size CATEGORY]
                             [--layout-direction ltr|rtl|unspecified]
                             [--contrast normal|high|unspecified]
                             [--flag reduce-motion|reduce-transparency|bold-text]...
                             [--os-version VERSION] [--scale N]
                             [--explain] [--warnings-as-errors] [--error-limit N]

        Computes the style of a view of class NAME (superclasses nearest first;
        unless given, from the stylesheet's @view declarations and the UIKit
        schema) with the given traits, in the given environment, from INPUT: a .less
        stylesheet (compiled with its imports) or a rule table written by
        'reflc build', JSON or binary (each recognized by its content).

        Prints {"properties":{...},"important":[...],"states":{...}} with keys
        sorted: the control-state properties under "states", by state, and an
        important state property in "important" as KEY[STATE]. Fonts with a
        text style are sized for --content-size. With --explain, for every
        property (state properties as KEY[STATE]), the rule that set it
        (selector, file:line, priority) and the rules it overrode, each value
        as a stylesheet writes it (a font of a text style at its size at
        'large', and the size it has at --content-size after it).

        --ancestor gives one of the view's ancestors, nearest first (its
        superview, then that view's superview, ...; a view controller stands
        just above its view): what the steps of selectors with context
        (`MyApp.Header UIButton`, `UITableViewCell > UILabel`) match. Its
        superclasses follow '/' (`MyApp.Header:compact/UIStackView/UIView`);
        without them they come from the stylesheet's @view declarations and
        the UIKit schema. A lowercase name alone is a trait of a UIView.

        CATEGORY is one of extra-small, small, medium, large, extra-large,
        extra-extra-large, extra-extra-extra-large, accessibility-medium,
        accessibility-large, accessibility-extra-large,
        accessibility-extra-extra-large, accessibility-extra-extra-extra-large
        or unspecified.

        Unless given: idiom, size classes, appearance, content size, layout
        direction and contrast are unspecified, no flag is set, --size is 0x0,
        --bounds (what % is relative to) is the size, external conditions are false,
        and the OS version (--os-version 17.2) and screen scale (--scale 3) are
        unknown: every os-version and scale comparison is then false.

        options:
          --explain              for every property, the rule that set it and those it overrode,
                                 with the ancestors its selector's steps matched
        \(CompilingCommand.inputHelp)
        \(DiagnosticOptions.help)
          -h, --help             show this help

        exit status: 0 success, 1 the input has errors, 2 usage error or unreadable input
        """

    private static let valued: Set<String> = ["--class", "--superclass", "--trait", "--ancestor", "--idiom", "--horizontal",
                                              "--vertical", "--size", "--bounds", "--external", "--appearance",
                                              "--content-size", "--layout-direction", "--contrast", "--flag",
                                              "--os-version", "--scale"]

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        let command: CompilingCommand
        switch CompilingCommand.parse(arguments, name: "resolve", valued: valued, switches: ["--explain"], help: help) {
        case .failure(let status): return status
        case .success(let parsed): command = parsed
        }
        let parsed = command.arguments
        var query: StyleQuery
        switch makeQuery(parsed) {
        case .failure(let problem): return Console.fail(problem.message, help: help)
        case .success(let made): query = made
        }
        let stylesheet: Stylesheet
        switch load(command) {
        case .failure(let status): return status
        case .success(let loaded): stylesheet = loaded
        }
        // A binary table holds no @view declarations: only the UIKit schema is asked.
        let views = stylesheet.isBinary ? ViewSchema() : stylesheet.table.views
        if parsed.all("--superclass").isEmpty { query.superclasses = superclassChain(of: query.className, views: views) }
        query.ancestors = parsed.all("--ancestor").map { ancestor($0, views: views) }
        if !command.options.quiet {
            for warning in unknownNameWarnings(query, in: stylesheet) { Console.writeError("reflc: warning: \(warning)\n") }
        }
        if parsed.has("--explain") {
            Console.writeOut(explanationText(stylesheet.explain(query), contentSize: query.environment.contentSizeCategory))
        } else {
            Console.writeOut(bytes: stylesheet.resolve(query).jsonBytes())
        }
        // The process ends next: its memory goes back at once. Released
        // here, a large table's objects would be freed one by one (30 ms
        // of a 120 ms resolve from a 10 MB JSON table).
        keptUntilExit = stylesheet
        return .success
    }

    nonisolated(unsafe) private static var keptUntilExit: Stylesheet?

    /// Reads INPUT as a rule table (binary or JSON) or compiles it
    /// (standard input for `-`).
    private static func load(_ command: CompilingCommand) -> Result<Stylesheet, Console.ExitStatus> {
        let loaded: LoadedStylesheet
        if command.readsStandardInput {
            switch FileSystem.readStream(0) {
            case .failure(let error): return .failure(Console.fail("cannot read standard input: \(error.reason)"))
            case .success(let bytes): loaded = StylesheetLoader.load(bytes: bytes, name: "<stdin>", options: command.loadOptions)
            }
        } else {
            loaded = StylesheetLoader.load(command.input, options: command.loadOptions)
        }
        return command.report(loaded)
    }

    // MARK: - The query from flags

    static func makeQuery(_ parsed: Arguments) -> Result<StyleQuery, Arguments.Problem> {
        guard let className = parsed.last("--class") else {
            return .failure(Arguments.Problem(message: "resolve needs --class NAME (the view's class)"))
        }
        var environment = StyleEnvironment()
        do throws(Arguments.Problem) {
            for (flag, kind) in [("--class", "class"), ("--superclass", "class"), ("--trait", "trait")] where parsed.all(flag).contains("") {
                throw Arguments.Problem(message: "\(flag) takes a \(kind) name, found ''")
            }
            // Every name of an ancestor is written: `:x`, `A::x` or `A/` would be read as something else.
            for written in parsed.all("--ancestor") where written.split(separator: "/", omittingEmptySubsequences: false)
                .contains(where: { $0.isEmpty || $0.split(separator: ":", omittingEmptySubsequences: false).contains("") }) {
                throw Arguments.Problem(message: "--ancestor takes CLASS[:TRAIT]...[/SUPERCLASS]... or a trait alone, found '\(written)'")
            }
            if let idiom = parsed.last("--idiom") { environment.idiom = try keyword(idiom, flag: "--idiom") }
            if let value = parsed.last("--horizontal") { environment.horizontalSizeClass = try keyword(value, flag: "--horizontal") }
            if let value = parsed.last("--vertical") { environment.verticalSizeClass = try keyword(value, flag: "--vertical") }
            if let size = parsed.last("--size") { environment.screenSize = try viewSize(size, flag: "--size") }
            if let bounds = parsed.last("--bounds") { environment.bounds = try viewSize(bounds, flag: "--bounds") }
            if let value = parsed.last("--appearance") { environment.appearance = try keyword(value, flag: "--appearance") }
            if let value = parsed.last("--content-size") {
                environment.contentSizeCategory = try keyword(value, flag: "--content-size")
            }
            if let value = parsed.last("--layout-direction") {
                environment.layoutDirection = try keyword(value, flag: "--layout-direction")
            }
            if let value = parsed.last("--contrast") { environment.contrast = try keyword(value, flag: "--contrast") }
            if let value = parsed.last("--os-version") {
                guard let version = OSVersion(value) else {
                    throw Arguments.Problem(message: "--os-version takes a version such as 17 or 16.4, found '\(value)'")
                }
                environment.osVersion = version
            }
            if let value = parsed.last("--scale") {
                guard let scale = Double(value), scale > 0, scale.isFinite else {
                    throw Arguments.Problem(message: "--scale takes the screen's scale, a positive number such as 3, found '\(value)'")
                }
                environment.scale = scale
            }
            for value in parsed.all("--flag") {
                environment.accessibilityFlags.insert(try keyword(value, flag: "--flag"))
            }
            for external in parsed.all("--external") {
                let (name, value) = try externalCondition(external)
                environment.externalConditions[name] = .value(value)
            }
        } catch {
            return .failure(error)
        }
        return .success(StyleQuery(className: className, superclasses: parsed.all("--superclass"),
                                   traits: Set(parsed.all("--trait")), environment: environment))
    }

    /// A `--class` (with its `--superclass`es) that no rule, `@view`
    /// declaration nor UIKit names, and each `--trait` no rule names: most
    /// likely a typo, which would otherwise give an empty style in silence.
    static func unknownNameWarnings(_ query: StyleQuery, in stylesheet: Stylesheet) -> [String] {
        let uikit = UIKitSchema.schema.classes
        let chain = [query.className] + query.superclasses
        let classKnownToUIKit = chain.contains { uikit[$0] != nil }
        guard !classKnownToUIKit || !query.traits.isEmpty else { return [] }
        // Rules name classes and traits alike: a one-name selector matches either way.
        let table = stylesheet.table
        var named = Set<String>()
        for rule in table.rules {
            for name in [rule.selector.className, rule.selector.trait] { if let name { named.insert(name) } }
            for step in rule.selector.context {
                for name in [step.className, step.trait] { if let name { named.insert(name) } }
            }
        }
        var warnings: [String] = []
        if !classKnownToUIKit, !chain.contains(where: { named.contains($0) || table.views.classes[$0] != nil }) {
            let candidates = Array(named) + Array(table.views.classes.keys) + Array(uikit.keys)
            warnings.append("no rule names the class '\(query.className)', nor is it a UIKit class or declared with @view"
                            + Suggestions.didYouMean(query.className, in: candidates))
        }
        for trait in query.traits.sorted() where !named.contains(trait) {
            warnings.append("no rule names the trait '\(trait)'" + Suggestions.didYouMean(trait, in: named))
        }
        return warnings
    }

    /// `--ancestor CLASS[:TRAIT]...[/SUPERCLASS]...`: an ancestor with its
    /// class chain (from `views` and the UIKit schema when no superclass is
    /// written) and traits. A lowercase name alone is a trait of a UIView.
    static func ancestor(_ text: String, views: ViewSchema) -> StyleAncestor {
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let names = (parts.first ?? "").split(separator: ":").map(String.init)
        guard let name = names.first else { return StyleAncestor(classChain: ["UIView"]) }
        let isClass = name.first?.isUppercase == true || name.contains(".")
        guard isClass else { return StyleAncestor(classChain: ["UIView"], traits: Set(names)) }
        let superclasses = parts.count > 1 ? Array(parts.dropFirst()) : superclassChain(of: name, views: views)
        return StyleAncestor(classChain: [name] + superclasses, traits: Set(names.dropFirst()))
    }

    /// The superclasses of `name`, nearest first: the stylesheet's `@view`
    /// declarations first, then the UIKit schema.
    static func superclassChain(of name: String, views: ViewSchema) -> [String] {
        var chain: [String] = []
        var current = name
        while chain.count < 64,
              let superclass = views.classes[current]?.superclass ?? UIKitSchema.schema.classes[current]?.superclass,
              !chain.contains(superclass), superclass != name {
            chain.append(superclass)
            current = superclass
        }
        return chain
    }

    private static func keyword<Keyword: RawRepresentable & CaseIterable>(_ text: String, flag: String) throws(Arguments.Problem) -> Keyword
    where Keyword.RawValue == String {
        if let value = Keyword(rawValue: text) { return value }
        let accepted = Keyword.allCases.map(\.rawValue)
        let list = accepted.dropLast().joined(separator: ", ") + " or " + accepted.last!
        let suggestion = Suggestions.didYouMean(text, in: accepted)
        throw Arguments.Problem(message: "\(flag) takes \(list), found '\(text)'\(suggestion)")
    }

    /// `WIDTHxHEIGHT` in points, such as `390x844` or `1024.5x768`.
    private static func viewSize(_ text: String, flag: String) throws(Arguments.Problem) -> ViewSize {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width >= 0, height >= 0, width.isFinite, height.isFinite else {
            throw Arguments.Problem(message: "\(flag) takes WIDTHxHEIGHT in points, such as 390x844, found '\(text)'")
        }
        return ViewSize(width: width, height: height)
    }

    private static func externalCondition(_ text: String) throws(Arguments.Problem) -> (String, Bool) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1] == "true" || parts[1] == "false" else {
            throw Arguments.Problem(message: "--external takes NAME=true or NAME=false, found '\(text)'")
        }
        return (String(parts[0]), parts[1] == "true")
    }

    // MARK: - --explain

    /// One block per property (a state property as `titleColor[highlighted]`),
    /// each value as a stylesheet writes it, for people to read:
    ///
    ///     backgroundColor = #ff8000
    ///       set by     UIView:circularView  main.less:29  (priority 75)
    ///       overrides  UIView  main.less:24  (priority 50)  #ffffff
    static func explanationText(_ explanations: [PropertyExplanation], contentSize: ContentSizeCategory = .unspecified) -> String {
        guard !explanations.isEmpty else { return "no rule matches this view\n" }
        var out = ""
        for explanation in explanations {
            let winner = explanation.winner
            out += "\(explanation.displayName) = \(shown(winner.value, contentSize: contentSize))\(winner.isImportant ? " !important" : "")\n"
            out += "  set by     \(winner.selector)  \(winner.source)  (priority \(winner.priority))\n"
            for step in winner.context { out += "    context  \(step)\n" }
            for overridden in explanation.overridden {
                out += "  overrides  \(overridden.selector)  \(overridden.source)  (priority \(overridden.priority))"
                out += "  \(shown(overridden.value, contentSize: contentSize))\(overridden.isImportant ? " !important" : "")\n"
            }
        }
        return out
    }

    /// A value as `--explain` writes it. A font of a text style, resolved
    /// for another content size than `large` (on its own or in text
    /// attributes), is written at its size at `large`, as a stylesheet
    /// writes it (written at its resolved size, it would be scaled a second
    /// time), and the size it resolved to follows: `font(body)  (14pt at
    /// extra-small)`.
    static func shown(_ value: StyleValue, contentSize: ContentSizeCategory) -> String {
        guard contentSize != .unspecified, contentSize != .large else { return value.stylesheetSpelling }
        var resolvedSizes: [String] = []
        func asWritten(_ value: StyleValue) -> StyleValue {
            guard case .font(var font) = value, let style = font.textStyle, case .points(let points, let unit) = font.size else { return value }
            font.size = .points(DynamicType.sizeAtLarge(points, style: style, at: contentSize), unit: unit)
            resolvedSizes.append(StylesheetText.number(points) + (unit ?? .pt).rawValue)
            return .font(font)
        }
        let written: StyleValue
        switch value {
        case .font: written = asWritten(value)
        case .textAttributes(let attributes): written = .textAttributes(attributes.mapValues(asWritten))
        default: return value.stylesheetSpelling
        }
        guard !resolvedSizes.isEmpty else { return value.stylesheetSpelling }
        return written.stylesheetSpelling + "  (\(resolvedSizes.joined(separator: ", ")) at \(contentSize.rawValue))"
    }
}
