/// What the terminal answered when asked which pictures it can draw (see ``GraphicsQuery``).
public struct GraphicsCapabilities: Equatable, Sendable {
    /// It answered kitty's graphics query with OK (kitty, WezTerm, Konsole, ghostty).
    public var kittyGraphics: Bool
    /// Its primary device attributes list 4, sixel graphics (xterm -ti vt340, foot, mlterm…).
    public var sixel: Bool

    public init(kittyGraphics: Bool, sixel: Bool) {
        self.kittyGraphics = kittyGraphics
        self.sixel = sixel
    }

    public static let none = GraphicsCapabilities(kittyGraphics: false, sixel: false)
}
