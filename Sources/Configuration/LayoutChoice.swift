/// The values of `layout`: how the screens share the window.
public enum LayoutChoice: String, Sendable, CaseIterable {
    /// One screen at a time, each over the one it was opened from (newsboat's way).
    case stack
    /// A list above, the selected article below.
    case split
    /// A list at the left, the selected article at the right.
    case splitVertical = "split-vertical"
    /// The feeds, a feed's articles and the selected article side by side.
    case threePane = "three-pane"
}
