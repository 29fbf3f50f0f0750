import ArgumentParser
import FeedServices
import Foundation

/// `tidings rules --dry-run`: what the config's rules would match in the cache.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Show what each rule of the config would match among the articles in the cache.",
        discussion: """
            Rules act on articles as they arrive (see Rules in the README). With --dry-run, each rule \
            is shown with how many articles already in the cache it matches and the newest of their \
            titles; nothing is changed.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customLong("dry-run"), help: "Count the matches; change nothing (required: rules only act as articles arrive).")
    var dryRun = false

    func run() throws {
        guard dryRun else {
            throw ValidationError("rules act on articles as they arrive; --dry-run shows what each would match in the cache")
        }
        try reportingFailure {
            let lines = try RuleDryRun.lines(paths: global.paths) { notice in
                FileHandle.standardError.write(Data("tidings: \(notice)\n".utf8))
            }
            print(lines.joined(separator: "\n"))
        }
    }
}
