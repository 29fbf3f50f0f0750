/// Bounds the parser enforces on any input, so that no document can exhaust memory or time.
public struct ParserLimits: Sendable, Hashable {
    /// Input larger than this is refused (`FeedParserError.tooLarge`).
    public var maxInputBytes: Int
    /// Text kept for one field (a title, a description); the rest of an oversized field is dropped.
    public var maxFieldBytes: Int
    /// Elements nested deeper than this are ignored (libxml2 itself stops at 256).
    public var maxDepth: Int
    /// Bytes that references to entities declared by the document may add, in total.
    public var maxEntityExpansionBytes: Int

    public init(
        maxInputBytes: Int = 64 << 20, maxFieldBytes: Int = 4 << 20, maxDepth: Int = 256,
        maxEntityExpansionBytes: Int = 1 << 20
    ) {
        self.maxInputBytes = maxInputBytes
        self.maxFieldBytes = maxFieldBytes
        self.maxDepth = maxDepth
        self.maxEntityExpansionBytes = maxEntityExpansionBytes
    }
}
