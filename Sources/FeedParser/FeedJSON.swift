import FeedModel
import Foundation

/// The JSON form of a feed printed by `tidings parse`: every key always present, in the order of
/// the README, absent values `null`, arrays never null, dates `YYYY-MM-DDTHH:MM:SSZ` in UTC, text
/// as UTF-8 with control characters escaped. Scripts rely on this shape; change it only together
/// with the README.
///
/// Written by hand, not with `JSONEncoder`: on Linux `JSONEncoder` writes an object's keys in an
/// order that changes from one process to the next (a hashed dictionary, even through an
/// explicit `encode(to:)`), and its `sortedKeys` would sort them alphabetically; it also leaves
/// DEL, the C1 controls and U+2028/U+2029 raw, which a terminal may act on.
public enum FeedJSON {
    public static func encode(_ feed: Feed) -> String {
        encode(feed, format: string(feed.format.rawValue))
    }

    /// The answer for a document that holds nothing at all: every key, `format` null (there is no
    /// format to name), `wellFormed` false, no items. The only case where `format` is null.
    public static func encodeEmptyDocument() -> String {
        encode(Feed(format: .rss20, isWellFormed: false), format: "null")
    }

    private static func encode(_ feed: Feed, format: String) -> String {
        var out = "{"
        field(&out, "format", format, first: true)
        field(&out, "wellFormed", feed.isWellFormed ? "true" : "false")
        field(&out, "encoding", string(feed.encoding))
        field(&out, "title", string(feed.title))
        field(&out, "link", string(feed.link))
        field(&out, "subtitle", string(feed.subtitle))
        field(&out, "language", string(feed.language))
        field(&out, "updated", date(feed.updated))
        field(&out, "author", string(feed.author))
        field(&out, "image", string(feed.image))
        out += ",\"items\":["
        for (index, item) in feed.items.enumerated() {
            if index > 0 { out += "," }
            encode(item, into: &out)
        }
        out += "]}"
        return out
    }

    private static func encode(_ item: Item, into out: inout String) {
        out += "{"
        field(&out, "id", string(item.id), first: true)
        field(&out, "title", string(item.title))
        field(&out, "link", string(item.link))
        field(&out, "author", string(item.author))
        field(&out, "published", date(item.published))
        field(&out, "updated", date(item.updated))
        field(&out, "summary", string(item.summary))
        field(&out, "content", string(item.content))
        field(&out, "categories", "[" + item.categories.map { string($0) }.joined(separator: ",") + "]")
        let enclosures = item.enclosures.map { enclosure in
            "{\"url\":\(string(enclosure.url)),\"type\":\(string(enclosure.type)),\"length\":"
                + (enclosure.length.map { String($0) } ?? "null") + "}"
        }
        field(&out, "enclosures", "[" + enclosures.joined(separator: ",") + "]")
        out += "}"
    }

    private static func field(_ out: inout String, _ key: String, _ value: String, first: Bool = false) {
        if !first { out += "," }
        out += "\"\(key)\":\(value)"
    }

    /// A date as `YYYY-MM-DDTHH:MM:SSZ` in UTC.
    public static func dateText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))Z"
    }

    private static func date(_ date: Date?) -> String {
        date.map { "\"\(dateText($0))\"" } ?? "null"
    }

    private static func string(_ text: String?) -> String {
        guard let text else { return "null" }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }
}
