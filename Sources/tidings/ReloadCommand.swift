import ArgumentParser
import FeedServices
import Foundation
import TidingsApp

/// `tidings reload`: refresh feeds without the reader (newsboat's `-x reload`).
struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Download every feed (or the named or tagged ones) and update the cache.",
        discussion: """
            On a terminal a progress line shows the feeds done; otherwise one line is printed per \
            feed. Ends with a summary. Exits with status 1 if any feed failed. `tidings -x reload` \
            works too, as in newsboat.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Only the feeds with this tag.")
    var tag: String?

    @Argument(help: "Only these feeds, by URL or title.")
    var names: [String] = []

    func run() throws {
        try Self.reload(global: global, tag: tag, names: names)
    }

    static func reload(global: GlobalOptions, tag: String? = nil, names: [String] = []) throws {
        let errorLog = global.logToFile()
        let outcome: BatchReload.Outcome
        do {
            outcome = try BatchReload(tag: tag, names: names).run(paths: global.paths, errorLog: errorLog)
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
