/// The values of `image-protocol`: how the article view draws pictures.
public enum ImageProtocolChoice: String, Sendable, CaseIterable {
    /// What the terminal answered at start (kitty, sixel, iTerm2 by its name, else blocks;
    /// blocks inside tmux or screen).
    case auto
    case kitty, sixel, iterm2, blocks
    /// No pictures: the `[image: alt]` text, as before pictures were drawn.
    case none
}
