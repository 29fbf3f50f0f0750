import Foundation

/// What `bookmark` hands to `bookmark-cmd`: newsboat's four arguments, in newsboat's order.
public struct Bookmark: Hashable, Sendable {
    public var url: String
    public var title: String
    public var description: String
    public var feedTitle: String

    public init(url: String, title: String, description: String = "", feedTitle: String) {
        self.url = url
        self.title = title
        self.description = description
        self.feedTitle = feedTitle
    }

    /// The questions asked, in order, when `bookmark-autopilot` is off (as newsboat asks them).
    public enum Field: CaseIterable, Sendable {
        case url, title, description, feedTitle

        var prompt: String {
            switch self {
            case .url: "URL: "
            case .title: "Title: "
            case .description: "Description: "
            case .feedTitle: "Feed title: "
            }
        }

        /// The question after this one, nil after the last.
        var next: Field? {
            let all = Self.allCases
            let index = all.firstIndex(of: self)! + 1
            return index < all.count ? all[index] : nil
        }
    }

    subscript(field: Field) -> String {
        get {
            switch field {
            case .url: url
            case .title: title
            case .description: description
            case .feedTitle: feedTitle
            }
        }
        set {
            switch field {
            case .url: url = newValue
            case .title: title = newValue
            case .description: description = newValue
            case .feedTitle: feedTitle = newValue
            }
        }
    }

    /// The program's argument vector: its own words, then the four values, each one literal
    /// argument (no shell ever reads them). Control characters are taken out: nothing from a
    /// feed should reach a script as a line break or an escape.
    func arguments(command: [String]) -> [String] {
        command + [url, title, description, feedTitle].map(Self.withoutControlCharacters)
    }

    private static func withoutControlCharacters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    }

    /// A title made from the URL when the article has none, as newsboat's `make_title` does: the
    /// last part of the path, without its extension, its `-` and `_` read as spaces.
    static func title(fromURL url: String) -> String {
        let path = URLComponents(string: url)?.path ?? url
        guard let last = path.split(separator: "/").last else { return "" }
        var name = String(last)
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        name = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return (name.removingPercentEncoding ?? name).trimmingCharacters(in: .whitespaces)
    }
}
