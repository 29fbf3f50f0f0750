/// The values of `hyperlinks`: whether the article's links are written as OSC 8 hyperlinks,
/// which terminals that know them make clickable.
public enum HyperlinkChoice: String, Sendable, CaseIterable {
    /// When the terminal is known to support them (TerminalUI's `HyperlinkSupport`).
    case auto
    case yes, no
}
