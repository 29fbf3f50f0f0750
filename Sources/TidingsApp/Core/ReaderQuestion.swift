import Configuration
import FeedStore

/// What the line typed at the prompt in the status row answers.
enum ReaderQuestion: Sendable {
    /// A search query: of every article, or of one feed's (`/` in its list).
    case search(in: FeedListRow? = nil)
    /// Words to find in the article on top (`/` there).
    case find
    /// The URL of a feed to add (tagged `tag` when asked from that tag's feed list).
    case addFeed(tag: String?)
    /// A feed's custom title.
    case rename(FeedListRow)
    /// A feed's tags.
    case tags(FeedListRow)
    /// A filter expression for the list on top.
    case filter
    /// A part of the title of the feed to go to (`goto-title`).
    case feedTitle
    /// Which of the defined filters to apply: its number or its name.
    case definedFilter([DefinedFilter])
    /// A line of the command line (`:`).
    case command
    /// Where to save an article's text.
    case savePath(ArticleText)
    /// The directory to save every article of a list into (`save-all`).
    case saveAllDirectory(ArticlesToSave)
    /// The command to send an article's text to.
    case pipeCommand(ArticleText)
    /// The number of the link to open among these (`goto-url`).
    case urlNumber([ArticleURL])
    /// An article's flags (`edit-flags`), as the screens showed them when asked.
    case flags(ItemID, ItemState)
    /// One of a bookmark's four values, the others as answered so far (`bookmark`).
    case bookmark(Bookmark, Bookmark.Field)

    /// The prompt shown before the text.
    var prompt: String {
        switch self {
        case .command: return ":"
        case .search(let feed?): return "Search \(Excerpt(feed.name.text)): "
        case .search: return ReaderState.searchPrompt
        case .find: return "Find in the article: "
        case .addFeed: return "Add feed URL: "
        case .rename: return "Title (empty: the feed's own): "
        case .tags: return "Tags: "
        case .filter: return "Filter: "
        case .feedTitle: return "Title: "
        case .definedFilter(let filters):
            let choices = filters.enumerated().map { "\($0.offset + 1) \($0.element.name)" }.joined(separator: ", ")
            return "Filter (\(choices)): "
        case .savePath: return "Save to: "
        case .saveAllDirectory: return "Save every article to directory: "
        case .pipeCommand: return "Pipe to command: "
        case .urlNumber(let urls): return "Open link (1-\(urls.count)): "
        case .flags: return "Flags: "
        case .bookmark(_, let field): return field.prompt
        }
    }
}
