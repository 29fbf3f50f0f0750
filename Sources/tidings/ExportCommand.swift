import ArgumentParser
import FeedServices
import TidingsApp

/// `tidings export`: the urls file as OPML on standard output.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the feed list as OPML 2.0 (tags in category, custom titles in title).")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try Self.export(global: global)
    }

    static func export(global: GlobalOptions) throws {
        try reportingFailure { print(try FeedListCommands.exportOPML(paths: global.paths), terminator: "") }
    }
}
