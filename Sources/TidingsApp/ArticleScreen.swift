import FeedStore
import Foundation
import TerminalUI

/// One article: a header (title, author, date, feed, link, attachments) and the body rendered
/// from its HTML, scrolled with the usual keys. Typing a link's number and Enter opens it.
@MainActor
public final class ArticleScreen: Screen {
    public private(set) var item: StoredItem
    public let body: ArticleBody
    private var view: TextView
    /// Digits typed so far of a link number.
    public private(set) var typedNumber = ""

    public init(item: StoredItem, timeZone: TimeZone = .current) {
        self.item = item
        let html = item.item.content ?? item.item.summary ?? ""
        body = HTMLTextRenderer.render(html, baseURL: item.item.link)
        view = TextView(lines: Self.header(for: item, timeZone: timeZone) + body.lines)
    }

    public var title: String { item.item.title.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)" }
    public var titleDetail: String { item.feedTitle }

    /// Notes a change of read state made elsewhere (the header does not show it).
    public func update(isRead: Bool) {
        item.isRead = isRead
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        view.render(into: &grid, in: area)
    }

    public func handle(_ key: Key) -> ReaderIntent? {
        if case .character(let character) = key, let digit = character.wholeNumberValue, character.isASCII {
            typedNumber = String((typedNumber + String(digit)).suffix(6))
            return .status("Open link \(typedNumber) (Enter opens, Esc cancels)")
        }
        if !typedNumber.isEmpty {
            switch key {
            case .enter:
                let number = Int(typedNumber) ?? 0
                typedNumber = ""
                guard body.links.indices.contains(number - 1) else {
                    return .status(body.links.isEmpty ? "This article has no links" : "No link \(number): links go from 1 to \(body.links.count)")
                }
                return .openInBrowser(body.links[number - 1])
            case .backspace:
                typedNumber.removeLast()
                return .status(typedNumber.isEmpty ? "" : "Open link \(typedNumber) (Enter opens, Esc cancels)")
            case .escape:
                typedNumber = ""
                return .status("")
            default:
                typedNumber = ""
            }
        }
        guard let command = KeyMap.command(for: key, in: .article) else { return nil }
        switch command {
        case .up: view.scroll(by: -1)
        case .down: view.scroll(by: 1)
        case .pageUp: _ = view.handleNavigationKey(.pageUp)
        case .pageDown: _ = view.handleNavigationKey(.pageDown)
        case .home: _ = view.handleNavigationKey(.home)
        case .end: _ = view.handleNavigationKey(.end)
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .openInBrowser:
            guard let link = item.item.link else { return .status("This article has no link") }
            return .openInBrowser(link)
        case .toggleRead: return .toggleRead(item.id)
        case .reload: return .reloadFeed(item.feedID)
        case .reloadAll: return .reloadAll
        case .nextUnread: return .nextUnread(from: item.id)
        case .previousUnread: return .previousUnread(from: item.id)
        case .help: return .showHelp
        default: break
        }
        return nil
    }

    /// The header lines: labelled fields, then a rule.
    static func header(for item: StoredItem, timeZone: TimeZone) -> [TextView.Line] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE, d MMM yyyy HH:mm"
        var fields: [(String, String)] = [("Title", item.item.title ?? "(untitled)")]
        if let author = item.item.author, !author.isEmpty { fields.append(("Author", author)) }
        fields.append(("Date", formatter.string(from: item.date)))
        fields.append(("Feed", item.feedTitle))
        if let link = item.item.link { fields.append(("Link", link)) }
        for enclosure in item.item.enclosures {
            var detail = enclosure.url
            if let type = enclosure.type { detail += " (\(type))" }
            fields.append(("Attachment", detail))
        }
        var lines = fields.map { label, value in
            let prefix = "\(label): "
            return TextView.Line(StyledText(prefix, style: .bold) + StyledText(value), continuationIndent: prefix.count)
        }
        lines.append(TextView.Line(""))
        return lines
    }
}
