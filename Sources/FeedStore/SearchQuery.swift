import Foundation

/// A search as the user typed it, parsed into words, phrases, exclusions and filters.
///
/// The syntax (documented in the README's Search section):
///
/// | typed | finds articles… |
/// |---|---|
/// | `rust async` | containing every word (title, author or text; case and accents ignored) |
/// | `"exact phrase"` | containing the words one after the other |
/// | `-word`, `-"a phrase"` | not containing it |
/// | `feed:NAME`, `feed:"Swift on Linux"` | of a feed whose displayed title or URL contains NAME |
/// | `tag:NAME`, `tag:"long name"` | of a feed tagged NAME (the whole tag) |
/// | `unread:yes`, `unread:no` | unread, or read |
///
/// Filter names and values ignore case; `feed:` also ignores accents. Several `feed:` filters
/// match articles of any of the feeds named; several `tag:` filters match feeds carrying all
/// the tags. A query of filters only (`tag:linux unread:yes`) lists every article they let
/// through. A word of anything else before a colon (`c:drive`, `https://x`) is a plain word.
///
/// Parsing never fails on what FTS5 would reject: every word and phrase becomes a quoted FTS5
/// phrase (quotes doubled, CJK characters spaced out as the index stores them), so operators
/// typed by the user (`OR`, `NEAR`, `*`, `col:`) are searched as plain words and an unclosed
/// quote runs to the end of the line. It fails only on queries that cannot mean anything, with
/// a message to show as it is (`SearchQueryError`).
///
/// ```swift
/// let query = try SearchQuery("kernel -rust feed:lwn unread:yes")
/// let rows = try store.search(query)
/// ```
public struct SearchQuery: Sendable, Hashable, CustomStringConvertible {
    /// The query as typed.
    public let text: String
    /// Words that must all occur.
    public private(set) var words: [String] = []
    /// Phrases that must all occur, words adjacent and in order.
    public private(set) var phrases: [String] = []
    /// Words and phrases that must not occur.
    public private(set) var excluded: [String] = []
    /// `feed:` names: the article's feed title or URL contains one of them.
    public private(set) var feedNames: [String] = []
    /// `tag:` names: the article's feed carries all of them.
    public private(set) var tags: [String] = []
    /// `unread:yes` (true) or `unread:no` (false); nil when not given.
    public private(set) var unread: Bool?

    /// Parses `text`.
    ///
    /// - Throws: `SearchQueryError` when nothing is searched for, when only exclusions are given,
    ///   when a filter has no value, or when `unread:` is not yes or no.
    public init(_ text: String) throws(SearchQueryError) {
        self.text = text
        var scanner = Scanner(text)
        while let term = scanner.nextTerm() {
            try add(term)
        }
        if words.isEmpty && phrases.isEmpty && !hasFilters {
            throw excluded.isEmpty ? .nothingToSearch : .onlyExclusions
        }
    }

    public var description: String { text }

    /// True when the query has `feed:`, `tag:` or `unread:` filters.
    public var hasFilters: Bool { !feedNames.isEmpty || !tags.isEmpty || unread != nil }

    /// The FTS5 expression the articles must match, or nil for a query of filters only.
    var matchExpression: String? {
        let required = (words + phrases).map(Self.ftsPhrase)
        guard !required.isEmpty else { return nil }
        guard let exclusions = exclusionExpression else { return required.joined(separator: " ") }
        return "(\(required.joined(separator: " "))) NOT (\(exclusions))"
    }

    /// The FTS5 expression matching any excluded word or phrase, or nil when there is none.
    var exclusionExpression: String? {
        excluded.isEmpty ? nil : excluded.map(Self.ftsPhrase).joined(separator: " OR ")
    }

    private mutating func add(_ term: Scanner.Term) throws(SearchQueryError) {
        switch term {
        case .word(let word, let isExcluded):
            guard Self.isSearchable(word) else { return }
            if isExcluded { excluded.append(word) } else { words.append(word) }
        case .phrase(let phrase, let isExcluded):
            guard Self.isSearchable(phrase) else { return }
            if isExcluded { excluded.append(phrase) } else { phrases.append(phrase) }
        case .filter(let key, let value):
            let value = value.trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { throw .missingValue(filter: key) }
            switch key {
            case .feed: feedNames.append(value)
            case .tag: tags.append(value)
            case .unread:
                switch value.lowercased() {
                case "yes": unread = true
                case "no": unread = false
                default: throw .invalidUnread(value: value)
                }
            }
        }
    }

    /// One quoted FTS5 phrase for `text`, spaced out as the index is. Control characters
    /// become spaces: FTS5 reads its expression as a C string, so a NUL would end it mid-quote.
    static func ftsPhrase(_ text: String) -> String {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        return "\"" + SearchText.segment(printable).replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// True when `text` has a letter or digit, the only characters the index keeps.
    static func isSearchable(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isSearchable)
    }

    private static func isSearchable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    // MARK: - Plain words (the store's `search(words:)`)

    /// The FTS5 query for `words` taken as plain words (no phrases, exclusions or filters), or
    /// nil when nothing searchable was typed.
    ///
    /// ```swift
    /// SearchQuery.match(forUserWords: "swift 東京")   // "\"swift\" \" 東  京 \""
    /// ```
    ///
    /// - Parameter prefixLastWord: match the last word as a prefix (`"swi"` finds "swift"),
    ///   for search-as-you-type. Not applied to a CJK last word, which is already a substring
    ///   match.
    public static func match(forUserWords words: String, prefixLastWord: Bool = false) -> String? {
        let searchable = words.split(whereSeparator: { $0.isWhitespace }).filter { isSearchable($0) }
        guard let last = searchable.last else { return nil }
        var phrases = searchable.map { ftsPhrase(String($0)) }
        if prefixLastWord && !last.unicodeScalars.contains(where: SearchText.isUnspacedScript) {
            phrases[phrases.count - 1] += "*"
        }
        return phrases.joined(separator: " ")
    }
}

extension SearchQuery {
    /// The filters a query can carry, by the name typed before the colon.
    public enum Filter: String, Sendable, Hashable, CaseIterable {
        case feed, tag, unread
    }

    /// Splits typed text into terms: words, quoted phrases, either with a leading `-`, and
    /// `name:value` filters whose value may be quoted.
    struct Scanner {
        enum Term: Equatable {
            case word(String, isExcluded: Bool)
            case phrase(String, isExcluded: Bool)
            case filter(Filter, String)
        }

        private let characters: [Character]
        private var position = 0

        init(_ text: String) {
            characters = Array(text)
        }

        mutating func nextTerm() -> Term? {
            while position < characters.count && characters[position].isWhitespace { position += 1 }
            guard position < characters.count else { return nil }
            var isExcluded = false
            if characters[position] == "-" {
                isExcluded = true
                position += 1
            }
            if position < characters.count && characters[position] == "\"" {
                return .phrase(quoted(), isExcluded: isExcluded)
            }
            let word = bare()
            if !isExcluded, let colon = word.firstIndex(of: ":"),
               let filter = Filter(rawValue: word[..<colon].lowercased()) {
                var value = String(word[word.index(after: colon)...])
                // `feed:"Swift on Linux"`: the quote opened inside the word runs past spaces.
                if value.first == "\"" {
                    position -= value.count
                    value = quoted()
                }
                return .filter(filter, value)
            }
            return .word(word, isExcluded: isExcluded)
        }

        /// The text up to the next whitespace.
        private mutating func bare() -> String {
            let start = position
            while position < characters.count && !characters[position].isWhitespace { position += 1 }
            return String(characters[start..<position])
        }

        /// The text between the quote at `position` and the next quote (or the end of the line).
        private mutating func quoted() -> String {
            position += 1
            let start = position
            while position < characters.count && characters[position] != "\"" { position += 1 }
            let text = String(characters[start..<position])
            if position < characters.count { position += 1 }
            return text
        }
    }
}
