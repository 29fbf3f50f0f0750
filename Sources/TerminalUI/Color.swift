/// A terminal colour: the terminal's own default, or an entry of the 256-colour xterm palette.
///
/// The first sixteen entries are the named ANSI colours; terminals with fewer colours get the
/// nearest of the eight basic ones (see ``approximated(paletteSize:)``).
public enum Color: Hashable, Sendable {
    /// Whatever foreground or background the user's terminal is set to.
    case `default`
    /// An index into the xterm 256-colour palette.
    case indexed(UInt8)

    public static let black = Color.indexed(0)
    public static let red = Color.indexed(1)
    public static let green = Color.indexed(2)
    public static let yellow = Color.indexed(3)
    public static let blue = Color.indexed(4)
    public static let magenta = Color.indexed(5)
    public static let cyan = Color.indexed(6)
    public static let white = Color.indexed(7)
    public static let brightBlack = Color.indexed(8)

    /// The same colour for a terminal that only has `paletteSize` colours.
    ///
    /// Bright ANSI colours fold onto their basic counterparts, cube and grey-ramp entries onto the
    /// basic colour whose red/green/blue bits match best.
    public func approximated(paletteSize: Int) -> Color {
        guard case .indexed(let index) = self, Int(index) >= paletteSize else { return self }
        guard paletteSize >= 8 else { return .default }
        if index < 16 { return .indexed(index - 8) }
        let (red, green, blue) = Color.rgb(ofPaletteIndex: index)
        let bits = (red > 127 ? 1 : 0) | (green > 127 ? 2 : 0) | (blue > 127 ? 4 : 0)
        return .indexed(UInt8(bits))
    }

    /// Approximate red, green and blue (0–255) of a palette entry from 16 upwards.
    static func rgb(ofPaletteIndex index: UInt8) -> (Int, Int, Int) {
        if index >= 232 {
            let level = 8 + Int(index - 232) * 10
            return (level, level, level)
        }
        let cube = Int(index) - 16
        let steps = [0, 95, 135, 175, 215, 255]
        return (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
    }
}
