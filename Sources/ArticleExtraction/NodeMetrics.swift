/// Totals over an element's subtree that the scorer and the cleaner compare: text and link
/// length, commas, and how many paragraphs, images, list items and form inputs it holds.
struct NodeMetrics {
    /// Text length (`TextMeasure` units).
    var length: Int32 = 0
    /// Length of the text inside links; in-page links (`#…`) count 0.3, as in Readability.
    var linkLength: Int32 = 0
    /// Length of the text inside any `a` element, in-page links counted in full.
    var anchorLength: Int32 = 0
    var commas: Int32 = 0
    var paragraphs: Int32 = 0
    var images: Int32 = 0
    var listItems: Int32 = 0
    var inputs: Int32 = 0
    /// Length of the text inside headings.
    var headingLength: Int32 = 0
    /// Length of the text inside `ul` and `ol`.
    var listLength: Int32 = 0
    /// Length of the text in paragraphs (at least 25 long, links not counted, list items left
    /// out): the measure of "article-like" text.
    var paragraphTextLength: Int32 = 0
    /// `article` elements and `itemprop="articleBody"` elements in the subtree, itself included.
    var articleMarkers: Int32 = 0
    /// Embedded posts (`HintSet.embeddedPost`) in the subtree, itself included.
    var embeddedPosts: Int32 = 0
    /// The subtree holds a block element (`ElementTag.isBlock`).
    var hasBlock = false

    /// The share of the text that is link text.
    var linkDensity: Double { length > 0 ? Double(linkLength) / Double(length) : 0 }

    mutating func add(_ other: NodeMetrics) {
        length += other.length
        linkLength += other.linkLength
        anchorLength += other.anchorLength
        commas += other.commas
        paragraphs += other.paragraphs
        images += other.images
        listItems += other.listItems
        inputs += other.inputs
        headingLength += other.headingLength
        listLength += other.listLength
        paragraphTextLength += other.paragraphTextLength
        articleMarkers += other.articleMarkers
        embeddedPosts += other.embeddedPosts
        hasBlock = hasBlock || other.hasBlock
    }

    mutating func subtract(_ other: NodeMetrics) {
        length -= other.length
        linkLength -= other.linkLength
        anchorLength -= other.anchorLength
        commas -= other.commas
        paragraphs -= other.paragraphs
        images -= other.images
        listItems -= other.listItems
        inputs -= other.inputs
        headingLength -= other.headingLength
        listLength -= other.listLength
        paragraphTextLength -= other.paragraphTextLength
        articleMarkers -= other.articleMarkers
        embeddedPosts -= other.embeddedPosts
    }
}

/// `NodeMetrics` for every node of a subtree, computed in one pass from the leaves up.
struct TreeMetrics {
    /// Paragraphs shorter than this are not article text (Readability's threshold).
    static let minimumParagraphLength: Int32 = 25

    private var values: [NodeMetrics]

    init(_ tree: PageTree, from start: PageTree.Index) {
        values = Array(repeating: NodeMetrics(), count: tree.count)
        // Children come after their parent in preorder, so the reverse order finishes every
        // child before its parent and each node adds itself to its parent once.
        for index in tree.preorder(from: start).reversed() {
            let node = tree[index]
            var metrics = values[Int(index)]
            Self.finish(&metrics, node)
            values[Int(index)] = metrics
            let parent = node.parent
            guard index != start, parent != PageTree.none else { continue }
            values[Int(parent)].add(metrics)
            if node.tag.isBlock { values[Int(parent)].hasBlock = true }
        }
    }

    subscript(index: PageTree.Index) -> NodeMetrics {
        values[Int(index)]
    }

    /// Takes a removed node's totals off its former ancestors, so that the next check sees the
    /// page as it is now (Readability's checks read the live document).
    mutating func remove(_ index: PageTree.Index, formerParent: PageTree.Index, in tree: PageTree) {
        let removed = values[Int(index)]
        var ancestor = formerParent
        while ancestor != PageTree.none {
            values[Int(ancestor)].subtract(removed)
            ancestor = tree[ancestor].parent
        }
    }

    /// Adds what the node itself contributes to the totals of its children.
    private static func finish(_ metrics: inout NodeMetrics, _ node: PageNode) {
        if node.tag == .article || node.hints.contains(.articleBody) { metrics.articleMarkers += 1 }
        if node.hints.contains(.embeddedPost) { metrics.embeddedPosts += 1 }
        switch node.tag {
        case .text:
            metrics.length = node.measure.length
            metrics.commas = node.measure.commas
        case .a:
            metrics.anchorLength = metrics.length
            if let href = node.attribute(.href) {
                metrics.linkLength = href.hasPrefix("#") ? metrics.length * 3 / 10 : metrics.length
            }
        case .p, .pre:
            if node.tag == .p { metrics.paragraphs += 1 }
            metrics.paragraphTextLength = paragraphText(metrics)
        case .td, .th, .blockquote, .dd, .div, .section, .article, .main, .figcaption:
            // Text written straight into a block, without `<p>` (forum posts, old table layouts).
            if !metrics.hasBlock { metrics.paragraphTextLength = paragraphText(metrics) }
        case .li:
            metrics.listItems += 1
            metrics.paragraphTextLength = 0
        case .img:
            metrics.images += 1
        case .input:
            metrics.inputs += 1
        case .h1, .h2, .h3, .h4, .h5, .h6:
            metrics.headingLength = metrics.length
        case .ul, .ol:
            metrics.listLength = metrics.length
        default:
            break
        }
    }

    private static func paragraphText(_ metrics: NodeMetrics) -> Int32 {
        metrics.length >= minimumParagraphLength ? max(0, metrics.length - metrics.linkLength) : 0
    }
}
