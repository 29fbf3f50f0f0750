import ImageRendering

/// A picture of an article (`<img>`, or `<picture>`'s chosen `<source>`): what to download, and
/// where it stands in the text.
///
/// Until it is drawn, its label (`[image 2: alt]`) stands in the text as before; once drawn it
/// takes rows of its own after the line holding the label. A picture alone on its line replaces
/// the line and has the label under it as its caption; one in a line of text leaves the label in
/// that line, right above it, and has no caption (the label is never shown twice).
public struct ArticleImage: Hashable, Sendable {
    /// Its sources, as absolute http(s) URLs (`src` and `srcset`).
    public var sources: ImageSourceSet
    /// The `[image N: alt]` text that stands for it.
    public var label: String
    /// The index in `ArticleBody.blocks` of the line holding the label.
    public var block: Int
    /// Whether that line holds nothing but pictures' labels: drawn pictures then replace it.
    public var standsAlone: Bool

    public init(sources: ImageSourceSet, label: String, block: Int, standsAlone: Bool) {
        self.sources = sources
        self.label = label
        self.block = block
        self.standsAlone = standsAlone
    }
}
