#if canImport(UIKit)
import UIKit
import ReflRuntime

/// Styling UIKit views: one manager holds the app's stylesheet and the
/// views registered with it, each styled in its own environment (its trait
/// collection, its window's size, its bounds). How a view opts in:
/// `view.refl.traits = [...]` (or `view.refl.update()`) registers it; trait
/// changes (iOS 17 and later), Reduce Motion and Reduce Transparency
/// changes and reloads restyle it by themselves. A view that must follow
/// its window and its layout (`%` values, `!important`) is a `ReflView`,
/// or calls `refl.update()` from `didMoveToWindow()` and `refl.layout()`
/// from `layoutSubviews()` (and, before iOS 17, `refl.update()` from
/// `traitCollectionDidChange(_:)`). No method is swizzled.
@MainActor
public enum ReflStyling {
    /// The manager; nil until `start(with:)`.
    public private(set) static var manager: StyleManager?
    /// The app's `?name` conditions, read by every view's environment.
    public static var externalConditions: [String: ExternalCondition] = [:] {
        didSet { manager?.applyToAll() }
    }
    private static var observers: [NSObjectProtocol] = []

    /// Styles with `stylesheet` from now on (at launch: a binary table loaded
    /// with `Stylesheet(contentsOfTableFile:)`); every view registered is restyled.
    @discardableResult
    public static func start(with stylesheet: Stylesheet) -> StyleManager {
        if let manager {
            manager.replaceStylesheet(stylesheet)
            return manager
        }
        let manager = StyleManager(stylesheet: stylesheet, bindings: UIKitBindings.make())
        manager.environment = { target in
            onMainThread { (target as? UIView).map(environment(of:)) ?? StyleEnvironment() }
        }
        self.manager = manager
        // Reduce Motion and Reduce Transparency are settings, not traits.
        for name in [UIAccessibility.reduceMotionStatusDidChangeNotification,
                     UIAccessibility.reduceTransparencyStatusDidChangeNotification] {
            observers.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                onMainThread { _ = manager.applyToAll() }
            })
        }
        return manager
    }

    /// Swaps the stylesheet (a live reload) and restyles every registered
    /// view; what that did to each, as `StyleManager.replaceStylesheet(_:)`
    /// returns it. Before `start(with:)`, it starts styling with
    /// `stylesheet`, and views are styled as they register: none yet.
    @discardableResult
    public static func replaceStylesheet(_ stylesheet: Stylesheet) -> [StyleManager.TargetOutcome] {
        guard let manager else {
            start(with: stylesheet)
            return []
        }
        return manager.replaceStylesheet(stylesheet)
    }

    /// The conditions `view` is styled in.
    public static func environment(of view: UIView) -> StyleEnvironment {
        let traits = view.traitCollection
        var flags: Set<AccessibilityFlag> = []
        if UIAccessibility.isReduceMotionEnabled { flags.insert(.reduceMotion) }
        if UIAccessibility.isReduceTransparencyEnabled { flags.insert(.reduceTransparency) }
        if traits.legibilityWeight == .bold { flags.insert(.boldText) }
        let screen = view.window?.bounds.size ?? view.bounds.size
        // "17.2.1": the major and minor versions are what conditions compare.
        let version = OSVersion(UIDevice.current.systemVersion.split(separator: ".").prefix(2).joined(separator: "."))
        return StyleEnvironment(
            idiom: idiom(traits.userInterfaceIdiom),
            horizontalSizeClass: sizeClass(traits.horizontalSizeClass),
            verticalSizeClass: sizeClass(traits.verticalSizeClass),
            screenSize: ViewSize(width: Double(screen.width), height: Double(screen.height)),
            bounds: ViewSize(width: Double(view.bounds.width), height: Double(view.bounds.height)),
            externalConditions: externalConditions,
            appearance: traits.userInterfaceStyle == .dark ? .dark : traits.userInterfaceStyle == .light ? .light : .unspecified,
            contentSizeCategory: contentSize(traits.preferredContentSizeCategory),
            layoutDirection: traits.layoutDirection == .rightToLeft ? .rtl : traits.layoutDirection == .leftToRight ? .ltr : .unspecified,
            contrast: traits.accessibilityContrast == .high ? .high : traits.accessibilityContrast == .normal ? .normal : .unspecified,
            accessibilityFlags: flags, osVersion: version, scale: traits.displayScale > 0 ? Double(traits.displayScale) : nil)
    }

    private static func idiom(_ idiom: UIUserInterfaceIdiom) -> Idiom {
        switch idiom {
        case .phone: return .phone
        case .pad: return .pad
        case .tv: return .tv
        case .carPlay: return .carplay
        case .mac: return .mac
        default: return idiom.rawValue == 6 ? .vision : .unspecified  // UIUserInterfaceIdiom.vision (iOS 17)
        }
    }

    private static func sizeClass(_ sizeClass: UIUserInterfaceSizeClass) -> SizeClass {
        switch sizeClass {
        case .regular: return .regular
        case .compact: return .compact
        default: return .unspecified
        }
    }

    private static func contentSize(_ category: UIContentSizeCategory) -> ContentSizeCategory {
        let categories: [UIContentSizeCategory: ContentSizeCategory] = [
            .extraSmall: .extraSmall, .small: .small, .medium: .medium, .large: .large, .extraLarge: .extraLarge,
            .extraExtraLarge: .extraExtraLarge, .extraExtraExtraLarge: .extraExtraExtraLarge,
            .accessibilityMedium: .accessibilityMedium, .accessibilityLarge: .accessibilityLarge,
            .accessibilityExtraLarge: .accessibilityExtraLarge, .accessibilityExtraExtraLarge: .accessibilityExtraExtraLarge,
            .accessibilityExtraExtraExtraLarge: .accessibilityExtraExtraExtraLarge,
        ]
        return categories[category] ?? .unspecified
    }
}

extension UIView: StyleTarget {
    /// The view's class and its superclasses up to `UIView`, as stylesheets
    /// name them (`MyApp.CardView`, `UILabel`).
    nonisolated public var styleClassChain: [String] {
        Self.classChain(of: self, upTo: UIView.self)
    }

    /// An object's class and its superclasses up to `root`, nearest first.
    nonisolated static func classChain(of object: AnyObject, upTo root: AnyClass) -> [String] {
        var chain: [String] = []
        var current: AnyClass? = object_getClass(object)
        while let type = current {
            chain.append(NSStringFromClass(type))
            if type == root { break }
            current = class_getSuperclass(type)
        }
        return chain
    }

    /// The view's superviews, nearest first, with the view controller whose
    /// view is on the path just above that view (`MyApp.SettingsViewController
    /// UILabel` scopes to one screen). Read only when the stylesheet has
    /// selectors with context.
    nonisolated public var styleAncestors: [StyleAncestor] {
        onMainThread {
            var ancestors: [StyleAncestor] = []
            var current: UIView? = self
            while let view = current {
                if view !== self { ancestors.append(StyleAncestor(classChain: view.styleClassChain, traits: view.styleState.traits)) }
                if let controller = view.next as? UIViewController, controller.viewIfLoaded === view {
                    ancestors.append(StyleAncestor(classChain: Self.classChain(of: controller, upTo: UIViewController.self)))
                }
                current = view.superview
            }
            return ancestors
        }
    }

    /// The view's subviews: restyled when its traits change.
    nonisolated public var styleChildren: [StyleTarget] {
        // Views are sendable (main-actor classes); the protocol's array type is not.
        let views: [UIView] = onMainThread { subviews }
        return views
    }

    nonisolated public var styleState: StyleState {
        if let state = objc_getAssociatedObject(self, &ReflStateKey.key) as? StyleState { return state }
        let state = StyleState()
        objc_setAssociatedObject(self, &ReflStateKey.key, state, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return state
    }

    /// The view's styling: `view.refl.traits = ["primary"]`.
    public var refl: ReflViewStyle { ReflViewStyle(view: self) }
}

private enum ReflStateKey {
    nonisolated(unsafe) static var key: UInt8 = 0
}

/// A view's styling, as `view.refl` gives it.
@MainActor
public struct ReflViewStyle {
    public let view: UIView

    /// The view's traits; setting them registers the view and restyles it,
    /// and the registered views inside it when the stylesheet has selectors
    /// with context (`card UILabel` depends on the card's traits).
    public var traits: Set<String> {
        get { view.styleState.traits }
        nonmutating set {
            view.styleState.traits = newValue
            update()
            if let manager = ReflStyling.manager, manager.applier.usesContext { manager.applyInside(view) }
        }
    }

    /// Every property the stylesheet sets for the view, known to UIKit or
    /// not (an app reads its own keys here).
    public var computedStyle: ComputedStyle { view.styleState.computedStyle }

    /// Registers the view (once) and styles it in its present environment.
    public func update() {
        guard let manager = ReflStyling.manager else { return }
        if !view.styleState.isRegistered {
            manager.register(view)
            if #available(iOS 17.0, *) {
                let traits: [UITrait] = [UITraitUserInterfaceIdiom.self, UITraitHorizontalSizeClass.self,
                                         UITraitVerticalSizeClass.self, UITraitUserInterfaceStyle.self,
                                         UITraitPreferredContentSizeCategory.self, UITraitLayoutDirection.self,
                                         UITraitAccessibilityContrast.self, UITraitLegibilityWeight.self]
                view.registerForTraitChanges(traits) { (view: UIView, _: UITraitCollection) in view.refl.update() }
            }
        } else {
            manager.apply(to: view)
        }
    }

    /// Styles the view again for its new bounds: `%` values follow them and
    /// `!important` properties are set again. Call it from `layoutSubviews()`.
    public func layout() {
        guard let manager = ReflStyling.manager, view.styleState.isRegistered else { return }
        manager.apply(to: view, atLayout: true)
    }
}

/// A view that follows its window and its layout by itself.
open class ReflView: UIView {
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { refl.update() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        refl.layout()
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if #unavailable(iOS 17.0) { refl.update() }
    }
}
#endif
