import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// `reload-only-visible-feeds`: `R` in a feed list narrowed to a tag reloads only its feeds.
@MainActor @Suite struct ReloadVisibleFeedsTests {
    /// How many times each feed was fetched by `R` in the tag `harbour`'s feed list.
    private func fetches(visibleOnly: Bool) throws -> (news: Int, tech: Int) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Swift on Linux", 19)])
        try home.subscribe([home.url("news") + " harbour", home.url("tech") + " tech"])
        // Wide enough for the feeds' URLs (their titles until they are reloaded).
        let reader = try home.driver(config: "reload-only-visible-feeds \(visibleOnly ? "yes" : "no")", columns: 140)
        reader.settle()
        reader.press(.character("t"))
        reader.settle()
        #expect(reader.text.contains("harbour"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("news.xml"), "\(reader.text)")
        #expect(!reader.text.contains("tech.xml"), "\(reader.text)")
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains(visibleOnly ? "Reloaded 1 feed" : "Reloaded 2 feeds"), "\(reader.text)")
        let fetched = reader.fetchEffects.flatMap { effect -> [String] in
            guard case .reload(let targets) = effect else { return [] }
            return targets.map(\.url)
        }
        return (fetched.count { $0 == home.url("news") }, fetched.count { $0 == home.url("tech") })
    }

    @Test func aTagsFeedListReloadsOnlyItsFeeds() throws {
        let fetched = try fetches(visibleOnly: true)
        #expect(fetched.news == 1 && fetched.tech == 0)
    }

    @Test func withoutTheOptionEveryFeedIsReloaded() throws {
        let fetched = try fetches(visibleOnly: false)
        #expect(fetched.news == 1 && fetched.tech == 1)
    }
}
