/// The ways a terminal can be made to show a picture.
public enum GraphicsProtocol: String, Sendable, Hashable, CaseIterable {
    /// kitty's graphics protocol: PNG in APC sequences, placed and deleted by id.
    case kitty
    /// DEC sixel graphics (xterm -ti vt340, foot, mlterm, WezTerm, contour).
    case sixel
    /// iTerm2's inline images (OSC 1337).
    case iterm2
    /// Unicode block symbols in 256 colours: any terminal, coarse.
    case blocks
}
