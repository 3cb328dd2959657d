/// Apple's Dynamic Type sizes (iOS, points): the size of each text style at
/// each content size category, as `UIFontMetrics` scales fonts.
package enum DynamicType {
    /// Rows in `TextStyle` order, columns in `ContentSizeCategory` order
    /// (extra-small … accessibility-extra-extra-extra-large).
    private static let sizes: [[Double]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],  // large-title
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],  // title1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],  // title2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],  // title3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // headline
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],  // callout
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],  // subheadline
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],  // footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],  // caption1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],  // caption2
    ]

    /// The size of `style` at `category`; `unspecified` counts as `large`.
    package static func size(of style: TextStyle, at category: ContentSizeCategory) -> Double {
        let row = TextStyle.allCases.firstIndex(of: style)!
        return sizes[row][category.rank ?? ContentSizeCategory.large.rank!]
    }

    /// `points` (the size at `large`) scaled along `style`'s curve to
    /// `category`, rounded to 2 decimals.
    package static func scale(_ points: Double, style: TextStyle, to category: ContentSizeCategory) -> Double {
        let scaled = points * size(of: style, at: category) / size(of: style, at: .large)
        return (scaled * 100).rounded() / 100
    }

    /// The size at `large` of a font of `style` that `scale` gave `points`
    /// at `category`: the shortest number that scales to it (10, the size
    /// written, rather than the 10.0057 that 8.24 is worked back to; `scale`
    /// rounded), else the size worked back.
    package static func sizeAtLarge(_ points: Double, style: TextStyle, at category: ContentSizeCategory) -> Double {
        let workedBack = points * size(of: style, at: .large) / size(of: style, at: category)
        let written = StylesheetText.shortestNumber(near: workedBack) { scale($0, style: style, to: category) == points }
        return written.flatMap(Double.init) ?? workedBack
    }
}
