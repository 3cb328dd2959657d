/// `shadow(x, y, blur, color)`: a drop shadow as CSS writes it. `blur` is
/// CSS's blur radius; a `CALayer`'s `shadowRadius` is half of it.
public struct Shadow: Sendable, Equatable {
    /// The offset, in points (y down).
    public var offsetX: Double
    public var offsetY: Double
    /// CSS's blur radius, in points.
    public var blur: Double
    /// `.color`, `.lightDark` or `.assetColor`.
    public var color: StyleValue

    public init(offsetX: Double, offsetY: Double, blur: Double, color: StyleValue) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.color = color
    }

    /// The shadow as a layer takes it: the blur halved (`shadowRadius`), and
    /// the color's alpha as the opacity with the color made opaque, so that
    /// the two do not multiply. A `light-dark()` color whose sides differ in
    /// alpha keeps its alphas, at opacity 1; an asset color's alpha is known
    /// only on the device, so it keeps it too.
    public var layerValues: (color: StyleValue, opacity: Double, radius: Double) {
        let radius = blur / 2
        switch color {
        case .color(var opaque):
            let alpha = opaque.alpha
            opaque.alpha = 1
            return (.color(opaque), alpha, radius)
        case .lightDark(var light, var dark) where light.alpha == dark.alpha:
            let alpha = light.alpha
            light.alpha = 1
            dark.alpha = 1
            return (.lightDark(light: light, dark: dark), alpha, radius)
        default:
            return (color, 1, radius)
        }
    }
}

/// `border(width, color)`: a border's width and color together.
public struct Border: Sendable, Equatable {
    public var width: Double
    /// `.color`, `.lightDark` or `.assetColor`.
    public var color: StyleValue

    public init(width: Double, color: StyleValue) {
        self.width = width
        self.color = color
    }
}

/// Edge insets, in points.
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}
