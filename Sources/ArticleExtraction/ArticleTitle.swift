import Foundation

/// The article's headline, and the heading that repeats it inside the article.
///
/// The headline is the page's `og:title` (or `twitter:title`, `dc.title`) when it has one: sites
/// fill it with the bare headline. Otherwise it is the `<title>` cleaned as Readability cleans
/// it: the site's name cut at a separator (`Headline | Site`, `Site » Section » Headline`,
/// `Site: Headline`), unless that leaves too few words.
enum ArticleTitle {
    /// Separators between a headline and a site's name in `<title>`.
    private static let separators = [" | ", " - ", " – ", " — ", " \\ ", " / ", " > ", " » ", " ｜ ", "｜"]
    private static let hierarchicalSeparators = [" \\ ", " / ", " > ", " » "]

    /// The headline, or nil when the page has no title at all.
    static func headline(_ metadata: PageMetadata, headings: [String]) -> String? {
        if let meta = metadata.metaTitle, !meta.isEmpty { return meta }
        guard let original = metadata.documentTitle, !original.isEmpty else { return headings.first }
        var title = original
        var hadHierarchicalSeparators = false
        if let last = lastSeparator(in: original) {
            hadHierarchicalSeparators = hierarchicalSeparators.contains { original.contains($0) }
            title = String(original[..<last.lowerBound])
            if wordCount(title) < 3, let first = firstSeparator(in: original) {
                title = String(original[first.upperBound...])
            }
        } else if original.contains(": ") {
            if !headings.contains(original), let colon = original.range(of: ": ", options: .backwards) {
                title = String(original[colon.upperBound...])
                if wordCount(title) < 3, let first = original.range(of: ": ") {
                    title = String(original[first.upperBound...])
                } else if let first = original.range(of: ": "), wordCount(String(original[..<first.lowerBound])) > 5 {
                    title = original
                }
            }
        } else if original.count > 150 || original.count < 15, headings.count == 1 {
            title = headings[0]
        }
        title = title.trimmingCharacters(in: .whitespaces)
        let words = wordCount(title)
        if words <= 4, !hadHierarchicalSeparators || words != wordCount(withoutSeparators(original)) - 1 {
            title = original
        }
        return title
    }

    /// How alike a heading is to a title (its `tokens`): the share of the heading's words (by length) that the
    /// title also has. Readability removes a heading above 0.75.
    static func similarity(titleTokens: Set<String>, heading: String) -> Double {
        let headingTokens = tokens(heading)
        guard !headingTokens.isEmpty else { return 0 }
        let total = headingTokens.reduce(0) { $0 + $1.count + 1 }
        let unmatched = headingTokens.filter { !titleTokens.contains($0) }.reduce(0) { $0 + $1.count + 1 }
        return 1 - Double(unmatched) / Double(total)
    }

    /// Lower-cased words, each CJK character a word of its own.
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        var word = ""
        for scalar in text.lowercased().unicodeScalars {
            if TextMeasure.isCJK(scalar.value) {
                if !word.isEmpty { result.append(word) }
                word = ""
                result.append(String(scalar))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                result.append(word)
                word = ""
            }
        }
        if !word.isEmpty { result.append(word) }
        return result
    }

    /// Words, counting two CJK characters as one.
    static func wordCount(_ text: String) -> Int {
        var words = 0
        var cjk = 0
        for token in tokens(text) {
            if token.unicodeScalars.count == 1, let scalar = token.unicodeScalars.first, TextMeasure.isCJK(scalar.value) {
                cjk += 1
            } else {
                words += 1
            }
        }
        return words + (cjk + 1) / 2
    }

    // The standard library's searches: Foundation's `range(of:)` copied the title to UTF-16 for
    // each separator, a tenth of the extractor's time on long titles.
    private static func lastSeparator(in text: String) -> Range<String.Index>? {
        separators.compactMap { lastRange(of: $0, in: text) }.max { $0.lowerBound < $1.lowerBound }
    }

    /// Where `separator` last begins in `text` (occurrences overlapping: ` - - ` ends with one).
    private static func lastRange(of separator: String, in text: String) -> Range<String.Index>? {
        var last: Range<String.Index>?
        var start = text.startIndex
        while let found = text[start...].firstRange(of: separator) {
            last = found
            start = text.index(after: found.lowerBound)
        }
        return last
    }

    private static func firstSeparator(in text: String) -> Range<String.Index>? {
        separators.compactMap { text.firstRange(of: $0) }.min { $0.lowerBound < $1.lowerBound }
    }

    private static func withoutSeparators(_ text: String) -> String {
        var result = text
        for separator in separators { result = result.replacingOccurrences(of: separator, with: " ") }
        return result
    }
}

extension ArticleTitle {
    /// Removes the headings of the article that repeat one of the page's titles: the headline
    /// is shown apart from the text, and forums repeat it over every post ("Re: …"). So does the
    /// article's first paragraph when it is the headline set as a paragraph (`<p class="titulo">`):
    /// three words or more, under 200 characters, all of them the title's.
    static func removeRepeatedHeadings(in tree: inout PageTree, article: PageTree.Index, titles: [String]) {
        guard !titles.isEmpty else { return }
        var titleTokens: [Set<String>] = []  // Read once, at the first heading.
        var isFirstText = true
        for index in tree.preorder(from: article) {
            switch tree[index].tag {
            case .h1, .h2, .h3: break
            case .p where isFirstText:
                isFirstText = false
                let paragraph = tree.text(of: index)
                guard paragraph.utf8.count < 200, case let words = tokens(paragraph), words.count >= 3 else { continue }
                if titleTokens.isEmpty { titleTokens = titles.map { Set(tokens($0)) } }
                if titleTokens.contains(where: { similarity(titleTokens: $0, heading: paragraph) >= 0.999 }) { tree.detach(index) }
                continue
            case .text:
                if isFirstText, !tree[index].text.allSatisfy(\.isWhitespace) { isFirstText = false }
                continue
            default: continue
            }
            isFirstText = false
            if titleTokens.isEmpty { titleTokens = titles.map { Set(tokens($0)) } }
            let heading = tree.text(of: index)
            if titleTokens.contains(where: { similarity(titleTokens: $0, heading: heading) > 0.75 }) { tree.detach(index) }
        }
    }
}
