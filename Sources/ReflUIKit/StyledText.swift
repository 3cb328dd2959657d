#if canImport(UIKit)
import UIKit
import ReflRuntime

// The `text-attributes` conveniences of labels, text views and buttons
// (Schema/UIKit.schema): UIKit keeps attributes only in attributed text,
// which the app's next `text = ...` replaces. These properties hold the
// attributes and draw whatever text the view is given with them.

/// The attributes a view was styled with, and what keeps them on its text.
private final class StyledTextState {
    var attributes: [NSAttributedString.Key: Any]?
    /// Per control state, for a button's titles.
    var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    var observation: NSKeyValueObservation?
    /// Set while the text is being replaced by its attributed form, whose
    /// own change notice must not start it again.
    var isApplying = false
}

private enum StyledTextKey {
    nonisolated(unsafe) static var key: UInt8 = 0
}

extension NSObject {
    fileprivate var styledText: StyledTextState {
        if let state = objc_getAssociatedObject(self, &StyledTextKey.key) as? StyledTextState { return state }
        let state = StyledTextState()
        objc_setAssociatedObject(self, &StyledTextKey.key, state, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return state
    }
}

extension UILabel {
    /// `text-attributes`: the label's text drawn with these attributes, set
    /// again on the new text whenever the app sets `text`; nil draws plain text.
    @objc public var reflTextAttributes: NSDictionary? {
        get { PerStateSetters.dictionary(styledText.attributes) as? NSDictionary }
        set {
            let state = styledText
            state.attributes = PerStateSetters.attributes(newValue)
            state.observation = state.attributes == nil ? nil : observe(\.text, options: [.new]) { label, _ in
                onMainThread { label.drawStyledText() }
            }
            drawStyledText()
        }
    }

    fileprivate func drawStyledText() {
        let state = styledText
        guard !state.isApplying else { return }
        state.isApplying = true
        defer { state.isApplying = false }
        let text = self.text ?? ""
        attributedText = state.attributes.map { NSAttributedString(string: text, attributes: $0) } ?? NSAttributedString(string: text)
    }
}

extension UITextView {
    /// `text-attributes`: the text and what is typed next (`typingAttributes`)
    /// drawn with these attributes, set again on the new text whenever the
    /// app sets `text`.
    @objc public var reflTextAttributes: NSDictionary? {
        get { PerStateSetters.dictionary(styledText.attributes) as? NSDictionary }
        set {
            let state = styledText
            state.attributes = PerStateSetters.attributes(newValue)
            state.observation = state.attributes == nil ? nil : observe(\.text, options: [.new]) { textView, _ in
                onMainThread { textView.drawStyledText() }
            }
            drawStyledText()
        }
    }

    fileprivate func drawStyledText() {
        let state = styledText
        guard !state.isApplying, let attributes = state.attributes else { return }
        state.isApplying = true
        defer { state.isApplying = false }
        attributedText = NSAttributedString(string: text ?? "", attributes: attributes)
        typingAttributes = attributes
    }
}

extension UIButton {
    /// The attributes `title-text-attributes` gave `state`'s title.
    public func reflTitleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        styledText.titleAttributes[state.rawValue]
    }

    /// `title-text-attributes[state]`: the state's title (`title(for:)`) drawn
    /// with these attributes as its attributed title; nil removes it.
    public func setReflTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        styledText.titleAttributes[state.rawValue] = attributes
        setAttributedTitle(attributes.map { NSAttributedString(string: title(for: state) ?? "", attributes: $0) }, for: state)
    }
}

extension ReflViewStyle {
    /// Sets a button's title for `state` and draws it with the attributes
    /// `title-text-attributes` gave that state: what `setTitle(_:for:)` does
    /// for a button without them (UIKit shows a state's attributed title,
    /// not its plain one, once it has one).
    public func setTitle(_ title: String?, for state: UIControl.State) {
        guard let button = view as? UIButton else { return }
        button.setTitle(title, for: state)
        if let attributes = button.reflTitleTextAttributes(for: state) { button.setReflTitleTextAttributes(attributes, for: state) }
    }
}
#endif
