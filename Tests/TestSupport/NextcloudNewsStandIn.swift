import Foundation

/// A **stand-in** for a Nextcloud News server, not Nextcloud News: Tests/Support/ocnews_standin.py,
/// which answers the News app's API v1-2 as its reference describes it (Nextcloud cannot run on
/// the test machines), checked by an independent client, nextcloud-news-filter
/// (`runClientCheck`). Its user (`user`, `password`) subscribes to feeds a `LoopbackServer` serves,
/// fetched at once. See `StandInServer` for its life.
public final class NextcloudNewsStandIn: StandInService, @unchecked Sendable {
    public static let user = "carol"
    public static let password = "carol-nextcloud-pass-1"

    public let server: StandInServer
    /// The Nextcloud address, as a user configures it (`ocnews-url`).
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Writes `files` (name → RSS) to the feed folder and starts a stand-in whose user subscribes
    /// to `subscriptions` (file name → folder, "" for none); their items arrived `age` seconds ago
    /// (an hour by default, as on a server running for a while: a sync's window for changes, a
    /// few minutes back, does not reach them).
    public init(files: [String: String], subscriptions: [(file: String, folder: String)], age: Int = 3600) throws {
        let seed: [String: Any] = ["username": NextcloudNewsStandIn.user, "password": NextcloudNewsStandIn.password,
                                   "feeds": subscriptions.map { ["url": "FEEDS/\($0.file)", "folder": $0.folder] }, "age": age]
        server = try StandInServer(script: "ocnews_standin.py", files: files, seed: seed)
    }

    /// The sync tests' two feeds: Alpha in Tech, Beta in News (`FeverSample`).
    public convenience init() throws {
        try self.init(files: FeverSample.files, subscriptions: [("alpha.xml", "Tech"), ("beta.xml", "News")])
    }


    /// True when the sync virtual environment has nextcloud-news-filter (`make sync-test-deps`).
    public static var hasIndependentClient: Bool { StandInServer.venvHas("nextcloud_news_filter/__init__.py") }

    /// Runs nextcloud-news-filter's check against this stand-in: it reads every unread item and
    /// marks those whose title matches `titlePattern` read.
    public func runClientCheck(titlePattern: String) throws -> StandInServer.ClientCheck {
        try server.runClientCheck("ocnews_client_check.py", [endpoint.absoluteString, NextcloudNewsStandIn.user,
                                                             NextcloudNewsStandIn.password, titlePattern])
    }
}
