import ArgumentParser
import FeedServices
import TidingsApp

/// `tidings add URL [TAG…]`: append a feed to the urls file.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Fetch a feed, then add it to the urls file, with optional tags (with a feed server: subscribe on it, then sync).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The feed: http(s)://, file://, exec:COMMAND or filter:COMMAND:URL.")
    var url: String

    @Argument(help: "Tags for the feed.")
    var tags: [String] = []

    @Flag(help: "Add the feed without fetching it first.")
    var noCheck = false

    func run() throws {
        global.logToFile()
        try reportingFailure { print(try FeedListCommands.add(url: url, tags: tags, check: !noCheck, paths: global.paths)) }
    }
}
