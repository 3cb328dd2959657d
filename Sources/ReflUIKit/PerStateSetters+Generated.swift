// Generated from Schema/UIKit.schema by `REFLC_UPDATE_GOLDENS=1 swift test --filter UIKitLayerTests`; do not edit.

#if canImport(UIKit)
import UIKit
import ReflRuntime

extension PerStateSetters {
    /// By `Class.setter`, as `UIKitPropertyAccess.perStateSetter` names them.
    static let all: [String: PerStateSetters] = [
        "UIBarButtonItem.setBackgroundImage(_:for:barMetrics:)": PerStateSetters(
            read: { (object: UIBarButtonItem, state: UIControl.State) -> AnyObject? in object.backgroundImage(for: state, barMetrics: .default) },
            write: { (object: UIBarButtonItem, value: AnyObject?, state: UIControl.State) in object.setBackgroundImage(value as? UIImage, for: state, barMetrics: .default) }),
        "UIBarButtonItem.setBackButtonBackgroundImage(_:for:barMetrics:)": PerStateSetters(
            read: { (object: UIBarButtonItem, state: UIControl.State) -> AnyObject? in object.backButtonBackgroundImage(for: state, barMetrics: .default) },
            write: { (object: UIBarButtonItem, value: AnyObject?, state: UIControl.State) in object.setBackButtonBackgroundImage(value as? UIImage, for: state, barMetrics: .default) }),
        "UIBarItem.setTitleTextAttributes(_:for:)": PerStateSetters(
            read: { (object: UIBarItem, state: UIControl.State) -> AnyObject? in PerStateSetters.dictionary(object.titleTextAttributes(for: state)) },
            write: { (object: UIBarItem, value: AnyObject?, state: UIControl.State) in object.setTitleTextAttributes(PerStateSetters.attributes(value), for: state) }),
        "UIButton.setTitle(_:for:)": PerStateSetters(
            read: { (object: UIButton, state: UIControl.State) -> AnyObject? in object.title(for: state).map { $0 as NSString } },
            write: { (object: UIButton, value: AnyObject?, state: UIControl.State) in object.setTitle((value as? NSString).map { $0 as String }, for: state) }),
        "UIButton.setTitleColor(_:for:)": PerStateSetters(
            read: { (object: UIButton, state: UIControl.State) -> AnyObject? in object.titleColor(for: state) },
            write: { (object: UIButton, value: AnyObject?, state: UIControl.State) in object.setTitleColor(value as? UIColor, for: state) }),
        "UIButton.setTitleShadowColor(_:for:)": PerStateSetters(
            read: { (object: UIButton, state: UIControl.State) -> AnyObject? in object.titleShadowColor(for: state) },
            write: { (object: UIButton, value: AnyObject?, state: UIControl.State) in object.setTitleShadowColor(value as? UIColor, for: state) }),
        "UIButton.setImage(_:for:)": PerStateSetters(
            read: { (object: UIButton, state: UIControl.State) -> AnyObject? in object.image(for: state) },
            write: { (object: UIButton, value: AnyObject?, state: UIControl.State) in object.setImage(value as? UIImage, for: state) }),
        "UIButton.setBackgroundImage(_:for:)": PerStateSetters(
            read: { (object: UIButton, state: UIControl.State) -> AnyObject? in object.backgroundImage(for: state) },
            write: { (object: UIButton, value: AnyObject?, state: UIControl.State) in object.setBackgroundImage(value as? UIImage, for: state) }),
        "UIButton.setReflTitleTextAttributes(_:for:)": PerStateSetters(
            read: { (object: UIButton, state: UIControl.State) -> AnyObject? in PerStateSetters.dictionary(object.reflTitleTextAttributes(for: state)) },
            write: { (object: UIButton, value: AnyObject?, state: UIControl.State) in object.setReflTitleTextAttributes(PerStateSetters.attributes(value), for: state) }),
        "UISearchBar.setSearchFieldBackgroundImage(_:for:)": PerStateSetters(
            read: { (object: UISearchBar, state: UIControl.State) -> AnyObject? in object.searchFieldBackgroundImage(for: state) },
            write: { (object: UISearchBar, value: AnyObject?, state: UIControl.State) in object.setSearchFieldBackgroundImage(value as? UIImage, for: state) }),
        "UISearchBar.setScopeBarButtonBackgroundImage(_:for:)": PerStateSetters(
            read: { (object: UISearchBar, state: UIControl.State) -> AnyObject? in object.scopeBarButtonBackgroundImage(for: state) },
            write: { (object: UISearchBar, value: AnyObject?, state: UIControl.State) in object.setScopeBarButtonBackgroundImage(value as? UIImage, for: state) }),
        "UISearchBar.setScopeBarButtonTitleTextAttributes(_:for:)": PerStateSetters(
            read: { (object: UISearchBar, state: UIControl.State) -> AnyObject? in PerStateSetters.dictionary(object.scopeBarButtonTitleTextAttributes(for: state)) },
            write: { (object: UISearchBar, value: AnyObject?, state: UIControl.State) in object.setScopeBarButtonTitleTextAttributes(PerStateSetters.attributes(value), for: state) }),
        "UISegmentedControl.setTitleTextAttributes(_:for:)": PerStateSetters(
            read: { (object: UISegmentedControl, state: UIControl.State) -> AnyObject? in PerStateSetters.dictionary(object.titleTextAttributes(for: state)) },
            write: { (object: UISegmentedControl, value: AnyObject?, state: UIControl.State) in object.setTitleTextAttributes(PerStateSetters.attributes(value), for: state) }),
        "UISegmentedControl.setBackgroundImage(_:for:barMetrics:)": PerStateSetters(
            read: { (object: UISegmentedControl, state: UIControl.State) -> AnyObject? in object.backgroundImage(for: state, barMetrics: .default) },
            write: { (object: UISegmentedControl, value: AnyObject?, state: UIControl.State) in object.setBackgroundImage(value as? UIImage, for: state, barMetrics: .default) }),
        "UISlider.setThumbImage(_:for:)": PerStateSetters(
            read: { (object: UISlider, state: UIControl.State) -> AnyObject? in object.thumbImage(for: state) },
            write: { (object: UISlider, value: AnyObject?, state: UIControl.State) in object.setThumbImage(value as? UIImage, for: state) }),
        "UISlider.setMinimumTrackImage(_:for:)": PerStateSetters(
            read: { (object: UISlider, state: UIControl.State) -> AnyObject? in object.minimumTrackImage(for: state) },
            write: { (object: UISlider, value: AnyObject?, state: UIControl.State) in object.setMinimumTrackImage(value as? UIImage, for: state) }),
        "UISlider.setMaximumTrackImage(_:for:)": PerStateSetters(
            read: { (object: UISlider, state: UIControl.State) -> AnyObject? in object.maximumTrackImage(for: state) },
            write: { (object: UISlider, value: AnyObject?, state: UIControl.State) in object.setMaximumTrackImage(value as? UIImage, for: state) }),
        "UIStepper.setBackgroundImage(_:for:)": PerStateSetters(
            read: { (object: UIStepper, state: UIControl.State) -> AnyObject? in object.backgroundImage(for: state) },
            write: { (object: UIStepper, value: AnyObject?, state: UIControl.State) in object.setBackgroundImage(value as? UIImage, for: state) }),
        "UIStepper.setIncrementImage(_:for:)": PerStateSetters(
            read: { (object: UIStepper, state: UIControl.State) -> AnyObject? in object.incrementImage(for: state) },
            write: { (object: UIStepper, value: AnyObject?, state: UIControl.State) in object.setIncrementImage(value as? UIImage, for: state) }),
        "UIStepper.setDecrementImage(_:for:)": PerStateSetters(
            read: { (object: UIStepper, state: UIControl.State) -> AnyObject? in object.decrementImage(for: state) },
            write: { (object: UIStepper, value: AnyObject?, state: UIControl.State) in object.setDecrementImage(value as? UIImage, for: state) }),
        "UITabBarItem.setBadgeTextAttributes(_:for:)": PerStateSetters(
            read: { (object: UITabBarItem, state: UIControl.State) -> AnyObject? in PerStateSetters.dictionary(object.badgeTextAttributes(for: state)) },
            write: { (object: UITabBarItem, value: AnyObject?, state: UIControl.State) in object.setBadgeTextAttributes(PerStateSetters.attributes(value), for: state) }),
    ]
}
#endif
