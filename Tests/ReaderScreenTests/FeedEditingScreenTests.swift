import Configuration
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The screens and prompts of feed editing as drawn: the feed list's Starred entry, the tag
/// list, the tag-limited feed list, the Starred list, and the prompts' text. What their keys do
/// is in ReaderCoreTests (FeedEditingKeysTests, StarredEntryTests, TagListKeysTests,
/// StarredListTests, TagsPromptTests).
@MainActor
@Suite struct FeedEditingScreenTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeEditingFeeds()
    }

    private func reader(rows: Int, columns: Int) throws -> ReaderDriver {
        let reader = try home.driver(rows: rows, columns: columns)
        reader.settle()
        return reader
    }

    // MARK: - Feed list

    @Test func starredEntryAppearsAtTheTopWithItsCountsOnceAnArticleIsStarred() throws {
        let reader = try reader(rows: 7, columns: 32)
        #expect(reader.state.feedList?.entries(reader.state.context).count == 3, "no Starred entry without starred articles")

        let alpha = try reader.store.items(ofFeed: "https://a.example/feed")
        let bravo = try reader.store.items(ofFeed: "https://b.example/feed")
        _ = try reader.store.setStarred(true, item: alpha[0].id)
        _ = try reader.store.setStarred(true, item: bravo[5].id)
        _ = try reader.store.markItem(bravo[5].id, read: true)
        reader.noticeCacheChanges()
        try GoldenFrame(reader.frame).check("starred-entry")
        #expect(Array(reader.lines[1...5]) == [
            " N (1/2)   Starred",
            " N (3/3)   Alpha",
            " N (11/12) Bravo",
            "   (0/0)   https://d.example/fe…",
            "",
        ])
        // The counts in the title bar are the feeds', not the starred articles'.
        #expect(reader.state.feedList?.title(reader.state.context).right == "14 unread in 3 feeds")
        #expect(reader.state.feedList?.rows(reader.state.context).count == 3)
    }

    @Test func emptyFeedListSaysHowToAddAFeed() throws {
        try home.subscribe([])
        let reader = try reader(rows: 4, columns: 80)
        #expect(reader.lines[1] == "No feeds yet: press a to add one by its URL (or run `tidings add URL`).")
    }

    // MARK: - Tags

    @Test func tagListShowsEachTagWithItsFeedsAndUnreadArticles() throws {
        let reader = try reader(rows: 6, columns: 40)
        reader.settle(after: .character("t"))
        try GoldenFrame(reader.frame).check("tag-list")
        #expect(Array(reader.lines[1...4]) == [
            "N long reads  1 feed, 12 unread",
            "N news        2 feeds, 15 unread",
            "",
            "",
        ])
        #expect(reader.lines[0].hasPrefix(" Tidings — Tags") && reader.lines[0].hasSuffix("2 tags"))
        #expect(reader.frame.grid[1, 0].style.attributes.contains(.reverse))

        // Read articles leave the unread count; the selected tag stays selected.
        reader.press(.character("j"))
        let bravo = try #require(try reader.store.feedList().first { $0.url == "https://b.example/feed" })
        try reader.store.markFeed(bravo.id, read: true)
        reader.noticeCacheChanges()
        #expect(reader.lines[1] == "  long reads  1 feed")
        #expect((reader.state.top as? TagListScreen)?.selectedTag?.tag == "news")
    }

    @Test func tagListWithoutTagsExplainsHowToTagAFeed() throws {
        try home.subscribe(["https://a.example/feed"])
        let reader = try reader(rows: 4, columns: 90)
        reader.settle(after: .character("t"))
        #expect(reader.lines[1] == "No feed has tags yet: to tag one, select a feed in the feed list and press T.")
    }

    @Test func feedListOfOneTagShowsItsFeeds() throws {
        let alpha = try home.cache().items(ofFeed: "https://a.example/feed")
        _ = try home.cache().setStarred(true, item: alpha[0].id)
        let reader = try reader(rows: 5, columns: 30)
        reader.settle(after: .character("t"))
        reader.settle(after: .enter)
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds tagged long"))
        #expect((reader.state.top as? FeedListScreen)?.title(reader.state.context).left == "Tidings — Feeds tagged long reads")
        #expect(Array(reader.lines[1...3]) == [" N (12/12) Bravo", "", ""], "only the tag's feeds, no Starred entry")

        // The tag goes from the urls file: its list says so.
        try home.subscribe([#"https://a.example/feed news "~Alpha""#, #"https://b.example/feed news"#])
        try reader.store.syncSubscriptions(UrlsFile.load(from: URL(fileURLWithPath: home.urlsPath)).subscriptions)
        reader.noticeCacheChanges()
        reader.resize(rows: 5, columns: 50)
        #expect(reader.lines[1] == "No feed is tagged long reads any more.")
    }

    // MARK: - Starred

    @Test func starredListShowsStarredArticlesNewestFirstWithTheirFeeds() throws {
        let cache = try home.cache()
        let alpha = try cache.items(ofFeed: "https://a.example/feed")
        let bravo = try cache.items(ofFeed: "https://b.example/feed")
        _ = try cache.setStarred(true, item: alpha[2].id)
        _ = try cache.setStarred(true, item: bravo[0].id)
        _ = try cache.markItem(alpha[2].id, read: true)
        let reader = try reader(rows: 5, columns: 48)
        reader.settle(after: .enter)
        try GoldenFrame(reader.frame).check("starred-list")
        #expect(Array(reader.lines[1...3]) == [
            "N*2025-11-21  Bravo story 11        Bravo",
            " *2025-11-21  Item 0  — Ann         Alpha",
            "",
        ])
        #expect(reader.lines[0].hasPrefix(" Starred ") && reader.lines[0].hasSuffix(" 1 unread, 2 starred"))
    }

    @Test func anEmptyStarredListSaysHowToStar() throws {
        let cache = try home.cache()
        let alpha = try cache.items(ofFeed: "https://a.example/feed")
        _ = try cache.setStarred(true, item: alpha[0].id)
        let reader = try reader(rows: 4, columns: 60)
        reader.settle(after: .enter)
        // Unstarred elsewhere: the list is read again, empty.
        _ = try reader.store.setStarred(false, item: alpha[0].id)
        reader.noticeCacheChanges()
        #expect((reader.state.top as? CrossFeedListScreen)?.articles == .starred)
        #expect(reader.lines[1] == "No starred articles: press s on an article to star it.")
    }

    // MARK: - Prompts

    @Test func promptsShowInTheStatusRowWithTheirText() throws {
        let reader = try reader(rows: 5, columns: 40)
        reader.press(.character("a"))
        try GoldenFrame(reader.frame).check("add-feed-prompt")
        #expect(reader.lines[4] == "Add feed URL:")
        #expect(reader.frame.cursor == Position(row: 4, column: 14))
        reader.press(.escape)

        reader.press(.character("j"))
        reader.press(.character("T"))
        try GoldenFrame(reader.frame).check("tags-prompt")
        #expect(reader.lines[4] == #"Tags: news "long reads""#)
        #expect(reader.frame.cursor == Position(row: 4, column: 24))
        reader.press(.escape)

        reader.press(.character("a"))
        reader.type("https://new.example/feed")
        reader.press(.enter)
        #expect(reader.frame.cursor == nil)
        #expect(reader.lines[4].hasPrefix(" Fetching https://new.example/feed…"))
        #expect(reader.lines[1] == " N (3/3)   Alpha", "the list stays usable while a feed is fetched")
    }
}
