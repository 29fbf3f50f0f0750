import ArgumentParser
import FeedServices
import FeedStore
import FeedFetcher
import Foundation

/// newsboat's options that do one thing and exit instead of opening the reader (`tidings -e`,
/// `-i FILE`, `-X`, `-v`, `-x reload print-unread`); the same as the commands where there is one.
struct NewsboatActions: ParsableArguments {
    @Option(
        name: [.customShort("x"), .customLong("execute")], parsing: .upToNextOption,
        help: ArgumentHelp("Run newsboat's commands in order without the reader: reload (as `tidings reload`), print-unread (as `tidings unread`).", valueName: "command"))
    var execute: [NewsboatCommand] = []

    @Flag(name: [.customShort("e"), .customLong("export-to-opml")], help: "Print the feed list as OPML 2.0 (as `tidings export`).")
    var exportsOPML = false

    @Option(name: [.customShort("i"), .customLong("import-from-opml")], help: ArgumentHelp("Add the feeds of an OPML file (as `tidings import`).", valueName: "file"))
    var importFile: String?

    @Flag(name: [.customShort("X"), .customLong("vacuum")], help: "Compact the cache, giving back the space of removed articles.")
    var vacuums = false

    @Flag(name: .customShort("v"), help: "Print the version (as --version).")
    var printsVersion = false

    /// newsboat's commands for `-x`.
    enum NewsboatCommand: String, ExpressibleByArgument, CaseIterable {
        case reload, printUnread = "print-unread"
    }

    /// Whether an action was asked for.
    var isAsked: Bool { !execute.isEmpty || exportsOPML || importFile != nil || vacuums || printsVersion }

    /// Does what was asked, in newsboat's order: the version, an import, an export, the vacuum,
    /// then the `-x` commands, each even when the one before failed (`-x reload print-unread`
    /// prints the count after a feed failed); the exit status is the first failure's.
    func run(global: GlobalOptions) throws {
        if printsVersion { print("tidings \(TidingsVersion.current)") }
        if let importFile { try ImportCommand.importFeeds(from: importFile, global: global) }
        if exportsOPML { try ExportCommand.export(global: global) }
        if vacuums { try Self.vacuum(global: global) }
        var failure: (any Error)?
        for command in execute {
            do {
                switch command {
                case .reload: try ReloadCommand.reload(global: global)
                case .printUnread: try UnreadCommand.printUnread(global: global)
                }
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// `-X`: rebuilds the cache file without the space of removed articles (SQLite's `VACUUM`).
    static func vacuum(global: GlobalOptions) throws {
        try reportingFailure {
            let path = global.paths.cacheFile.path
            guard FileManager.default.fileExists(atPath: path) else {
                throw FeedListCommands.Failure(description: "no cache at \(path)")
            }
            let before = FeedStore.fileSize(path)
            try FeedStore(path: path).vacuum()
            let after = FeedStore.fileSize(path)
            let sizes = [before, after].map { ByteCountFormatter.string(fromByteCount: $0, countStyle: .file) }
            print("Compacted the cache \(path): \(sizes[0]) → \(sizes[1])")
        }
    }
}
