import Configuration
import FeedStore
import Foundation
import TerminalUI

/// An article as plain text, as `save` writes it and `pipe-to` sends it: the header (title,
/// author, date, feed, link, attachments), a blank line, the text wrapped at `width` columns with
/// the numbered list of links at its end.
public struct ArticleText: Hashable, Sendable {
    public var text: String
    /// The article's title, as the feed gave it.
    public var title: String
    /// The name `save` proposes: the title's letters and digits, `_` for the rest, `.txt`
    /// (`restrict-filename`; see `unrestrictedFileName(for:)` for `no`).
    public var proposedFileName: String

    /// Columns the saved text is wrapped at.
    public static let width = 72

    public init(item: StoredItem, body: ArticleBody, header: [TextView.Line], width: Int = ArticleText.width) {
        var lines: [String] = []
        for line in header + body.lines(width: width) {
            let wrapped = line.text.wrapped(width: width, continuationIndent: line.continuationIndent)
            lines += wrapped.isEmpty ? [""] : wrapped.map { String($0.plainText.reversed().drop { $0 == " " }.reversed()) }
        }
        text = lines.joined(separator: "\n") + "\n"
        title = item.item.title ?? ""
        proposedFileName = Self.fileName(for: title)
    }

    /// The text of `item` with `body`, headed as the article view heads it (its enclosures
    /// numbered after the body's links).
    init(item: StoredItem, body: ArticleBody, timeZone: TimeZone) {
        self.init(item: item, body: body, header: ArticleScreen.header(
            for: item, timeZone: timeZone, labelStyle: .plain, firstEnclosureNumber: body.links.count + 1))
    }

    /// The name `save` proposes with `restrict-filename no`: the title as written, as newsboat
    /// proposes it, but for what no file name can hold or what would turn it into a path or
    /// hide it (`/`, control characters, a leading dot), and cut to fit a file system's limit.
    static func unrestrictedFileName(for title: String) -> String {
        var name = ""
        for character in title {
            if character == "/" {
                name.append("_")
            } else if !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                name.append(character)
            }
            // 255 bytes is the usual limit of a name; `.txt` and UTF-8 need room.
            if name.utf8.count >= 200 { break }
        }
        name = name.trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        return (name.isEmpty ? "article" : name) + ".txt"
    }

    static func fileName(for title: String) -> String {
        var name = ""
        for character in title {
            if character.isLetter || character.isNumber {
                name.append(character)
            } else if !name.isEmpty, name.last != "_" {
                name.append("_")
            }
            if name.count >= 60 { break }
        }
        while name.last == "_" { name.removeLast() }
        return (name.isEmpty ? "article" : name) + ".txt"
    }

    /// What saving did.
    public enum SaveOutcome: Equatable, Sendable {
        case saved
        /// The file exists and `replacing` was false: nothing was written.
        case exists
    }

    /// Why the file could not be written.
    public struct SaveFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes the text to `path`; an existing file is replaced only when `replacing` is true.
    public func save(to path: String, replacing: Bool) throws -> SaveOutcome {
        let data = Data(text.utf8)
        if replacing {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return .saved
        }
        // O_EXCL: refused atomically when the file exists, even one created a moment ago.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == EEXIST { return .exists }
        guard descriptor >= 0 else { throw SaveFailure(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: data)
        try handle.close()
        return .saved
    }
}
