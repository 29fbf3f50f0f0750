import ArgumentParser
import FeedFetcher

@main
struct Tidings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "A full-screen terminal reader for RSS, RDF, Atom and JSON feeds.",
        version: TidingsVersion.current,
        subcommands: [
            ReadCommand.self, ParseCommand.self, ReloadCommand.self, ImportCommand.self, ExportCommand.self, UnreadCommand.self,
            AddCommand.self, ExtractCommand.self, FeedsCommand.self, RulesCommand.self,
        ],
        defaultSubcommand: ReadCommand.self
    )

    /// Global file options may come before the command name, as in newsboat: see `ArgumentOrder`.
    static func main() {
        let commands = Set(configuration.subcommands.map { $0._commandName })
        main(ArgumentOrder.normalize(Array(CommandLine.arguments.dropFirst()), commands: commands))
    }
}
