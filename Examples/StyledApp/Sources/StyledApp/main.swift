import Foundation
import ReflEval

// The table the ReflcPlugin compiled from Styles/main.less, bundled as a resource.
guard let url = Bundle.module.url(forResource: "main", withExtension: "json") else {
    fatalError("the plugin's table is missing from the bundle")
}
let stylesheet = try Stylesheet(contentsOfFile: url.path)

/// One line per property: `name = value`, sorted, with control states.
func describe(_ style: ComputedStyle) -> String {
    var lines: [String] = []
    for name in style.properties.keys.sorted() {
        lines.append("  \(name) = \(text(style.properties[name]!))")
    }
    for (state, properties) in style.stateProperties.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        for name in properties.keys.sorted() { lines.append("  \(name)[\(state)] = \(text(properties[name]!))") }
    }
    return lines.joined(separator: "\n")
}

func text(_ value: StyleValue) -> String {
    switch value {
    case .color(let color): return color.hex
    case .number(let number, _): return "\(number)"
    case .font(let font):
        guard case .points(let size, _) = font.size else { return font.name }
        return "\(font.name) \(size)pt"
    case .edgeInsets(let top, let left, let bottom, let right): return "insets(\(top), \(left), \(bottom), \(right))"
    case .image(.fill(let fill)): return "image(\(text(fill)))"
    default: return "\(value)"
    }
}

// The trait and class names come from the generated MainStyles, so a typo is a compile error.
let button = StyleQuery(className: MainStyles.Classes.uiButton, traits: [MainStyles.Traits.primary])
print("UIButton:primary")
print(describe(stylesheet.resolve(button)))

for appearance in [Appearance.light, .dark] {
    let label = StyleQuery(className: MainStyles.Classes.uiLabel, traits: [MainStyles.Traits.headline],
                           environment: StyleEnvironment(appearance: appearance, contentSizeCategory: .accessibilityLarge))
    print("UILabel:headline (\(appearance), accessibility-large)")
    print(describe(stylesheet.resolve(label)))
}

// The palette as typed constants.
print("MainStyles.Colors.accent", MainStyles.Colors.accent.red, MainStyles.Colors.accent.green, MainStyles.Colors.accent.blue)
print("MainStyles.Numbers.grid", MainStyles.Numbers.grid)
