import FeedFetcher
import FeedModel
@testable import FeedServices
import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// `a` as `tidings add` does it (issue 45 §8): the address of a web page that is no feed is read
/// for the feed it announces, which is added; several are offered to choose from. A refused
/// address does not come back as a prompt by itself (a key pressed meanwhile would type into it):
/// the next `a` offers it again.
@MainActor
@Suite struct AddingFeedsTests {
    static let page = "https://blog.example.org/"

    /// A reader on one feed, the add prompt answered with `typed`; returns the fetch asked for.
    static func readerAdding(_ typed: String) throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("a"))
        reader.type(typed)
        reader.press(.enter)
        return (home, reader)
    }

    static func notAFeed(_ url: String) -> ReloadSummary {
        var summary = ReloadSummary()
        summary.failures = [ReloadSummary.Failure(url: url, reason: .parse("not a feed: an HTML page"))]
        return summary
    }

    @Test func aPageThatAnnouncesOneFeedAddsThatFeed() throws {
        let (_, reader) = try Self.readerAdding(Self.page)
        #expect(reader.fetchEffects.last == .fetchForAdding(url: Self.page, tag: nil))
        #expect(reader.text.contains("Fetching https://blog.example.org/…"))

        reader.send(.fetchedForAdding(url: Self.page, tag: nil, capture: nil, summary: Self.notAFeed(Self.page)))
        #expect(reader.fetchEffects.last == .discoverFeeds(pageURL: Self.page, tag: nil, notAFeed: "not a feed: an HTML page"))
        #expect(reader.text.contains("Fetching https://blog.example.org/…"), "still fetching: \(reader.text)")

        let feed = "https://blog.example.org/feed.xml"
        reader.send(.feedsDiscovered(pageURL: Self.page, tag: nil, notAFeed: "not a feed: an HTML page",
                                     .success([FeedLinkDiscovery.FeedLink(url: feed, title: "Posts")])))
        #expect(reader.fetchEffects.last == .fetchForAdding(url: feed, tag: nil))

        let capture = CapturingFeedCache.Capture(feed: Feed(format: .rss20, title: "Blog posts", items: [Item(id: "1", title: "Hello")]),
                                                 validators: CacheValidators(), permanentRedirect: nil)
        reader.send(.fetchedForAdding(url: feed, tag: nil, capture: capture, summary: ReloadSummary()))
        reader.settle()
        #expect(reader.lines.contains { $0.contains("(1/1) Blog posts") }, "\(reader.text)")
        #expect(try String(contentsOfFile: reader.state.settings.urlsPath, encoding: .utf8).contains(feed))
    }

    @Test func aPageThatAnnouncesSeveralFeedsOffersThemAndEnterAddsTheOneSelected() throws {
        let (_, reader) = try Self.readerAdding(Self.page)
        reader.send(.fetchedForAdding(url: Self.page, tag: nil, capture: nil, summary: Self.notAFeed(Self.page)))
        reader.send(.feedsDiscovered(pageURL: Self.page, tag: nil, notAFeed: "not a feed: an HTML page", .success([
            FeedLinkDiscovery.FeedLink(url: "https://blog.example.org/feed.xml", title: "Posts"),
            FeedLinkDiscovery.FeedLink(url: "https://blog.example.org/comments.xml", title: "Comments"),
        ])))
        #expect(reader.lines[0].contains("Feeds of https://blog.example.org/"))
        #expect(reader.lines[1].contains("Posts") && reader.lines[1].contains("https://blog.example.org/feed.xml"))
        #expect(reader.lines[2].contains("Comments"))
        #expect(reader.text.contains("announces 2 feeds: Enter adds the one selected"))
        reader.press(.down, .enter)
        #expect(reader.fetchEffects.last == .fetchForAdding(url: "https://blog.example.org/comments.xml", tag: nil))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"), "the choice closes")
    }

    @Test func aPageWithoutAFeedIsRefusedAndTheNextAOffersTheAddressAgain() throws {
        let (_, reader) = try Self.readerAdding(Self.page)
        reader.send(.fetchedForAdding(url: Self.page, tag: nil, capture: nil, summary: Self.notAFeed(Self.page)))
        reader.send(.feedsDiscovered(pageURL: Self.page, tag: nil, notAFeed: "not a feed: an HTML page", .success([])))
        #expect(reader.state.prompt == nil, "no prompt opens by itself")
        #expect(reader.lines.last?.contains("Not added: not a feed: an HTML page (and the page announces no feed)") == true, "\(reader.text)")
        reader.press(.character("a"))
        #expect(reader.state.prompt?.editor.text == Self.page, "the address typed, to be corrected")
    }

    @Test func aFailedFetchIsReportedAndAKeyPressedAfterIsNotTyped() throws {
        let (_, reader) = try Self.readerAdding("https://gone.example/feed")
        var summary = ReloadSummary()
        summary.failures = [ReloadSummary.Failure(url: "https://gone.example/feed", reason: .httpStatus(404))]
        reader.send(.fetchedForAdding(url: "https://gone.example/feed", tag: nil, capture: nil, summary: summary))
        #expect(reader.state.prompt == nil)
        #expect(reader.lines.last?.contains("Not added:") == true)
        reader.press(.character("j"))
        #expect(reader.state.prompt == nil, "j moves in the list, it types nothing")
    }
}
