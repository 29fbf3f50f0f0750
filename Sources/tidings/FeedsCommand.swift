import ArgumentParser
import FeedServices
import Foundation
import TidingsApp

/// `tidings feeds`: how each feed's fetches go, for scripts; what holds for one feed; adopting
/// the addresses feeds moved to.
struct FeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "List the feeds with how their fetches go (failing ones, silent ones), show what settings hold for one feed, or write the addresses feeds moved to into the urls file.",
        discussion: """
            Without --settings or --adopt-moved, one line per feed, tab-separated, in the urls \
            file's order: URL (without credentials), title, last success, last error, failures in \
            a row, next automatic fetch, why not sooner (reload-time, ttl, cache-control, \
            retry-after, back-off), the address it moved to, the date of its newest article. \
            Times are UTC (2026-12-06T14:05:00Z); an empty field has nothing to say.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Only the feeds whose last fetch failed.")
    var failing = false

    @Flag(help: "Only the feeds with nothing new for --stale-days days.")
    var stale = false

    @Option(help: "Days without a new article that make a feed stale.")
    var staleDays = 90

    @Option(name: .customLong("settings"), help: ArgumentHelp("Print the options that hold for this feed (its URL as the urls file writes it), each with the config line that set it.", valueName: "url"))
    var settingsURL: String?

    @Flag(help: "Write into the urls file the addresses feeds were permanently redirected to, keeping each line's tags, title and comment.")
    var adoptMoved = false

    func validate() throws {
        guard staleDays >= 1 else { throw ValidationError("--stale-days takes a whole number of at least 1") }
        guard [settingsURL != nil, adoptMoved, failing || stale].filter({ $0 }).count <= 1 else {
            throw ValidationError("--settings, --adopt-moved and the lists (--failing, --stale) go one at a time")
        }
    }

    func run() throws {
        global.logToFile()
        try reportingFailure {
            if let settingsURL {
                print(try FeedListCommands.settings(of: settingsURL, paths: global.paths), terminator: "")
            } else if adoptMoved {
                print(try FeedListCommands.adoptMoved(paths: global.paths), terminator: "")
            } else {
                let filter = FeedListCommands.HealthFilter(failing: failing, staleDays: stale ? staleDays : nil)
                print(try FeedListCommands.feedHealth(filter, paths: global.paths) { notice in
                    FileHandle.standardError.write(Data("tidings: \(notice)\n".utf8))
                }, terminator: "")
            }
        }
    }
}
