/// One piece of an HTML document as ``HTMLTokenizer`` reads it. Comments, doctypes and
/// processing instructions are not tokens: they read as nothing.
public enum HTMLToken: Sendable {
    /// Text as written, character references not yet decoded: the tokenizer's `bytes[range]`
    /// (see ``HTMLTokenizer/text(_:)``).
    case text(Range<Int>)
    case startTag(HTMLTag)
    case endTag(HTMLElement)
}

/// A start tag: its element, where its attributes are written, and whether it ended in `/>`.
public struct HTMLTag: Sendable {
    public var element: HTMLElement
    /// The bytes between the name and the closing `>` (read with ``HTMLTokenizer/attribute(_:of:)``).
    public var attributes: Range<Int>
    public var isSelfClosing: Bool
}
