import Foundation

/// Removes what is left of the page's furniture inside the chosen article, as Readability's
/// `prepArticle` does.
///
/// - Always: navigation, asides, footers, form inputs; share bars and other boilerplate blocks
///   (by class or id) shorter than 500 characters; headings whose class reads as boilerplate.
/// - With `ExtractionFlags.cleanConditionally`: forms, tables, lists and `div`s that look like
///   furniture — mostly links, more list items or inputs than paragraphs, images without text,
///   too little text — unless they have ten commas or more (then they are prose), are inside
///   code or a data table, or hold a data table. Readability's checks, children before parents,
///   each against the article as it is after the removals before it.
/// - Then elements left with neither text nor images.
struct ArticleCleaner {
    private(set) var tree: PageTree
    private let article: PageTree.Index
    private let flags: ExtractionFlags
    private var metrics: TreeMetrics
    private var dataTables: [PageTree.Index: Bool] = [:]

    init(tree: PageTree, article: PageTree.Index, flags: ExtractionFlags) {
        self.tree = tree
        self.article = article
        self.flags = flags
        metrics = TreeMetrics(tree, from: article)
    }

    mutating func clean() {
        for index in tree.preorder(from: article).reversed() where index != article {
            guard tree[index].tag != .text, tree[index].parent != PageTree.none else { continue }
            if isFurniture(index) || (flags.contains(.cleanConditionally) && isConditionallyFurniture(index)) {
                remove(index)
            }
        }
        metrics = TreeMetrics(tree, from: article)
        removeRepeatedParagraphs()
        for index in tree.preorder(from: article).reversed() where index != article {
            if isEmpty(index) { remove(index) }
        }
    }

    /// A short paragraph whose text an earlier one already had (a gallery's title over each
    /// slide, a caption repeated) is shown once.
    private mutating func removeRepeatedParagraphs() {
        var seen: Set<[UInt8]> = []
        for index in tree.preorder(from: article) where tree[index].tag == .p && tree[index].parent != PageTree.none {
            guard metrics[index].length < 200, metrics[index].length > 0 else { continue }
            if !seen.insert(ArticleFurnitureText.line(tree, from: index)).inserted { remove(index) }
        }
    }

    private mutating func remove(_ index: PageTree.Index) {
        let parent = tree[index].parent
        tree.detach(index)
        metrics.remove(index, formerParent: parent, in: tree)
    }

    private func isFurniture(_ index: PageTree.Index) -> Bool {
        let node = tree[index]
        switch node.tag {
        case .nav, .aside, .footer, .menu, .input:
            return true
        case .h1, .h2:
            if flags.contains(.weightClasses), node.classWeight < 0 { return true }
        default:
            break
        }
        let nodeMetrics = metrics[index]
        if node.hints.contains(.boilerplate) || node.hints.contains(.share), !node.hints.contains(.articleBody),
           nodeMetrics.length < 500, nodeMetrics.articleMarkers == 0 {
            return true
        }
        if !node.hints.isDisjoint(with: [.byline, .dateline]), nodeMetrics.length < 100, nodeMetrics.paragraphs <= 1,
           !node.tag.isHeading {
            return true
        }
        // Captions and credits of images and videos: the article's text reads on without them.
        if node.tag == .figcaption || node.hints.contains(.caption), !node.hints.contains(.articleBody),
           nodeMetrics.length < 500, nodeMetrics.articleMarkers == 0, nodeMetrics.headingLength == 0 {
            return true
        }
        guard node.tag == .p, nodeMetrics.length > 0, nodeMetrics.images == 0 else { return false }
        // A short paragraph that is one link ("Top", "Read more", "Reply") is navigation, and a
        // line that is one link set between paragraphs is a link to another story.
        if nodeMetrics.length < TreeMetrics.minimumParagraphLength, nodeMetrics.anchorLength >= nodeMetrics.length {
            return true
        }
        if nodeMetrics.length < 120, nodeMetrics.anchorLength * 10 >= nodeMetrics.length * 9 { return true }
        guard nodeMetrics.length < 300 else { return false }
        let line = ArticleFurnitureText.line(tree, from: index)
        if nodeMetrics.anchorLength * 2 >= nodeMetrics.length, ArticleFurnitureText.isStoryLink(line) { return true }
        return ArticleFurnitureText.isFurniture(line)
    }

    private mutating func isConditionallyFurniture(_ index: PageTree.Index) -> Bool {
        let node = tree[index]
        let tag = node.tag
        switch tag {
        case .form, .fieldset, .table, .ul, .ol, .div, .section, .header, .dl:
            break
        default:
            return false
        }
        if tag == .table, isDataTable(index) { return false }
        if tree.ancestor(of: index, where: { $0.tag == .code || $0.tag == .pre }) != nil { return false }
        var insideDataTable = false
        var ancestor = tree[index].parent
        while ancestor != PageTree.none {
            if tree[ancestor].tag == .table, isDataTable(ancestor) {
                insideDataTable = true
                break
            }
            ancestor = tree[ancestor].parent
        }
        if insideDataTable { return false }
        let nodeMetrics = metrics[index]
        let weight = flags.contains(.weightClasses) ? Int(node.classWeight) : 0
        if weight < 0 { return !holdsDataTable(index) }
        guard nodeMetrics.commas < 10 else { return false }
        let isList = tag == .ul || tag == .ol
            || (nodeMetrics.length > 0 && Double(nodeMetrics.listLength) > 0.9 * Double(nodeMetrics.length))
        let paragraphs = Double(nodeMetrics.paragraphs)
        let images = Double(nodeMetrics.images)
        let listItems = Double(nodeMetrics.listItems) - 100
        let inputs = Double(nodeMetrics.inputs)
        let length = nodeMetrics.length
        let headingDensity = length > 0 ? Double(nodeMetrics.headingLength) / Double(length) : 0
        let linkDensity = nodeMetrics.linkDensity
        let inFigure = tree.ancestor(of: index, where: { $0.tag == .figure }) != nil
        if length < 30, length > 0, isAdvertisementLabel(tree.text(of: index)) { return true }
        var furniture = (images > 1 && paragraphs / images < 0.5 && !inFigure)
            || (!isList && listItems > paragraphs)
            || inputs > (paragraphs / 3).rounded(.down)
            || (!isList && headingDensity < 0.9 && length < 25 && (images == 0 || images > 2) && !inFigure)
            || (!isList && weight < 25 && linkDensity > 0.2)
            || (weight >= 25 && linkDensity > 0.5)
            // Lists of links ("Read more", "Related") that Readability lets through.
            || (isList && weight < 25 && linkDensity > 0.6)
        if isList, furniture, nodeMetrics.images > 0, nodeMetrics.images == nodeMetrics.listItems,
           linkDensity <= 0.6 {
            // A list of images (a gallery) stays.
            furniture = false
        }
        return furniture && !holdsDataTable(index)
    }

    /// Readability's `adWords` and `loadingWords`: a block that says only "Advertisement".
    private func isAdvertisementLabel(_ text: String) -> Bool {
        let label = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
            .trimmingCharacters(in: CharacterSet(charactersIn: ".…"))
        return ["ad", "ads", "advertising", "advertisement", "publicité", "pub", "werbung", "anzeige", "广告", "広告",
                "реклама", "anuncio", "loading", "正在加载", "загрузка", "chargement", "cargando"].contains(label)
    }

    private mutating func holdsDataTable(_ index: PageTree.Index) -> Bool {
        for descendant in tree.preorder(from: index) where descendant != index && tree[descendant].tag == .table {
            if isDataTable(descendant) { return true }
        }
        return false
    }

    /// Readability's `_markDataTables`: a table with a caption, header cells or column groups,
    /// or with ten rows or more than four columns, or more than ten cells, holds data; a table
    /// holding a table is layout.
    private mutating func isDataTable(_ table: PageTree.Index) -> Bool {
        if let known = dataTables[table] { return known }
        var rows = 0
        var columns = 0
        var hasHeaderParts = false
        var nested = false
        for index in tree.preorder(from: table) where index != table {
            switch tree[index].tag {
            case .caption, .th, .thead, .tfoot, .colgroup, .col: hasHeaderParts = true
            case .table: nested = true
            case .tr:
                rows += 1
                columns = max(columns, tree.elementChildren(of: index).count)
            default: break
            }
        }
        let isData = !nested && (hasHeaderParts || rows >= 10 || columns > 4 || rows * columns > 10)
        dataTables[table] = isData
        return isData
    }

    /// Neither text nor an image, and not an element that is meant to be empty.
    private func isEmpty(_ index: PageTree.Index) -> Bool {
        let node = tree[index]
        guard node.tag != .text, !node.tag.isVoid, node.parent != PageTree.none else { return false }
        switch node.tag {
        case .td, .th, .tr, .thead, .tbody, .tfoot, .colgroup, .col: return false
        default: break
        }
        let nodeMetrics = metrics[index]
        return nodeMetrics.length == 0 && nodeMetrics.images == 0
    }
}
