import ArgumentParser
import FeedServices
import FeedStore
import Foundation
import TidingsApp

/// `tidings reload`: refresh feeds without the reader (newsboat's `-x reload`).
struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Download the feeds that are due (or the named or tagged ones) and update the cache.",
        discussion: """
            Run from cron, it is polite: a feed is fetched only once its reload-time has passed \
            since its last fetch, and what the feed (<ttl>) and its server (Cache-Control, \
            Expires) ask; failing feeds back off. --all fetches every feed anyway, and so does \
            naming feeds; no reload asks a server that answered 429 or 503 with Retry-After \
            before that time. On a terminal a progress line shows the feeds done; otherwise one \
            line is printed per feed, and per feed left waiting. Ends with a summary. Exits with \
            status 1 if any feed failed. `tidings -x reload` works too, as in newsboat.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Only the feeds with this tag.")
    var tag: String?

    @Flag(help: "Every feed, due or not (a manual reload), except those whose server asked to wait.")
    var all = false

    @Flag(help: "Add the new articles' text to the search index before exiting (else the reader does it when it opens).")
    var indexText = false

    @Argument(help: "Only these feeds, by URL or title (fetched whether due or not).")
    var names: [String] = []

    func run() throws {
        try Self.reload(global: global, tag: tag, names: names, all: all, indexText: indexText)
    }

    /// Also newsboat's `-x reload`, which is as polite as `tidings reload` from cron.
    static func reload(global: GlobalOptions, tag: String? = nil, names: [String] = [], all: Bool = false, indexText: Bool = false) throws {
        let errorLog = global.logToFile()
        let outcome: BatchReload.Outcome
        do {
            let reload = BatchReload(tag: tag, names: names, kind: all ? .manual : .automatic, indexesText: indexText)
            outcome = try reload.run(paths: global.paths, errorLog: errorLog)
        } catch {
            FileHandle.standardError.write(Data("tidings: \(error)\n".utf8))
            throw ExitCode(2)
        }
        switch outcome {
        case .succeeded: return
        case .someFailed: throw ExitCode.failure
        case .interrupted: throw ExitCode(130)
        }
    }
}
