import ArgumentParser
import FeedServices
import TidingsApp

/// `tidings unread`: the number of unread items (newsboat's `-x print-unread`).
struct UnreadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unread",
        abstract: "Print the number of unread items in the listed feeds. `-x print-unread` works too.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try reportingFailure { print(try FeedListCommands.unreadCount(paths: global.paths)) }
    }
}
