import Foundation
import TerminalUI

/// `/` in the article: the lines holding the words typed (case and accents ignored), marked as a
/// search's words are; the view scrolls to the first at or after the top, `n` and `N` go to the
/// next and previous (going round), Esc ends it and gives the keys back their usual meaning.
struct ArticleFind: Equatable, Sendable {
    var text: String
    /// The lines (of the view's text) holding it, in order.
    var lines: [Int]
    /// Which of them is shown.
    var current: Int
}

extension ArticleScreen {
    /// Looks for `text`; says where it is ("Match 1 of 7 — …") or that it is not there.
    mutating func find(_ text: String) -> String {
        let words = text.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else { return endFind() }
        let lines = Self.lines(of: view.lines, holding: words)
        let first = lines.firstIndex { $0 >= view.firstVisibleLine } ?? 0
        finding = ArticleFind(text: words, lines: lines, current: first)
        relayOut()
        guard !lines.isEmpty else { return "Not found in the article: \(words)" }
        show(match: first)
        return matchStatus
    }

    /// `n` and `N`: the next or previous line holding the words, going round.
    mutating func moveFind(forward: Bool) -> String {
        guard var found = finding, !found.lines.isEmpty else { return "Not found in the article: \(finding?.text ?? "")" }
        found.current = (found.current + (forward ? 1 : found.lines.count - 1)) % found.lines.count
        finding = found
        show(match: found.current)
        return matchStatus
    }

    /// Esc: the search ends, its marks go.
    mutating func endFind() -> String {
        finding = nil
        relayOut()
        return "Search in the article ended"
    }

    /// The lines again after the text was laid out anew (another width, pictures): the same match
    /// kept by its number.
    mutating func refindAfterLayout() {
        guard var found = finding else { return }
        found.lines = Self.lines(of: view.lines, holding: found.text)
        found.current = min(found.current, max(0, found.lines.count - 1))
        finding = found
    }

    private var matchStatus: String {
        guard let found = finding else { return "" }
        return "Match \(found.current + 1) of \(found.lines.count) — n, N: next, previous; Esc ends"
    }

    private mutating func show(match index: Int) {
        guard let line = finding?.lines[index], let row = view.firstRow(ofLine: line) else { return }
        // A few lines of what comes before it stay in view.
        view.scroll(toRow: max(0, row - 2))
    }

    static func lines(of lines: [TextView.Line], holding text: String) -> [Int] {
        lines.indices.filter { lines[$0].text.plainText.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }
}
