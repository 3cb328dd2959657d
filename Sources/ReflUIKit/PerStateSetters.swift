#if canImport(UIKit)
import UIKit

/// UIKit's accessors of one property set per control state (a button's
/// `titleColor(for:)` and `setTitleColor(_:for:)`), typed as UIKit declares
/// them; the instances are generated from the schema
/// (PerStateSetters+Generated.swift).
///
/// The accessors are UIKit's, isolated to the main actor as UIKit's views
/// are: a caller off it (a binding's closure) enters it with
/// `onMainThread`, as the applier runs on the main thread.
struct PerStateSetters: @unchecked Sendable {  // used on the main thread only, as UIKit is
    let read: @MainActor (NSObject, UIControl.State) -> AnyObject?
    let write: @MainActor (NSObject, AnyObject?, UIControl.State) -> Void

    init<Object: NSObject>(read: @escaping @MainActor (Object, UIControl.State) -> AnyObject?,
                           write: @escaping @MainActor (Object, AnyObject?, UIControl.State) -> Void) {
        self.read = { object, state in (object as? Object).flatMap { read($0, state) } }
        self.write = { object, value, state in
            if let object = object as? Object { write(object, value, state) }
        }
    }

    /// Text attributes as a dictionary object, which compares by value.
    static func dictionary(_ attributes: [NSAttributedString.Key: Any]?) -> AnyObject? {
        attributes.map { attributes in
            NSDictionary(dictionary: Dictionary(uniqueKeysWithValues: attributes.map { ($0.key.rawValue, $0.value) }))
        }
    }

    /// A dictionary object back as text attributes.
    static func attributes(_ value: AnyObject?) -> [NSAttributedString.Key: Any]? {
        guard let dictionary = value as? [String: Any] else { return nil }
        return Dictionary(uniqueKeysWithValues: dictionary.map { (NSAttributedString.Key($0.key), $0.value) })
    }
}
#endif
