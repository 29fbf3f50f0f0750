import Configuration
import Foundation
import TerminalUI

/// newsboat's `save-all` (no key by default, as in newsboat): every article of the list on top
/// saved as text into a directory, as `save` saves one (see `SaveAll`). It asks for the directory
/// (`save-path` proposed), then whether to overwrite each file that exists already, as newsboat
/// asks, before anything is written; the runner reads, renders and writes off the main thread.
extension ReaderApp {
    /// Asks which directory to save the articles `query` reads into.
    func askWhereToSaveAll(_ query: StoreQuery) {
        ask(.saveAllDirectory(query), text: proposedSaveDirectory)
    }

    /// Reads the articles and looks at the directory typed (off the main thread).
    func saveAll(_ query: StoreQuery, to answer: String) -> [ReaderEffect] {
        guard let directory = savePath(typed: answer) else { return [] }
        transientMessage = "Reading the articles to save…"
        return [.planSaveAll(query, directory: directory, restrictsNames: restrictsFileNames)]
    }

    /// Asks about the next file that exists already, or, once every one is decided, has the
    /// articles written.
    func continueSavingAll(_ plan: SaveAll) -> [ReaderEffect] {
        guard !plan.files.isEmpty else {
            transientMessage = "No articles to save in this list"
            return []
        }
        if plan.nextConflict != nil { return confirm(.overwriteSaved(plan)) }
        let count = plan.files.count { $0.choice != .keep }
        transientMessage = "Saving \(count) article\(count == 1 ? "" : "s") to \(Excerpt(Self.shortPath(plan.directory, home: environment["HOME"])))…"
        return [.saveAll(plan, articleRendering)]
    }

    /// newsboat's question, with its answers: y overwrites this file, a every one left, n keeps
    /// this one, q every one left; Esc saves nothing at all. Any other key asks again.
    func answerOverwrite(_ plan: SaveAll, with key: Key) -> [ReaderEffect] {
        var plan = plan
        guard let index = plan.nextConflict else { return continueSavingAll(plan) }
        switch key {
        case .character("y"), .character("Y"): plan.files[index].choice = .replace
        case .character("a"), .character("A"): plan.decideAll(.replace)
        case .character("n"), .character("N"): plan.files[index].choice = .keep
        case .character("q"), .character("Q"): plan.decideAll(.keep)
        case .escape, .control("g"):
            transientMessage = "Nothing saved"
            return []
        default:
            return confirm(.overwriteSaved(plan))
        }
        return continueSavingAll(plan)
    }

    /// The question about the next file that exists: newsboat's words, the answers first so that
    /// an 80-column status bar shows them.
    func overwriteQuestion(_ plan: SaveAll) -> String {
        guard let index = plan.nextConflict else { return "" }
        let place = "Overwrite \(Excerpt(plan.files[index].name)) in \(Excerpt(Self.shortPath(plan.directory, home: environment["HOME"])))?"
        let more = plan.conflictsLeft - 1
        guard more > 0 else { return place + " (y: yes, n: no)" }
        return place + " (y: yes, a: yes to all, n: no, q: no to all) There \(more == 1 ? "is 1 more conflict" : "are \(more) more conflicts") like this"
    }
}
