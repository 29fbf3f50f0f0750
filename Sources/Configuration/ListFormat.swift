import Foundation
import TerminalUI

/// A list row laid out by a format string (`feedlist-format`, `articlelist-format`), or an
/// enclosure's download path (`download-path`, `download-filename-format`): a subset of
/// newsboat's `%`-specifiers.
///
/// - `%X`: the field `X` (which letters exist depends on the list, see ``Kind``);
/// - `%20X`: the field right-aligned in 20 columns; `%-20X`: left-aligned. Longer values are
///   cut with `…`. Widths count terminal columns, so a Japanese title is measured as drawn;
/// - `%>C`: fills with the character `C` so that what follows ends at the right edge (only the
///   first one counts);
/// - `%%`: a percent sign;
/// - `%?X?THEN&ELSE?`: newsboat's conditional: THEN when the field `X` is not empty, else ELSE
///   (`&ELSE` may be left out); both parts may hold specifiers of their own.
///
/// Anything else (an unknown letter) makes the format unusable: ``problem(in:kind:)`` describes
/// it for a config warning, and the list keeps Tidings' own layout rather than printing `%x` in
/// every row. A notification's text only leaves the unknown specifier out.
///
/// ```swift
/// let format = ListFormat("%4i %-30t%> %D", kind: .articleList)
/// ```
public struct ListFormat: Sendable, Equatable {
    /// Which list (or file name) the format is for: each has its own fields.
    public enum Kind: Sendable {
        case feedList, articleList
        /// `download-path` and `download-filename-format`: where podboat puts an enclosure
        /// (newsboat's "Available Identifiers for download-path and download-filename-format").
        case downloadPath, downloadFileName
        /// `notify-format`: the text of a notification after a reload.
        case notification
        /// The title bars (`feedlist-title-format`, `articlelist-title-format`, …): newsboat's
        /// "Dialog Title Formats", `%N` and `%V` in each.
        case feedListTitle, articleListTitle, searchResultTitle, itemViewTitle, helpTitle, urlViewTitle, selectTagTitle
        case dialogsTitle
        /// `selecttag-format`: the rows of the tag list.
        case tagList

        /// The field letters this list knows.
        var fields: Set<Character> {
            switch self {
            case .feedList: return ["i", "n", "u", "U", "c", "t", "T", "l", "S", "d", "L"]
            case .articleList: return ["i", "f", "n", "d", "F", "D", "t", "a", "T", "L"]
            case .downloadPath, .downloadFileName: return ["u", "n", "N", "h", "t", "e", "F", "m", "b", "d", "H", "M", "S", "y", "Y"]
            case .notification: return ["f", "n", "d", "D"]
            case .feedListTitle: return ["N", "V", "T", "t", "u", "U", "F"]
            case .articleListTitle: return ["N", "V", "T", "U", "u", "t", "F"]
            case .searchResultTitle: return ["N", "V", "s", "T", "U", "u", "t", "F"]
            case .itemViewTitle: return ["N", "V", "T", "F", "u", "t"]
            case .helpTitle, .urlViewTitle, .selectTagTitle, .dialogsTitle: return ["N", "V"]
            case .tagList: return ["i", "T", "f", "n", "u"]
            }
        }

        /// Whether `%>C` means something: in a row of the screen and a title bar, not in a file
        /// name or a notification.
        var fills: Bool { self == .feedList || self == .articleList || self == .tagList || Self.titles.contains(self) }

        /// Whether a specifier this kind does not know is left out, as newsboat leaves it out,
        /// rather than the whole format given up: a notification's text is still worth sending,
        /// and a list's rows are the rest of their format (`%S` in an articlelist-format).
        var leavesOutUnknown: Bool { self == .notification || self == .feedList || self == .articleList }

        /// Whether such a specifier is worth a warning: not in the lists' formats, where
        /// newsboat leaves it out without a word and real configs carry specifiers of other
        /// versions (issue 45 §17).
        var warnsAboutUnknown: Bool { self != .feedList && self != .articleList }

        /// What is used instead of a format that cannot be understood.
        var fallback: String {
            if Self.titles.contains(self) { return "Tidings' own title is used" }
            return fills ? "Tidings' own layout is used" : "the default is used"
        }

        /// The kinds that lay out a title bar.
        public static let titles: [Kind] = [
            .feedListTitle, .articleListTitle, .searchResultTitle, .itemViewTitle, .helpTitle, .urlViewTitle, .selectTagTitle,
            .dialogsTitle,
        ]
    }

    /// One piece of a format.
    enum Piece: Sendable, Equatable {
        case literal(String)
        /// A field, padded to `width` columns when given (left-aligned when `leftAligned`).
        case field(Character, width: Int?, leftAligned: Bool)
        /// `%>C`: the fill between the left and the right part.
        case fill(Character)
        /// `%?X?THEN&ELSE?`: `then` when the field `X` is not empty, else `otherwise`.
        indirect case conditional(Character, then: [Piece], otherwise: [Piece])
    }

    let pieces: [Piece]
    /// What could not be understood, in order ("%x", "%?").
    let unknown: [String]

    public init(_ format: String, kind: Kind) {
        (pieces, unknown) = Self.parse(Array(format)[...], kind: kind)
    }

    private static func parse(_ format: ArraySlice<Character>, kind: Kind) -> (pieces: [Piece], unknown: [String]) {
        var pieces: [Piece] = []
        var unknown: [String] = []
        var literal = ""
        var characters = format
        func flushLiteral() {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
        }
        while let character = characters.popFirst() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            var written = "%"
            if characters.first == "%" {
                characters.removeFirst()
                literal.append("%")
                continue
            }
            if characters.first == ">" && kind.fills {
                characters.removeFirst()
                // A `%>` that ends the format has nothing to fill with: newsboat draws nothing.
                if let fill = characters.popFirst() {
                    flushLiteral()
                    pieces.append(.fill(fill))
                }
                continue
            }
            if characters.first == "?" {
                characters.removeFirst()
                guard let letter = characters.popFirst(), characters.popFirst() == "?",
                      let thenEnd = characters.firstIndex(where: { $0 == "&" || $0 == "?" })
                else {
                    unknown.append("%?")
                    break
                }
                let then = characters[..<thenEnd]
                var otherwise = ArraySlice<Character>()
                characters = characters[thenEnd...]
                if characters.popFirst() == "&" {
                    guard let elseEnd = characters.firstIndex(of: "?") else {
                        unknown.append("%?\(letter)?")
                        break
                    }
                    otherwise = characters[..<elseEnd]
                    characters = characters[characters.index(after: elseEnd)...]
                }
                guard kind.fields.contains(letter) else {
                    unknown.append("%?\(letter)?")
                    continue
                }
                let (thenPieces, thenUnknown) = parse(then, kind: kind)
                let (elsePieces, elseUnknown) = parse(otherwise, kind: kind)
                unknown += thenUnknown + elseUnknown
                flushLiteral()
                pieces.append(.conditional(letter, then: thenPieces, otherwise: elsePieces))
                continue
            }
            var leftAligned = false
            if characters.first == "-" {
                characters.removeFirst()
                leftAligned = true
                written.append("-")
            }
            var digits = ""
            while let digit = characters.first, digit.isASCII, digit.isNumber {
                digits.append(digit)
                characters.removeFirst()
            }
            written += digits
            guard let letter = characters.popFirst() else {
                if !kind.leavesOutUnknown { literal += written }
                unknown.append(written)
                break
            }
            guard kind.fields.contains(letter) else {
                if !kind.leavesOutUnknown { literal += written + String(letter) }
                unknown.append(written + String(letter))
                continue
            }
            flushLiteral()
            // A width too large to mean anything is as good as none.
            let width = Int(digits.prefix(4)).flatMap { $0 > 0 ? $0 : nil }
            pieces.append(.field(letter, width: width, leftAligned: leftAligned))
        }
        flushLiteral()
        return (pieces, unknown)
    }

    /// A one-line warning about what `format` contains that this subset does not know, or nil.
    public static func problem(in format: String, kind: Kind, option: String) -> String? {
        let unknown = ListFormat(format, kind: kind).unknown
        guard kind.warnsAboutUnknown, let first = unknown.first else { return nil }
        let known = kind.fields.sorted().map { "%\($0)" }.joined(separator: " ") + (kind.fills ? " %>C" : "")
        let what = unknown.count == 1 ? "\(Excerpt(first)) is" : "\(Excerpt(first)) and \(unknown.count - 1) more are"
        return "\(option): \(what) not understood, so \(kind.fallback) (known: \(known) %% %?X?…&…?)"
    }

    /// The format as plain text, each field as `value` gives it (padded or cut to its width):
    /// for a file name, which has no styles and no right edge.
    public func text(value: (Character) -> String) -> String {
        let parts = textParts(value: value)
        return parts.left + parts.right
    }

    /// The plain text on either side of the first `%>C` and its fill character (nil when there is
    /// none): for a title bar, whose drawer knows the width to fill.
    public func textParts(value: (Character) -> String) -> (left: String, fill: Character?, right: String) {
        var left = "", right = ""
        var fill: Character?
        for piece in Self.resolved(pieces, value: { (value($0), nil) }) {
            var text = ""
            switch piece {
            case .literal(let literal): text = literal
            case .field(let letter, let width, let leftAligned): text = Self.fitted(value(letter), width: width, leftAligned: leftAligned)
            case .fill(let character):
                if fill == nil {
                    fill = character
                    continue
                }
            case .conditional: break
            }
            if fill == nil { left += text } else { right += text }
        }
        return (left, fill, right)
    }

    /// The row for `width` columns: literals in `style`, each field as `value` gives it (in its
    /// own style, or `style` when it has none). Never wider than `width`.
    public func render(width: Int, style: Style, value: (Character) -> (text: String, style: Style?)) -> StyledText {
        var left = StyledText()
        var right = StyledText()
        var fill: Character?
        for piece in Self.resolved(pieces, value: value) {
            var part = StyledText()
            switch piece {
            case .literal(let text):
                part.append(text, style: style)
            case .field(let letter, let fieldWidth, let leftAligned):
                let (text, fieldStyle) = value(letter)
                part.append(Self.fitted(text, width: fieldWidth, leftAligned: leftAligned), style: fieldStyle ?? style)
            case .fill(let character):
                if fill == nil {
                    fill = character
                    continue
                }
            case .conditional:
                break
            }
            if fill == nil { left.append(part) } else { right.append(part) }
        }
        guard let fill else { return left.truncated(toWidth: width) }
        return left.filled(with: fill, style: style, before: right, toWidth: width)
    }

    /// The pieces with every conditional replaced by the part its field chooses.
    private static func resolved(_ pieces: [Piece], value: (Character) -> (text: String, style: Style?)) -> [Piece] {
        pieces.flatMap { piece -> [Piece] in
            guard case .conditional(let letter, let then, let otherwise) = piece else { return [piece] }
            let isEmpty = value(letter).text.trimmingCharacters(in: .whitespaces).isEmpty
            return resolved(isEmpty ? otherwise : then, value: value)
        }
    }

    /// `text` cut or padded to `width` columns; as it is when there is no width.
    static func fitted(_ text: String, width: Int?, leftAligned: Bool) -> String {
        guard let width else { return text }
        let cut = DisplayWidth.truncate(text, toWidth: width)
        let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
        return leftAligned ? cut + padding : padding + cut
    }
}
