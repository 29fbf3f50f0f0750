import Configuration
import Dispatch
import FeedServices
import Foundation
import Logging

/// Carries out the reader's reads and writes of files besides the cache (``FileEffect``): the
/// podcast queue, saved articles, the prompts' histories, config files for `:source`. One
/// serial queue, which quitting waits for, so that nothing is left half written.
@MainActor
final class FileRunner {
    private let inbox: ReaderInbox
    private let queue = DispatchQueue(label: "tidings.reader.files", qos: .userInitiated)
    private let logger = Logger(label: "tidings.reader")

    init(inbox: ReaderInbox) {
        self.inbox = inbox
    }

    func run(_ effect: FileEffect) {
        let logger = logger
        switch effect {
        case .enqueue(let url, let podcasts, let target):
            on { Self.enqueue(url, in: podcasts, to: target) }
        case .saveText(let article, let path, let replacing):
            on { Self.save(article, to: path, replacing: replacing) }
        case .readHistories(let files, let limit):
            on { Self.readHistories(files, limit: limit, logger: logger) }
        case .writeHistories(let files, let commandLine, let search):
            on {
                Self.writeHistories(files, commandLine: commandLine, search: search, logger: logger)
                return nil
            }
        case .readConfigFile(let path):
            on {
                guard let data = FileManager.default.contents(atPath: path) else {
                    return .configFileRead(path: path, .failure(FileFailure(description: Self.whyUnreadable(path))))
                }
                return .configFileRead(path: path, .success(String(decoding: data, as: UTF8.self)))
            }
        }
    }

    /// Returns once what was asked for before is written.
    func finish() {
        queue.sync {}
    }

    private func on(_ work: @escaping @Sendable () -> ReaderMessage?) {
        let reply = inbox.expect()
        queue.async { reply.send(work()) }
    }

    /// Why the file at `path` could not be read, in a few words.
    private nonisolated static func whyUnreadable(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "there is no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        return FileManager.default.isReadableFile(atPath: path) ? "it could not be read" : "permission denied"
    }

    private nonisolated static func enqueue(_ url: String, in queue: PodcastQueue, to target: String) -> ReaderMessage {
        do {
            switch try queue.append(url, to: target) {
            case .queued(let target): return .status("Queued for podboat: \(Excerpt(target))")
            case .alreadyQueued: return .status("Already in podboat's queue (\(Excerpt(queue.path)))")
            case .fileNameUsed(let target): return .status("Not queued: another enclosure in the queue downloads to \(Excerpt(target))")
            }
        } catch {
            return .status("Not queued: \(error)")
        }
    }

    private nonisolated static func save(_ article: ArticleText, to path: String, replacing: Bool) -> ReaderMessage {
        var isDirectory: ObjCBool = false
        var path = path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            path = (path.hasSuffix("/") ? path : path + "/") + article.proposedFileName
        }
        do {
            switch try article.save(to: path, replacing: replacing) {
            case .saved: return .status("Saved to \(Excerpt(path))")
            case .exists: return .saveWouldReplace(article, path: path)
            }
        } catch {
            return .status("Not saved: \(error)")
        }
    }

    /// The last sessions' histories; a file that cannot be read is an empty history and a line
    /// in the log.
    private nonisolated static func readHistories(_ files: HistoryFiles, limit: Int, logger: Logger) -> ReaderMessage {
        func lines(_ path: String) -> [String] {
            switch HistoryFiles.read(path, limit: limit) {
            case .success(let lines): return lines
            case .failure(let failure):
                logger.warning("\(failure); the history starts empty")
                return []
            }
        }
        return .historiesRead(commandLine: lines(files.commandLine), search: lines(files.search))
    }

    private nonisolated static func writeHistories(_ files: HistoryFiles, commandLine: [String], search: [String], logger: Logger) {
        for (lines, path) in [(commandLine, files.commandLine), (search, files.search)] where !lines.isEmpty {
            do {
                try HistoryFiles.write(lines, to: path)
            } catch {
                logger.error("\(error)")
            }
        }
    }
}
