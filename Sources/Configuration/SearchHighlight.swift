import Foundation
import TerminalUI

/// newsboat's `search-highlight-colors`: the words of a search, marked in the article opened from
/// its results, as the search found them (without case or accents).
public struct SearchHighlight: Sendable, Equatable {
    public var terms: [String]
    public var style: Style

    public init(terms: [String], style: Style) {
        self.terms = terms.filter { !$0.isEmpty }
        self.style = style
    }

    /// `text` with every occurrence of a term in `style`.
    public func styled(_ text: StyledText) -> StyledText {
        guard !terms.isEmpty else { return text }
        let plain = text.plainText
        var ranges: [Range<Int>] = []
        for term in terms {
            var rest = plain.startIndex..<plain.endIndex
            while let found = plain.range(of: term, options: [.caseInsensitive, .diacriticInsensitive], range: rest), !found.isEmpty {
                ranges.append(plain.utf8.distance(from: plain.startIndex, to: found.lowerBound)..<plain.utf8.distance(from: plain.startIndex, to: found.upperBound))
                rest = found.upperBound..<plain.endIndex
            }
        }
        return ranges.isEmpty ? text : text.restyled(ranges, with: style)
    }

    /// newsboat's default, `black yellow bold`.
    public static let defaultStyle = Style(foreground: .black, background: .yellow, attributes: .bold)

    /// The style a `search-highlight-colors` value names (`FG BG [ATTRIBUTE…]`).
    static func parseStyle(_ text: String) throws(ThemeParser.Problem) -> Style {
        try ThemeParser.style(from: text.split(separator: " ").map(String.init), needsBackground: true)
    }
}

extension Config {
    /// The style of a search's words in the article (`search-highlight-colors`).
    public var searchHighlightStyle: Style {
        (try? SearchHighlight.parseStyle(self[\.searchHighlightColors].joined(separator: " "))) ?? SearchHighlight.defaultStyle
    }
}
