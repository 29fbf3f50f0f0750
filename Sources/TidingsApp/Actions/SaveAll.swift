import Configuration
import FeedStore
import Foundation
import Glibc

/// newsboat's `save-all`: every article of a list saved into one directory, each as `save` writes
/// it (`ArticleText`) and under the name `save` proposes for it (`restrict-filename`).
///
/// Two articles of the list whose titles give the same name do not overwrite each other: the
/// first keeps the name, the next ones get `-2`, `-3`… before `.txt` (`Tides.txt`, `Tides-2.txt`),
/// skipping any name another article of the list is given. A name already in the directory is
/// replaced only when the user says so; every question is asked before anything is written, so
/// that Esc can still leave everything as it was.
///
/// Planned (`plan`) and written (`write`) by the runner, off the main thread; the questions in
/// between are the reader's.
struct SaveAll: Equatable, Sendable {
    /// The directory the articles go into.
    var directory: String
    /// The articles of the list, in its order, and their files.
    var files: [File]

    /// An article and the file it goes to.
    struct File: Equatable, Sendable {
        var article: ItemID
        var name: String
        /// What is done with the file: nil while the user has not said whether to replace it.
        var choice: Choice?
    }

    enum Choice: Equatable, Sendable {
        /// A new file (one that appeared since the plan is left as it is).
        case create
        /// The file in the directory is replaced.
        case replace
        /// The file in the directory is left as it is, and the article not saved.
        case keep
    }

    /// Why nothing can be saved into the directory typed: one line.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// What writing did.
    struct Outcome: Equatable, Sendable {
        var directory: String
        var saved = 0
        /// Files left as they were (the user said no, or one appeared meanwhile).
        var kept = 0
        /// Articles no longer in the cache.
        var gone = 0
        /// The first failure, if any, and how many there were.
        var failure: String?
        var failures = 0
    }

    /// The plan for saving `rows` (a list's articles, in its order) into `directory`: each
    /// article's file name, and which of them are in the directory already.
    ///
    /// - Throws: `Refusal` when `directory` does not exist, is not a directory, or cannot be
    ///   written in. It is not created: a mistyped path would otherwise fill a new directory.
    static func plan(_ rows: [ItemRow], into directory: String, restrictsNames: Bool) throws(Refusal) -> SaveAll {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw Refusal(description: "there is no directory \(Excerpt(directory))")
        }
        guard isDirectory.boolValue else { throw Refusal(description: "\(Excerpt(directory)) is not a directory") }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw Refusal(description: "cannot write in \(Excerpt(directory)) (\(String(cString: strerror(errno))))")
        }
        let names = fileNames(for: rows.map { $0.title ?? "" }, restrictsNames: restrictsNames)
        let files = zip(rows, names).map { row, name in
            File(article: row.id, name: name, choice: FileManager.default.fileExists(atPath: path(of: name, in: directory)) ? nil : .create)
        }
        return SaveAll(directory: directory, files: files)
    }

    /// The names `save` proposes for these titles, made distinct: a name given to an article
    /// before is followed by `-2`, `-3`… (the first number no article of the list is given).
    static func fileNames(for titles: [String], restrictsNames: Bool) -> [String] {
        let proposed = titles.map { restrictsNames ? ArticleText.fileName(for: $0) : ArticleText.unrestrictedFileName(for: $0) }
        let proposedSet = Set(proposed)
        var given: Set<String> = []
        var nextNumber: [String: Int] = [:]
        return proposed.map { name in
            var chosen = name
            if given.contains(name) {
                let stem = String(name.dropLast(".txt".count))
                var number = nextNumber[stem] ?? 2
                repeat {
                    chosen = "\(stem)-\(number).txt"
                    number += 1
                } while given.contains(chosen) || proposedSet.contains(chosen)
                nextNumber[stem] = number
            }
            given.insert(chosen)
            return chosen
        }
    }

    static func path(of name: String, in directory: String) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + name
    }

    /// The first file in the directory already that the user has not decided on.
    var nextConflict: Int? { files.firstIndex { $0.choice == nil } }

    /// How many files in the directory already are still to be decided on.
    var conflictsLeft: Int { files.count { $0.choice == nil } }

    /// Decides on every file still undecided at once (`a`, `q`).
    mutating func decideAll(_ choice: Choice) {
        for index in files.indices where files[index].choice == nil { files[index].choice = choice }
    }

    /// Writes each article not kept, read from `store` and rendered as `rendering` says, the way
    /// `save` writes it; runs off the main thread.
    func write(from store: FeedStore, rendering: ArticleRendering) -> Outcome {
        var outcome = Outcome(directory: directory)
        for file in files {
            guard let choice = file.choice, choice != .keep else {
                outcome.kept += 1
                continue
            }
            do {
                guard let article = try LoadedArticle.load(file.article, from: store, rendering) else {
                    outcome.gone += 1
                    continue
                }
                let text = article.text(timeZone: rendering.timeZone)
                switch try text.save(to: Self.path(of: file.name, in: directory), replacing: choice == .replace) {
                case .saved: outcome.saved += 1
                case .exists: outcome.kept += 1
                }
            } catch {
                outcome.failures += 1
                if outcome.failure == nil { outcome.failure = "\(error)" }
            }
        }
        return outcome
    }
}

extension SaveAll.Outcome {
    /// One line for the status bar: `Saved 12 articles to ~/news`, and what was not.
    func statusText(home: String?) -> String {
        let place = ReaderState.shortPath(directory, home: home)
        var text = "Saved \(saved) article\(saved == 1 ? "" : "s") to \(Excerpt(place))"
        var notes: [String] = []
        if kept > 0 { notes.append("\(kept) existing file\(kept == 1 ? "" : "s") kept") }
        if gone > 0 { notes.append("\(gone) no longer in the cache") }
        if !notes.isEmpty { text += " (\(notes.joined(separator: ", ")))" }
        if let failure { text += "; \(failures) not saved: \(failure)" }
        return text
    }
}
