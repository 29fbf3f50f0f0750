/// One cell of a picture drawn with block symbols: the symbol, and its foreground and background
/// as xterm 256-colour palette indices (nil: transparent, the terminal's own colour).
public struct BlockCell: Sendable, Equatable {
    public var symbol: Character
    public var foreground: UInt8?
    public var background: UInt8?

    public init(symbol: Character, foreground: UInt8?, background: UInt8?) {
        self.symbol = symbol
        self.foreground = foreground
        self.background = background
    }
}
