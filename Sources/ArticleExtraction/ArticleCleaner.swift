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
        removeRelatedBlocks()
        removeCompanyBoilerplate()
        removeRepeatedParagraphs()
        for index in tree.preorder(from: article).reversed() where index != article {
            if isEmpty(index) { remove(index) }
        }
    }

    /// A block of links to other stories after a label (`More Great WIRED Stories`, `DON'T MISS`,
    /// `Lesen Sie auch`, `ArticleFurnitureText.isRelatedLabel`): the label goes, and so do the
    /// elements after it that are mostly links or lists whose every item holds a link, up to the
    /// first that is not. A label alone in its block reads the blocks after that block.
    private mutating func removeRelatedBlocks() {
        for index in tree.preorder(from: article) where index != article && tree[index].parent != PageTree.none {
            let node = tree[index]
            guard node.tag.isHeading || node.tag == .p || node.tag == .div || node.tag == .strong || node.tag == .b,
                  case let nodeMetrics = metrics[index], nodeMetrics.length > 0, nodeMetrics.length <= 60, !nodeMetrics.hasBlock,
                  ArticleFurnitureText.isRelatedLabel(ArticleFurnitureText.line(tree, from: index)) else { continue }
            var level = index
            var next = tree[index].nextSibling
            while next == PageTree.none, tree[level].parent != article, tree[level].parent != PageTree.none,
                  tree.elementChildren(of: tree[level].parent).count == 1 {
                level = tree[level].parent
                next = tree[level].nextSibling
            }
            var removed = 0
            while next != PageTree.none {
                let following = tree[next].nextSibling
                // White space and line breaks between the links.
                if tree[next].tag == .text ? tree[next].text.allSatisfy(\.isWhitespace)
                    : metrics[next].length == 0 && metrics[next].images == 0 {
                    next = following
                    continue
                }
                guard isListOfLinks(next) else { break }
                remove(next)
                removed += 1
                next = following
            }
            // A label with its links gone (cleaned before: each a line of one link), or with
            // nothing after it, labels nothing.
            if removed > 0 || next == PageTree.none || tree[next].tag.isHeading { remove(level) }
        }
    }

    /// The "About the company" end of a press release: a heading that says so (`About Ascom`,
    /// `Über …`), in the article's second half, with the paragraphs after it up to the next
    /// heading; and the last paragraphs when they describe a company (`ArticleFurnitureText
    /// .isCompanyBoilerplate`), however they are headed.
    private mutating func removeCompanyBoilerplate() {
        let elements = tree.preorder(from: article).filter { tree[$0].tag != .text }
        let paragraphs = elements.filter { tree[$0].tag == .p && metrics[$0].length > 0 }
        for (position, index) in paragraphs.enumerated().reversed() where position >= paragraphs.count - 2 {
            guard metrics[index].length < 1200, ArticleFurnitureText.isCompanyBoilerplate(ArticleFurnitureText.line(tree, from: index))
            else { break }
            remove(index)
        }
        let total = metrics[article].length
        var before: Int32 = 0
        for index in tree.preorder(from: article) where index != article && tree[index].parent != PageTree.none {
            if tree[index].tag.isHeading, before * 2 >= total, metrics[index].length > 0,
               ArticleFurnitureText.isAboutHeading(ArticleFurnitureText.line(tree, from: index)) {
                var next = tree[index].nextSibling
                while next != PageTree.none, !tree[next].tag.isHeading {
                    let following = tree[next].nextSibling
                    remove(next)
                    next = following
                }
                remove(index)
                return
            }
            if tree[index].tag == .text { before += tree[index].measure.length }
        }
    }

    /// Mostly links, or a list whose every item holds a link.
    private func isListOfLinks(_ index: PageTree.Index) -> Bool {
        let node = tree[index]
        let nodeMetrics = metrics[index]
        guard node.tag != .text, nodeMetrics.length > 0 else { return false }
        if nodeMetrics.anchorLength * 2 >= nodeMetrics.length { return true }
        guard node.tag == .ul || node.tag == .ol else { return false }
        let items = tree.elementChildren(of: index).filter { tree[$0].tag == .li }
        return !items.isEmpty && items.allSatisfy { metrics[$0].anchorLength > 0 }
    }

    /// A short paragraph that repeats the paragraph before it (a gallery's title over each slide,
    /// a caption repeated) is shown once. A line repeated further apart is the article's own (a
    /// meal plan gives "Eat every 2–3 hours" under each of its days).
    private mutating func removeRepeatedParagraphs() {
        removePullQuotes()
        var previous: [UInt8] = []
        for index in tree.preorder(from: article) where tree[index].tag == .p && tree[index].parent != PageTree.none {
            guard metrics[index].length > 0 else { continue }
            let line = metrics[index].length < 200 ? ArticleFurnitureText.line(tree, from: index) : []
            if !line.isEmpty, line == previous {
                remove(index)
            } else {
                previous = line
            }
        }
    }

    /// A pull quote or a highlight: a copy of one of the article's paragraphs, word for word, set
    /// apart from the text — a block other than a paragraph (`<blockquote class="pull-quote">`),
    /// or a paragraph alone in its block (a "Highlights" box's item, read as a paragraph). The
    /// copy in the text's flow, among other paragraphs, stays; lines repeated within the flow
    /// stay too (`removeRepeatedParagraphs`).
    private mutating func removePullQuotes() {
        var places: [[UInt8]: [PageTree.Index]] = [:]
        for index in tree.preorder(from: article) where index != article && tree[index].parent != PageTree.none {
            let node = tree[index]
            guard node.tag == .p || node.tag == .div || node.tag == .blockquote || node.tag == .aside,
                  case let nodeMetrics = metrics[index], nodeMetrics.length >= TreeMetrics.minimumParagraphLength,
                  nodeMetrics.length < 400, !nodeMetrics.hasBlock else { continue }
            places[ArticleFurnitureText.line(tree, from: index), default: []].append(index)
        }
        for copies in places.values where copies.count > 1 {
            let inFlow = copies.filter { tree[$0].tag == .p && !isAloneInItsBlock($0) }
            guard !inFlow.isEmpty else { continue }
            for index in copies where !inFlow.contains(index) { remove(index) }
        }
    }

    /// The only element of its parent.
    private func isAloneInItsBlock(_ index: PageTree.Index) -> Bool {
        let parent = tree[index].parent
        return parent != article && tree.elementChildren(of: parent).count == 1
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
           nodeMetrics.length < 500, nodeMetrics.articleMarkers == 0, nodeMetrics.embeddedPosts == 0 {
            return true
        }
        if !node.hints.isDisjoint(with: [.byline, .dateline]), nodeMetrics.length < 100, nodeMetrics.paragraphs <= 1,
           !node.tag.isHeading {
            return true
        }
        // Captions and credits of images and videos: the article's text reads on without them. A
        // `figcaption` is one however long; an element called a caption may hold more.
        if node.tag == .figcaption || node.hints.contains(.caption), !node.hints.contains(.articleBody),
           nodeMetrics.length < 500 || node.tag == .figcaption, nodeMetrics.articleMarkers == 0,
           nodeMetrics.headingLength == 0 {
            return true
        }
        // The standfirst: shown apart from the text, like the headline (`<p class="p-dek">`).
        if node.hints.contains(.standfirst), !node.hints.contains(.articleBody), nodeMetrics.length < 500,
           nodeMetrics.articleMarkers == 0, nodeMetrics.embeddedPosts == 0 {
            return true
        }
        if isHoverCard(index) { return true }
        // `<h3>Tell us what YOU think...</h3>`: the comments' heading.
        if node.tag.isHeading, nodeMetrics.length <= 40,
           ArticleFurnitureText.isCommentPrompt(ArticleFurnitureText.line(tree, from: index)) {
            return true
        }
        // `<h3>Related post: <a>…</a></h3>`: a link to another story set as a heading.
        if node.tag.isHeading, nodeMetrics.length < 120, nodeMetrics.anchorLength * 2 >= nodeMetrics.length,
           ArticleFurnitureText.isStoryLink(ArticleFurnitureText.line(tree, from: index)) {
            return true
        }
        // A byline, a stamp or a post's metadata line set in fine print or a block of its own
        // rather than a paragraph (`<small>05/10/2018 - Publicado por: … - Categoria: …</small>`).
        if node.tag == .small || node.tag == .div, !nodeMetrics.hasBlock, nodeMetrics.length > 0, nodeMetrics.length < 300,
           nodeMetrics.images == 0 {
            return ArticleFurnitureText.isFurniture(ArticleFurnitureText.line(tree, from: index))
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

    /// The card a site shows over a link when the pointer rests on it (a person's name, picture and
    /// latest stories), written into the paragraph right after the link and hidden by the page's
    /// style: it read "Rep. Ilhan OmarIlhan OmarHillicon Valley: …". An element right after a
    /// link that holds a picture or links of its own, and that is called a hover card (`rollover`,
    /// `hovercard`, `tooltip`, `popover`) or begins with the link's own text.
    private func isHoverCard(_ index: PageTree.Index) -> Bool {
        let node = tree[index]
        guard node.tag != .p, !node.tag.isHeading, metrics[index].images > 0 || metrics[index].anchorLength > 0,
              node.tag != .a else { return false }
        var previous = node.previousSibling
        while previous != PageTree.none, tree[previous].tag == .text, tree[previous].text.allSatisfy(\.isWhitespace) {
            previous = tree[previous].previousSibling
        }
        guard previous != PageTree.none, tree[previous].tag == .a else { return false }
        if node.hints.contains(.hoverCard) { return true }
        let linkText = ArticleFurnitureText.line(tree, from: previous)
        guard linkText.count >= 3 else { return false }
        return ArticleFurnitureText.line(tree, from: index, limit: linkText.count + 8).starts(with: linkText)
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
        // A quoted post is mostly its links (the author, the date, a photo's address): it is the
        // article's all the same.
        if metrics[index].embeddedPosts > 0 { return false }
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
