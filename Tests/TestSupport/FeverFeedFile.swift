import Foundation

/// RSS documents for the Fever tests' feed server.
public enum FeverFeedFile {
    public struct Item {
        public var guid: String
        public var title: String
        public var link: String
        /// The day of January 2024 it was published, at 10:00 UTC.
        public var day: Int
        public var html: String
        public var author: String?

        public init(guid: String, title: String, link: String, day: Int, html: String, author: String? = nil) {
            self.guid = guid
            self.title = title
            self.link = link
            self.day = day
            self.html = html
            self.author = author
        }
    }

    /// 2024-01-DAY 10:00:00 UTC.
    public static func date(day: Int) -> Date {
        Date(timeIntervalSince1970: 1_704_103_200 + TimeInterval(day - 1) * 86_400)
    }

    public static func rss(title: String, site: String, items: [Item]) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let entries = items.map { item in
            """
            <item><title>\(escape(item.title))</title><link>\(escape(item.link))</link>\
            <guid isPermaLink="false">\(escape(item.guid))</guid>\
            <pubDate>\(formatter.string(from: date(day: item.day)))</pubDate>\
            \(item.author.map { "<author>\(escape($0))</author>" } ?? "")\
            <description>\(escape(item.html))</description></item>
            """
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>\(escape(title))</title><link>\(escape(site))</link>\
            <description>\(escape(title)) for the sync tests</description>
            \(entries.joined(separator: "\n"))
            </channel></rss>
            """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
