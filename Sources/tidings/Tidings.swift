import ArgumentParser

@main
struct Tidings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "A full-screen terminal reader for RSS, RDF, Atom and JSON feeds.",
        subcommands: [ParseCommand.self]
    )
}
