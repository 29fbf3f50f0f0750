import ArgumentParser
import FeedServices
import Foundation
import TidingsApp

/// `tidings import FILE.opml`: add an OPML file's feeds to the urls file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the feeds of an OPML file to the urls file (folders become tags; with a feed server: subscribe on it, then sync).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The OPML file.")
    var file: String

    func run() throws {
        try Self.importFeeds(from: file, global: global)
    }

    static func importFeeds(from file: String, global: GlobalOptions) throws {
        global.logToFile()
        try reportingFailure {
            print(try FeedListCommands.importOPML(from: URL(fileURLWithPath: file), paths: global.paths))
        }
    }
}

/// Runs `body`; an error becomes one line on standard error and exit status 1.
func reportingFailure(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch {
        FileHandle.standardError.write(Data("tidings: \(error)\n".utf8))
        throw ExitCode.failure
    }
}
