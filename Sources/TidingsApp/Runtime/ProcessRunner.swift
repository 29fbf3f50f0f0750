import Configuration
import Dispatch
import FeedFetcher
import Foundation
import Logging
import TerminalUI

/// Carries out the reader's runs of other programs (``ProcessEffect``), never through a shell
/// (`ChildProcess`).
///
/// One that needs the terminal — a text-mode browser, the pager, the editor, a URL viewer, an
/// interactive `bookmark-cmd`, a command an article is piped to — gets it: the screen is
/// suspended while it runs and drawn again after. The others are started detached. How each went
/// comes back as a status line.
@MainActor
final class ProcessRunner {
    private let terminal: any Terminal
    private let store: StoreRunner
    private let inbox: ReaderInbox

    init(terminal: any Terminal, store: StoreRunner, inbox: ReaderInbox) {
        self.terminal = terminal
        self.store = store
        self.inbox = inbox
    }

    func run(_ effect: ProcessEffect) {
        switch effect {
        case .openBrowser(let command, let url, let textMode):
            let arguments = command.arguments(for: url)
            if textMode {
                report(withTerminal(arguments), failure: "Browser failed")
            } else {
                detached(arguments, failure: "Browser failed")
            }
        case .pipe(let arguments, let text):
            let terminal = terminal
            let result = terminal.suspend {
                let result = ChildProcess.runInForeground(arguments, input: text)
                // What the command printed stays until a key is pressed, as in newsboat.
                terminal.waitForKey(prompt: "Press any key to return to Tidings")
                return result
            }
            let name = (arguments[0] as NSString).lastPathComponent
            report(result, success: "Piped the article to \(Excerpt(name))", failure: "Pipe failed")
        case .page(let arguments, let text):
            page(text, with: arguments)
        case .viewURLs(let arguments, let text):
            // Interactive (urlview, urlscan): the reader comes back as soon as it exits.
            report(terminal.suspend { ChildProcess.runInForeground(arguments, input: text) }, failure: "URL viewer failed")
        case .bookmark(let arguments, let interactive, let timeout):
            if interactive {
                report(withTerminal(arguments), success: "Saved bookmark.", failure: "Error while saving bookmark")
            } else {
                bookmarkInBackground(arguments, timeout: timeout)
            }
        case .notify(let arguments):
            detached(arguments, failure: "Notification failed")
        case .editUrlsFile(let arguments):
            let result = withTerminal(arguments)
            guard case .success = result else { return report(result, failure: "Editor failed") }
            // The store follows the file as the editor left it.
            store.run(.editUrlsFile(UrlsFileEdit(change: .reread)))
        }
    }

    /// Runs `arguments` with the terminal, the screen suspended meanwhile.
    private func withTerminal(_ arguments: [String]) -> Result<Void, ChildProcess.Failure> {
        terminal.suspend { ChildProcess.runInForeground(arguments) }
    }

    /// Starts `arguments` detached; only a failure is reported.
    private func detached(_ arguments: [String], failure prefix: String) {
        let reply = inbox.expect()
        ChildProcess.runDetached(arguments, queue: .global(qos: .utility)) { failure in
            reply.send(failure.map { .status("\(prefix): \($0)") })
        }
    }

    /// Reports how a program that had the terminal went: `success` (if any) or the failure.
    private func report(_ result: Result<Void, ChildProcess.Failure>, success: String? = nil, failure prefix: String) {
        let reply = inbox.expect()
        switch result {
        case .success: reply.send(success.map { .status($0) })
        case .failure(let failure): reply.send(.status("\(prefix): \(failure)"))
        }
    }

    /// Hands the terminal to the pager with the article's text in a file readable only by this
    /// user, deleted once the pager exits.
    private func page(_ text: String, with words: [String]) {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("tidings-article-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            return inbox.post(.status("Pager failed: cannot write \(path)"))
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        var arguments = words.map { $0.replacingOccurrences(of: "%f", with: path) }
        if !words.contains(where: { $0.contains("%f") }) { arguments.append(path) }
        report(withTerminal(arguments), failure: "Pager failed")
    }

    /// A `bookmark-cmd` that is not interactive runs in the background with nothing on its
    /// standard input for `timeout` seconds at most; as in newsboat, what it prints is an error
    /// (a script that worked says nothing).
    private func bookmarkInBackground(_ arguments: [String], timeout: TimeInterval) {
        var options = FetchOptions()
        options.timeout = timeout
        options.maxBytes = 64 << 10
        let reply = inbox.expect()
        _ = PageDownload.run(arguments, input: Data(), options: options) { result in
            let message: String
            switch result {
            case .success(let page):
                let printed = String(decoding: page.bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
                message = printed.map { "Error while saving bookmark: \(Excerpt($0))" } ?? "Saved bookmark."
            case .failure(let failure):
                message = "Error while saving bookmark: \(failure)"
            }
            reply.send(.status(message))
        }
    }
}
