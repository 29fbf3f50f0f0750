/// Finds the element that holds a page's article, the way Mozilla Readability's `grabArticle`
/// does, and gathers it with its related siblings into a new container.
///
/// 1. Strip what cannot be the article: navigation, asides, footers, elements whose class or id
///    reads as boilerplate (`ExtractionFlags.stripUnlikely`), short bylines and date lines,
///    empty containers.
/// 2. Score paragraphs (`p`, `pre`, `td`, and `div`s holding only inline content) by length and
///    commas, and give each score to five levels of ancestors: the parent in full, the
///    grandparent half, then a third, a ninth… of it. An ancestor starts from a score for its
///    tag (`div` +5, lists −3, headings −5, `article` +10, `itemprop="articleBody"` +30) and its
///    class and id (±25 each); its total is then scaled by (1 − link density).
/// 3. Take the best candidate; move up to a common ancestor when three near-best candidates share
///    one, or to a parent that scores higher; prefer the page's own `<article>` or `articleBody`
///    when it holds most of the page's paragraph text.
/// 4. Gather the siblings that score above max(10, 20 % of the best), and sibling paragraphs
///    that read as text (long with few links, or a short sentence without links).
struct ContentScorer {
    private(set) var tree: PageTree
    private let flags: ExtractionFlags
    /// Totals for the page as parsed, before anything is stripped.
    private let pageMetrics: TreeMetrics
    private let pageNodeCount: Int

    init(tree: PageTree, pageMetrics: TreeMetrics, flags: ExtractionFlags) {
        self.tree = tree
        self.pageMetrics = pageMetrics
        self.flags = flags
        pageNodeCount = tree.count
    }

    /// Finds the article and returns a container element (not linked into the page) that holds
    /// it.
    mutating func findArticle() -> PageTree.Index {
        let scorable = prepare()
        let metrics = TreeMetrics(tree, from: tree.root)
        var scores = [Double](repeating: .nan, count: tree.count)
        var candidates: [PageTree.Index] = []
        for paragraph in scorable {
            let paragraphMetrics = metrics[paragraph]
            guard paragraphMetrics.length >= TreeMetrics.minimumParagraphLength else { continue }
            let score = 1 + Double(paragraphMetrics.commas) + min(Double(paragraphMetrics.length / 100), 3)
            var ancestor = tree[paragraph].parent
            var level = 0
            while ancestor != PageTree.none, ancestor != tree.root, tree[ancestor].tag != .html, level < 5 {
                if scores[Int(ancestor)].isNaN {
                    scores[Int(ancestor)] = initialScore(ancestor)
                    candidates.append(ancestor)
                }
                let divider: Double = level == 0 ? 1 : level == 1 ? 2 : Double(level * 3)
                scores[Int(ancestor)] += score / divider
                ancestor = tree[ancestor].parent
                level += 1
            }
        }
        for candidate in candidates {
            scores[Int(candidate)] *= 1 - metrics[candidate].linkDensity
        }
        let ranked = candidates.sorted { scores[Int($0)] > scores[Int($1)] }.prefix(5)
        guard var top = ranked.first, top != tree.body else { return wholeBody() }
        top = commonAncestor(of: Array(ranked), scores: scores) ?? top
        if scores[Int(top)].isNaN { scores[Int(top)] = initialScore(top) }
        top = climbToBetterParent(from: top, scores: scores)
        while tree[top].parent != tree.body, tree[top].parent != PageTree.none,
              tree.elementChildren(of: tree[top].parent).count == 1 {
            top = tree[top].parent
            if scores[Int(top)].isNaN { scores[Int(top)] = scores[Int(tree[top].firstChild)] }
        }
        if let preferred = preferredArticle(over: top, metrics: metrics) {
            scores[Int(preferred)] = max(scores[Int(preferred)].isNaN ? 0 : scores[Int(preferred)], scores[Int(top)])
            top = preferred
        }
        guard top != tree.body, tree[top].parent != PageTree.none else { return wholeBody() }
        return gatherSiblings(of: top, scores: scores, metrics: metrics)
    }

    // MARK: - Preparing

    /// Strips what cannot be the article and returns the elements to score, in document order.
    private mutating func prepare() -> [PageTree.Index] {
        var scorable: [PageTree.Index] = []
        var stack: [PageTree.Index] = tree.children(of: tree.body).reversed()
        while let index = stack.popLast() {
            let node = tree[index]
            guard node.tag != .text, Int(index) < pageNodeCount else { continue }
            let metrics = pageMetrics[index]
            if shouldStrip(index, metrics) {
                tree.detach(index)
                continue
            }
            switch node.tag {
            case .div, .section, .header, .h1, .h2, .h3, .h4, .h5, .h6:
                if metrics.length == 0, metrics.images == 0 {
                    tree.detach(index)
                    continue
                }
            default:
                break
            }
            switch node.tag {
            case .p, .pre, .td:
                scorable.append(index)
            case .div, .section:
                if !metrics.hasBlock {
                    // A paragraph written without <p>.
                    tree[index].tag = .p
                    scorable.append(index)
                } else {
                    scorable.append(contentsOf: wrapInlineRuns(of: index))
                }
            case .article, .main:
                // Text written straight into the page's article, between its headings and lists
                // (a deals page): paragraphs too.
                if metrics.hasBlock { scorable.append(contentsOf: wrapInlineRuns(of: index)) }
            default:
                break
            }
            var child = tree[index].lastChild
            while child != PageTree.none {
                stack.append(child)
                child = tree[child].previousSibling
            }
        }
        return scorable
    }

    private func shouldStrip(_ index: PageTree.Index, _ metrics: NodeMetrics) -> Bool {
        let node = tree[index]
        let hints = node.hints
        if node.tag == .body || hints.contains(.articleBody) { return false }
        // Bylines and date lines are not article text, whatever else the attempt keeps.
        if !hints.isDisjoint(with: [.byline, .dateline]), metrics.length < 100, metrics.paragraphs <= 1,
           metrics.articleMarkers == 0, !node.tag.isHeading {
            return true
        }
        guard flags.contains(.stripUnlikely) else { return false }
        let holdsArticle = metrics.articleMarkers > 0 || holdsMostText(metrics)
        switch node.tag {
        case .nav, .aside, .footer, .menu:
            return !holdsMostText(metrics)
        case .header:
            // A page header goes; an article's header stays when it has a real paragraph (the
            // standfirst), its headline and byline go later.
            return !holdsMostText(metrics) && (metrics.paragraphTextLength < 80 || metrics.linkDensity > 0.3)
        case .article, .main, .a:
            return false
        default:
            break
        }
        if hints.contains(.unlikelyRole) { return !holdsArticle }
        if hints.contains(.boilerplate) {
            // `entry-content share-enabled` around the whole post is content; a comment list,
            // however long, has no content word; `social-media-embed` around a quoted post is the
            // article's.
            return metrics.articleMarkers == 0 && metrics.embeddedPosts == 0
                && !(hints.contains(.maybeCandidate) && holdsMostText(metrics))
        }
        if hints.contains(.unlikely), !hints.contains(.maybeCandidate), !holdsArticle {
            return tree.ancestor(of: index, where: { $0.tag == .table || $0.tag == .code || $0.tag == .pre }) == nil
        }
        return false
    }

    /// True when the element holds at least half the page's paragraph text: then it cannot be
    /// boilerplate, whatever its class says (`<div class="layout has-sidebar">` around all).
    private func holdsMostText(_ metrics: NodeMetrics) -> Bool {
        let total = pageMetrics[tree.body].paragraphTextLength
        return total > 0 && metrics.paragraphTextLength * 2 >= total
    }

    /// Wraps each run of inline content (text, links, emphasis) among a container's block
    /// children in a new paragraph, so that text written straight into a `div` next to other
    /// blocks is scored too. Returns the new paragraphs.
    private mutating func wrapInlineRuns(of container: PageTree.Index) -> [PageTree.Index] {
        var paragraphs: [PageTree.Index] = []
        var run: [PageTree.Index] = []
        func flush(_ tree: inout PageTree) {
            defer { run.removeAll() }
            guard let first = run.first else { return }
            var length: Int32 = 0
            for member in run where Int(member) < pageNodeCount { length += pageMetrics[member].length }
            guard length > 0 else { return }
            let paragraph = tree.makeElement(.p)
            tree.insert(paragraph, before: first)
            for member in run {
                tree.detach(member)
                tree.appendChild(member, to: paragraph)
            }
            paragraphs.append(paragraph)
        }
        for child in tree.children(of: container) {
            let tag = tree[child].tag
            let isInline = tag == .text
                || (!tag.breaksParagraph && !tag.isTableStructure && tag != .li && tag != .dt && tag != .dd
                    && tag != .td && tag != .th && !pageMetrics[child].hasBlock)
            if isInline {
                run.append(child)
            } else {
                flush(&tree)
            }
        }
        flush(&tree)
        return paragraphs
    }

    // MARK: - Choosing

    private func initialScore(_ index: PageTree.Index) -> Double {
        let node = tree[index]
        var score: Double
        switch node.tag {
        case .div: score = 5
        case .pre, .td, .blockquote: score = 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: score = -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: score = -5
        case .article: score = 10
        case .main: score = 5
        default: score = 0
        }
        if node.hints.contains(.articleBody) { score += 30 }
        if flags.contains(.weightClasses) { score += Double(node.classWeight) }
        return score
    }

    /// When at least three other candidates score within 75 % of the best, the article is
    /// probably split among them: their closest ancestor shared by three of them.
    private func commonAncestor(of ranked: [PageTree.Index], scores: [Double]) -> PageTree.Index? {
        guard let top = ranked.first else { return nil }
        let topScore = scores[Int(top)]
        let alternatives = ranked.dropFirst().filter { scores[Int($0)] >= topScore * 0.75 }
        guard alternatives.count >= 3 else { return nil }
        var ancestor = tree[top].parent
        while ancestor != PageTree.none, ancestor != tree.body {
            let sharing = alternatives.filter { tree.contains(ancestor, $0) }.count
            if sharing >= 3 { return ancestor }
            ancestor = tree[ancestor].parent
        }
        return nil
    }

    /// Readability's walk up: a parent that scores higher than its child holds more of the
    /// article (the child was one section of it).
    private func climbToBetterParent(from start: PageTree.Index, scores: [Double]) -> PageTree.Index {
        var lastScore = scores[Int(start)]
        let threshold = lastScore / 3
        var parent = tree[start].parent
        while parent != PageTree.none, parent != tree.body, parent != tree.root {
            let parentScore = scores[Int(parent)]
            if parentScore.isNaN {
                parent = tree[parent].parent
                continue
            }
            if parentScore < threshold { break }
            if parentScore > lastScore { return parent }
            lastScore = parentScore
            parent = tree[parent].parent
        }
        return start
    }

    /// The page's own article element (`itemprop="articleBody"`, else `<article>`) when it holds
    /// at least half of the page's paragraph text and differs from the scorer's choice in a way
    /// that matters: the choice holds it and more, lies outside it, or holds under 85 % of its
    /// text.
    private func preferredArticle(over top: PageTree.Index, metrics: TreeMetrics) -> PageTree.Index? {
        let total = metrics[tree.body].paragraphTextLength
        guard total > 0, metrics[tree.body].articleMarkers > 0 else { return nil }
        var bodies: [PageTree.Index] = []
        var articles: [PageTree.Index] = []
        for index in tree.preorder(from: tree.body) where metrics[index].articleMarkers > 0 {
            let node = tree[index]
            guard metrics[index].paragraphTextLength * 2 >= total else { continue }
            if node.hints.contains(.articleBody) { bodies.append(index) }
            if node.tag == .article { articles.append(index) }
        }
        // Preorder lists an ancestor before its descendants: the last is the innermost.
        guard let preferred = bodies.last ?? articles.last, preferred != top else { return nil }
        if tree.contains(preferred, top) {
            return metrics[top].paragraphTextLength * 100 < metrics[preferred].paragraphTextLength * 85
                ? preferred : nil
        }
        return preferred
    }

    // MARK: - Gathering

    /// Moves the chosen element and its siblings that belong to the article into a new
    /// container.
    private mutating func gatherSiblings(
        of top: PageTree.Index, scores: [Double], metrics: TreeMetrics
    ) -> PageTree.Index {
        let container = tree.makeElement(.div)
        let topScore = scores[Int(top)]
        let threshold = max(10, topScore * 0.2)
        let topClass = tree[top].attribute(.className) ?? ""
        for sibling in tree.elementChildren(of: tree[top].parent) {
            var belongs = sibling == top
            if !belongs {
                var bonus = 0.0
                if !topClass.isEmpty, tree[sibling].attribute(.className) == topClass { bonus = topScore * 0.2 }
                let score = scores[Int(sibling)]
                let siblingMetrics = metrics[sibling]
                if !score.isNaN, score + bonus >= threshold {
                    belongs = true
                } else if bonus > 0, siblingMetrics.paragraphTextLength >= ArticleExtractor.minimumArticleLength,
                          siblingMetrics.linkDensity < 0.3 {
                    // A part of the article split from it by a picture or an advertisement, in a
                    // block of the same class: the sections of a long story.
                    belongs = true
                } else if tree[sibling].tag == .p {
                    let density = siblingMetrics.linkDensity
                    if siblingMetrics.length > 80, density < 0.25 {
                        belongs = true
                    } else if siblingMetrics.length > 0, siblingMetrics.length <= 80, density == 0 {
                        let text = tree.text(of: sibling)
                        belongs = text.contains(". ") || text.hasSuffix(".") || text.contains("。")
                    }
                }
            }
            guard belongs else { continue }
            tree.detach(sibling)
            switch tree[sibling].tag {
            case .td, .th, .tr, .tbody, .thead, .tfoot, .li, .dd, .dt, .body, .form:
                tree[sibling].tag = .div
            default:
                break
            }
            tree.appendChild(sibling, to: container)
        }
        return container
    }

    /// No paragraph scored: the whole body is the article (cleaning decides what is left).
    private mutating func wholeBody() -> PageTree.Index {
        let container = tree.makeElement(.div)
        for child in tree.children(of: tree.body) {
            tree.detach(child)
            tree.appendChild(child, to: container)
        }
        return container
    }
}
