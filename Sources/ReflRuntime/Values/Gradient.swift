/// `linear-gradient([direction,] color [position], color [position], ...)`:
/// colors along a line, as CSS draws them.
public struct Gradient: Sendable, Equatable {
    /// Which way the gradient runs, in CSS's convention.
    public enum Direction: Sendable, Equatable {
        /// An angle in radians: 0 runs up (`to top`), π/2 right, π down
        /// (`to bottom`, the default), clockwise.
        case angle(Double)
        /// `to top right` and the other corners: toward the corner, with the
        /// colors' lines parallel to the other diagonal (CSS's rule).
        case corner(toRight: Bool, toBottom: Bool)

        /// CSS's default, `to bottom`.
        public static let toBottom = Direction.angle(.pi)
    }

    public var direction: Direction
    public var colors: [Color]
    /// Where each color stands along the line (0 its start, 1 its end), one
    /// per color, increasing; nil when the colors are evenly spaced.
    public var locations: [Double]?

    public init(colors: [Color], direction: Direction = .toBottom, locations: [Double]? = nil) {
        self.colors = colors
        self.direction = direction
        self.locations = locations
    }

    /// Where the line starts and ends in the unit square of a box of
    /// `width` × `height` (y down): a `CAGradientLayer`'s `startPoint` and
    /// `endPoint`. As in CSS, an angle is one in the box's own space, and
    /// the line is long enough that the box's corners get its first and
    /// last colors; a corner direction runs corner to corner.
    public func unitEndpoints(width: Double, height: Double) -> (start: (x: Double, y: Double), end: (x: Double, y: Double)) {
        switch direction {
        case .corner(let toRight, let toBottom):
            let endX: Double = toRight ? 1 : 0, endY: Double = toBottom ? 1 : 0
            return ((1 - endX, 1 - endY), (endX, endY))
        case .angle(let radians):
            let width = width > 0 ? width : 1, height = height > 0 ? height : 1
            let dx = Self.cleaned(sin(radians)), dy = Self.cleaned(-cos(radians))
            // CSS's gradient line length: |w·sin a| + |h·cos a|.
            let half = (abs(width * dx) + abs(height * dy)) / 2
            let start = (x: 0.5 - dx * half / width, y: 0.5 - dy * half / height)
            let end = (x: 0.5 + dx * half / width, y: 0.5 + dy * half / height)
            return (start, end)
        }
    }

    /// `sin(π)` is 1.2e-16, not 0: the exact sides keep exact points.
    private static func cleaned(_ value: Double) -> Double {
        abs(value) < 1e-12 ? 0 : value
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
