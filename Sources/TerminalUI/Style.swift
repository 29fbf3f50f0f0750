/// How a cell is drawn: colours and attributes.
///
/// `Style()` is the terminal's default look. Attributes the terminal cannot show are dropped by
/// ``Terminal``, never by the views.
public struct Style: Hashable, Sendable {
    /// Text attributes that can be combined.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let underline = Attributes(rawValue: 1 << 1)
        public static let reverse = Attributes(rawValue: 1 << 2)
        public static let dim = Attributes(rawValue: 1 << 3)
    }

    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The default look.
    public static let plain = Style()
    public static let bold = Style(attributes: .bold)
    public static let underline = Style(attributes: .underline)
    public static let reverse = Style(attributes: .reverse)
    public static let dim = Style(attributes: .dim)

    /// This style seen through `top`, as a highlight is drawn over text: `top`'s colours where it
    /// sets them (not `.default`), this style's elsewhere, and the attributes of both.
    ///
    ///     Style(foreground: .red, attributes: .bold).overlaid(with: Style(background: .blue))
    ///     // red on blue, bold
    public func overlaid(with top: Style) -> Style {
        Style(
            foreground: top.foreground == .default ? foreground : top.foreground,
            background: top.background == .default ? background : top.background,
            attributes: attributes.union(top.attributes))
    }

    /// This style with `extra` attributes added.
    public func adding(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }
}
