#if canImport(UIKit)
import UIKit
import ReflRuntime

/// The bindings of every property the UIKit schema knows, made when first
/// asked for: key-value coding along `UIKitPropertyAccess.keyValuePath` (the
/// way the original engine set values), UIKit's per-state accessors for a
/// property set per control state, and a copy written back for an object
/// UIKit hands out as a copy.
enum UIKitBindings {
    /// Bindings for the schema's properties; an app's registrations win.
    static func make() -> StyleBindings {
        StyleBindings(fallback: { keyPath, classChain in binding(keyPath, classChain: classChain) })
    }

    static func binding(_ keyPath: String, classChain: [String]) -> StyleBinding? {
        guard let access = UIKitPropertyAccess.access(keyPath, classChain: classChain) else { return nil }
        let convert: @Sendable (StyleValue, StyleContext) -> TargetValue? = { value, context in
            guard let object = UIKitConversions.object(value, type: access.type, holderClass: access.holderClass, context: context) else {
                return nil
            }
            return TargetValue(ObjectValue(object))
        }
        if let setter = access.perStateSetter {
            let key = access.holderClass + "." + setter
            return StyleBinding(
                read: { target, state in
                    guard let object = target as? NSObject, let setters = PerStateSetters.all[key] else { return .unknown }
                    let present: TargetValue = onMainThread {
                        TargetValue(ObjectValue(setters.read(object, UIControl.State(state))))
                    }
                    return .value(present)
                },
                write: { target, value, state in
                    guard let object = target as? NSObject, let setters = PerStateSetters.all[key] else { return }
                    let new = (value?.value as? ObjectValue)?.object
                    onMainThread { setters.write(object, new, UIControl.State(state)) }
                },
                convert: convert)
        }
        return StyleBinding(
            read: { target, _ in
                guard let object = target as? NSObject else { return .unknown }
                if access.passesLazySubObject { return .notMade }
                return .value(TargetValue(ObjectValue(object.value(forKeyPath: access.keyValuePath) as AnyObject?)))
            },
            write: { target, value, _ in
                guard let object = target as? NSObject else { return }
                let new = (value?.value as? ObjectValue)?.object
                guard let copied = access.copiedObject else {
                    object.setValue(new, forKeyPath: access.keyValuePath)
                    return
                }
                // A copy: change it and write it back.
                guard let copy = (object.value(forKey: copied) as? NSObject)?.copy() as? NSObject else { return }
                copy.setValue(new, forKeyPath: String(access.keyValuePath.dropFirst(copied.count + 1)))
                object.setValue(copy, forKey: copied)
            },
            convert: convert)
    }
}

/// An object as a property holds it, compared with `isEqual(_:)` (colors,
/// fonts, numbers and values compare by what they hold).
struct ObjectValue: Equatable {
    let object: AnyObject?

    init(_ object: AnyObject?) {
        self.object = object
    }

    static func == (left: ObjectValue, right: ObjectValue) -> Bool {
        switch (left.object, right.object) {
        case (nil, nil): return true
        case (let a?, let b?): return (a as? NSObjectProtocol)?.isEqual(b) ?? (a === b)
        default: return false
        }
    }
}

extension UIControl.State {
    /// UIKit's state for the run time's (their bits are UIKit's).
    init(_ state: ControlState) {
        self.init(rawValue: UInt(state.rawValue))
    }
}
#endif
