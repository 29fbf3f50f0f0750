import ArgumentParser
import FeedFetcher

@main
struct Tidings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "A full-screen terminal reader for RSS, RDF, Atom and JSON feeds.",
        discussion: """
            With no command, opens the reader. newsboat's options work as they do in newsboat: \
            -x reload, -e, -i FILE, -X and -v do their work and exit instead.
            """,
        version: TidingsVersion.current,
        subcommands: [
            ReadCommand.self, ParseCommand.self, ReloadCommand.self, ImportCommand.self, ExportCommand.self, UnreadCommand.self,
            AddCommand.self, ExtractCommand.self, FeedsCommand.self, RulesCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var reader: ReaderOptions
    @OptionGroup var actions: NewsboatActions

    /// The reader (what `tidings read` does), unless one of newsboat's actions was asked for.
    func run() throws {
        if actions.isAsked { return try actions.run(global: global) }
        try ReadCommand.openReader(global: global, options: reader)
    }

    /// Global file options may come before the command name, as in newsboat: see `ArgumentOrder`.
    static func main() {
        let commands = Set(configuration.subcommands.map { $0._commandName })
        main(ArgumentOrder.normalize(Array(CommandLine.arguments.dropFirst()), commands: commands))
    }
}
