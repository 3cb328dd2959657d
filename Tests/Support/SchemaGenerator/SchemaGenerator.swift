import Foundation
import ReflRuntime

/// Writes what is generated from the schema: the run time's Swift
/// description of UIKit (`Sources/ReflRuntime/Schema/UIKitSchema+Generated.swift`)
/// and the reference table `Docs/Properties.md`.
public enum SchemaGenerator {
    static let header = "// Generated from Schema/UIKit.schema by `REFLC_UPDATE_GOLDENS=1 swift test --filter SchemaTests`; do not edit."

    // MARK: - The UIKit layer's per-state setters

    /// `Sources/ReflUIKit/PerStateSetters+Generated.swift`: for each
    /// property set per control state, a reader and a writer through
    /// UIKit's per-state accessors (`titleColor(for:)`, `setTitleColor(_:for:)`),
    /// typed as UIKit declares them. Every other property is reached by
    /// key-value coding along the path `UIKitPropertyAccess` gives.
    public static func perStateSetters(_ schema: ViewSchema) -> String {
        var out = header.replacingOccurrences(of: "SchemaTests", with: "UIKitLayerTests") + "\n\n"
        out += "#if canImport(UIKit)\nimport UIKit\nimport ReflRuntime\n\n"
        out += "extension PerStateSetters {\n"
        out += "    /// By `Class.setter`, as `UIKitPropertyAccess.perStateSetter` names them.\n"
        out += "    static let all: [String: PerStateSetters] = [\n"
        for known in schema.classes.values.sorted(by: { $0.name < $1.name }) {
            for property in known.properties where property.isPerState {
                let (getter, barMetrics) = getterName(ofSetter: property.swiftName)
                let swiftType: String
                switch property.type {
                case .color: swiftType = "UIColor"
                case .image: swiftType = "UIImage"
                case .string: swiftType = "String"
                case .textAttributes: swiftType = "[NSAttributedString.Key: Any]"
                default: swiftType = "Any"
                }
                let metrics = barMetrics ? ", barMetrics: .default" : ""
                let setter = String(property.swiftName.prefix { $0 != "(" })
                let get = "object.\(getter)(for: state\(metrics))"
                let read: String, write: String
                switch swiftType {
                case "[NSAttributedString.Key: Any]":
                    read = "PerStateSetters.dictionary(\(get))"
                    write = "object.\(setter)(PerStateSetters.attributes(value), for: state\(metrics))"
                case "String":
                    read = "\(get).map { $0 as NSString }"
                    write = "object.\(setter)((value as? NSString).map { $0 as String }, for: state\(metrics))"
                default:
                    read = get
                    write = "object.\(setter)(value as? \(swiftType), for: state\(metrics))"
                }
                out += "        \(quote(known.name + "." + property.swiftName)): PerStateSetters(\n"
                out += "            read: { (object: \(known.name), state: UIControl.State) -> AnyObject? in \(read) },\n"
                out += "            write: { (object: \(known.name), value: AnyObject?, state: UIControl.State) in \(write) }),\n"
            }
        }
        out += "    ]\n}\n#endif\n"
        return out
    }

    /// The getter UIKit pairs with a per-state setter: `setTitleColor(_:for:)`
    /// → `titleColor`; whether it takes bar metrics too.
    static func getterName(ofSetter setter: String) -> (String, barMetrics: Bool) {
        let base = setter.prefix { $0 != "(" }.dropFirst(3)
        return (base.prefix(1).lowercased() + base.dropFirst(), setter.contains("barMetrics:"))
    }

    // MARK: - Swift

    public static func swift(_ schema: ViewSchema) -> String {
        var out = header + "\n\n"
        out += "extension UIKitSchema {\n"
        out += "    /// UIKit's enumerations and option sets.\n"
        out += "    static let enumerations: [EnumerationSchema] = [\n"
        for enumeration in schema.enumerations.values.sorted(by: { $0.name < $1.name }) {
            out += "        EnumerationSchema(name: \(quote(enumeration.name)), objcName: \(quote(enumeration.objcName)), "
            out += "isOptionSet: \(enumeration.isOptionSet), cases: [\n"
            for item in enumeration.cases {
                out += "            EnumerationCase(word: \(quote(item.word)), swiftName: \(quote(item.swiftName)), rawValue: \(item.rawValue)),\n"
            }
            out += "        ]),\n"
        }
        out += "    ]\n\n"
        out += "    /// UIKit's classes and the properties a stylesheet may set on them.\n"
        out += "    static let classes: [ViewClass] = [\n"
        for known in schema.classes.values.sorted(by: { $0.name < $1.name }) {
            out += "        ViewClass(name: \(quote(known.name)), superclass: \(optional(known.superclass)), properties: [\n"
            for property in known.properties {
                out += "            PropertySchema(key: \(quote(property.key)), stylesheetKey: \(quote(property.stylesheetKey)), "
                out += "swiftName: \(quote(property.swiftName)), type: \(typeExpression(property.type))"
                if property.isPerState { out += ", isPerState: true" }
                if let forward = property.forwardsTo { out += ", forwardsTo: \(quote(forward))" }
                if let since = property.since { out += ", since: \(version(since))" }
                if let deprecated = property.deprecated { out += ", deprecated: \(version(deprecated))" }
                if let note = property.note { out += ", note: \(quote(note))" }
                if property.takesSingleOption { out += ", takesSingleOption: true" }
                out += "),\n"
            }
            out += "        ], since: \(version(known.since))),\n"
        }
        out += "    ]\n}\n"
        return out
    }

    private static func typeExpression(_ type: PropertyType) -> String {
        switch type {
        case .enumeration(let name): return ".enumeration(\(quote(name)))"
        case .options(let name): return ".options(\(quote(name)))"
        case .object(let name): return ".object(\(quote(name)))"
        case .words(let words): return ".words([\(words.map(quote).joined(separator: ", "))])"
        default:
            let name = PropertyType.simpleTypes.first { $0.value == type }!.key
            return "." + SchemaFile.camelCase(name)
        }
    }

    private static func version(_ version: OSVersion?) -> String {
        version.map { "OSVersion(\($0.major), \($0.minor))" } ?? "nil"
    }

    private static func optional(_ text: String?) -> String {
        text.map(quote) ?? "nil"
    }

    private static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: - Docs/Properties.md

    public static func markdown(_ schema: ViewSchema) -> String {
        var out = """
            # Properties

            Every UIKit class reflc knows and the properties a stylesheet may set on
            it: the key as a stylesheet writes it, the UIKit name (the Swift property,
            or the setter a per-state property goes through), the type, whether it is
            set per control state (`key[highlighted]`), and the iOS version that
            introduced it (and deprecated it, where that applies). A class also takes
            its superclass's properties. Keys ending in an object type (`layer`,
            `title-label`) continue as key paths: `layer--border-width`,
            `title-label--font`.

            Generated from `Schema/UIKit.schema` (the test `SchemaTests` keeps this
            page, the schema and the generated Swift equal). A rule for a class
            listed here is checked at build time: see "Property checks" in
            `Grammar.md`.

            """
        out += "\n## Classes\n\n"
        let classes = schema.classes.values.sorted { $0.name < $1.name }
        out += classes.map { "[`\($0.name)`](#\($0.name.lowercased().replacingOccurrences(of: ".", with: "")))" }.joined(separator: " · ") + "\n"
        for known in classes {
            out += "\n### \(known.name)\n\n"
            var about: [String] = []
            if let superclass = known.superclass { about.append("Subclass of `\(superclass)`") }
            if let since = known.since { about.append("iOS \(since)") }
            if !about.isEmpty { out += about.joined(separator: "; ") + ".\n\n" }
            guard !known.properties.isEmpty else {
                out += "No properties of its own.\n"
                continue
            }
            out += "| key | UIKit | type | per state | since | notes |\n|---|---|---|---|---|---|\n"
            for property in known.properties.sorted(by: { $0.stylesheetKey < $1.stylesheetKey }) {
                var notes: [String] = []
                if let forward = property.forwardsTo { notes.append("sets `\(forward)`") }
                if let deprecated = property.deprecated { notes.append("deprecated in iOS \(deprecated)") }
                if property.takesSingleOption { notes.append("a single option") }
                if let note = property.note { notes.append(note) }
                out += "| `\(property.stylesheetKey)` | `\(property.swiftName)` | \(typeText(property.type)) | "
                out += "\(property.isPerState ? "yes" : "") | \(property.since.map(\.description) ?? "") | \(notes.joined(separator: "; ")) |\n"
            }
        }
        out += "\n## Enumerations and option sets\n\n"
        out += "A bare word lowers against the enumeration of the key it is written for; an option set takes words joined by `,`.\n"
        for enumeration in schema.enumerations.values.sorted(by: { $0.name < $1.name }) {
            out += "\n### \(enumeration.name)\n\n"
            out += enumeration.isOptionSet ? "Option set (`\(enumeration.objcName)`): " : "`\(enumeration.objcName)`: "
            out += enumeration.cases.map { "`\($0.word)` (\($0.rawValue))" }.joined(separator: ", ") + ".\n"
        }
        return out
    }

    private static func typeText(_ type: PropertyType) -> String {
        switch type {
        case .enumeration(let name), .options(let name): return "[\(type)](#\(name.lowercased().replacingOccurrences(of: ".", with: "")))"
        case .object(let name): return "[\(type)](#\(name.lowercased().replacingOccurrences(of: ".", with: "")))"
        default: return "`\(type)`"
        }
    }
}
