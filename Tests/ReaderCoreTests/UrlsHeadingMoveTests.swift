import Configuration
import FeedStore
import Foundation
import TestSupport
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// Moving a feed past a heading, as the reader does it: on the file, then again with the headings
/// the first move handed back.
@Suite struct UrlsHeadingMoveTests {
    @Test func aFeedMovesPastHeadingsOneAtATime() throws {
        let test = try TestStore(subscriptions: [])
        let path = test.directory.appendingPathComponent("urls").path
        try Data(ReaderHome.urlsWithHeadings.utf8).write(to: URL(fileURLWithPath: path))
        let headings = UrlsFile(parsing: ReaderHome.urlsWithHeadings).headings
        // Bravo down past "--- Tech ---" (line 7): it heads the Tech section now.
        let first = UrlsFileEdit(change: .swapWithHeading("https://b.example/feed", headings[3])).apply(urlsPath: path, store: test.store)
        try #require(first.changed, "\(first)")
        // Then up past it again, and past ~~~~BLOGS~~~~: each found on the line the move before left it.
        let second = UrlsFileEdit(change: .swapWithHeading("https://b.example/feed", first.headings[3])).apply(urlsPath: path, store: test.store)
        try #require(second.changed, "\(second)")
        let third = UrlsFileEdit(change: .swapWithHeading("https://b.example/feed", second.headings[2])).apply(urlsPath: path, store: test.store)
        try #require(third.changed, "\(third)")
        let file = try UrlsFile.load(from: URL(fileURLWithPath: path))
        #expect(file.text == """
            "--- NEWS ---"
            https://a.example/feed news
            " "
            https://b.example/feed
            ~~~~BLOGS~~~~
            https://c.example/feed "!"
            "--- Tech ---" tech
            https://d.example/feed tech
            "never shown" "!"
            """ + "\n")
        #expect(file.headings.map(\.feedsBefore) == [0, 1, 2, 3, 4])
        #expect(try test.store.feedList().map(\.url) == ["https://a.example/feed", "https://b.example/feed", "https://d.example/feed"])
    }
}
