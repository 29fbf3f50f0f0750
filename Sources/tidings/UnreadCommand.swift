import ArgumentParser
import FeedServices
import Foundation
import TidingsApp

/// `tidings unread`: the number of unread items (newsboat's `-x print-unread`).
struct UnreadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unread",
        abstract: "Print the number of unread items in the listed feeds. `-x print-unread` works too.")

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try Self.printUnread(global: global)
    }

    static func printUnread(global: GlobalOptions) throws {
        try reportingFailure {
            // A cache named with -c that is not there is a typo: say so, rather than make its
            // directories and count 0. The default cache is made on first use, as newsboat does.
            if global.cacheFile != nil, !FileManager.default.fileExists(atPath: global.paths.cacheFile.path) {
                throw FeedListCommands.Failure(description: "no cache at \(global.paths.cacheFile.path) (check -c)")
            }
            print(try FeedListCommands.unreadCount(paths: global.paths) { notice in
                FileHandle.standardError.write(Data("tidings: \(notice)\n".utf8))
            })
        }
    }
}
