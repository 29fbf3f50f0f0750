import Configuration
import FeedFetcher
import FeedStore
import FilterLanguage
import Foundation
import Logging

/// Carries out, without a screen, the effects rules on arrival left for whoever reloaded
/// (`FeedStore.takeRuleEffects`): what `tidings reload` does after a reload or a sync.
///
/// - `run`: the program with its arguments (`%u %t %f %a` filled in, each one argument, no
///   shell), stopped after `commandTimeout` seconds; its output goes to the log.
/// - `notify`: `notify-program` with "FEED: TITLE" as its last argument, as a reload's
///   notification is given; without `notify-program` there is nowhere to notify, which the log says.
/// - `enqueue`: the article's first enclosure appended to podboat's queue, as `E` does.
/// - `full-text`: the article's page fetched, its main text extracted and stored.
///
/// A few run at once; one that fails is a line in the log and in the report, never a stop.
public struct RuleEffectRunner: Sendable {
    private static let logger = Logger(label: "tidings.rules")

    public var store: FeedStore
    public var config: Config
    /// `HOME` and the XDG variables: `~/` in programs and where podboat's queue is.
    public var environment: [String: String]
    /// Seconds a `run` program or `notify-program` may take before it is stopped.
    public var commandTimeout: TimeInterval = 30
    /// Effects carried out at once.
    public var concurrency = 4

    public init(store: FeedStore, config: Config, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.store = store
        self.config = config
        self.environment = environment
    }

    /// Carries out `effects`, at most `concurrency` at once, and says what became of them.
    public func run(_ effects: [RuleEffect]) -> RuleEffectReport {
        let report = ReportBox()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = max(1, concurrency)
        for effect in effects {
            queue.addOperation { report.add(effect.action, failure: self.carryOut(effect)) }
        }
        queue.waitUntilAllOperationsAreFinished()
        return report.value
    }

    /// Carries out one effect; the reason it failed, or nil.
    func carryOut(_ effect: RuleEffect) -> String? {
        let name = "\"\(effect.title ?? effect.link ?? "")\""
        switch effect.action {
        case .run:
            guard var arguments = effect.commandArguments, let program = arguments.first else { return "run: no program" }
            arguments[0] = ArticleActionOptions.expand(program, home: home)
            return command(arguments, what: "rule run \(program) for \(name)")
        case .notify:
            guard let program = config.notifyOptions.resolved(environment: environment).program else {
                Self.logger.info("rule notify for \(name): no notify-program to notify with")
                return "notify: no notify-program"
            }
            return command(program + ["\(effect.feedTitle): \(effect.title ?? effect.link ?? "")"], what: "rule notify for \(name)")
        case .enqueue:
            guard let enclosure = effect.enclosure else { return "enqueue: \(name) has no enclosure" }
            let options = config.articleActions.resolved(environment: environment)
            guard let queueFile = options.queueFile else { return "enqueue: no queue file" }
            let episode = PodcastQueue.Episode(url: enclosure.url, feedName: effect.feedTitle, title: effect.title ?? "", date: effect.date)
            let target = PodcastQueue.target(
                for: episode, downloadPath: options.downloadPath, fileNameFormat: options.downloadFileNameFormat, timeZone: .current)
            do {
                let outcome = try PodcastQueue(path: queueFile).append(enclosure.url, to: target)
                Self.logger.info("rule enqueue for \(name): \(outcome)")
                return nil
            } catch {
                Self.logger.warning("rule enqueue for \(name) failed: \(error)")
                return "enqueue: \(error)"
            }
        case .fullText:
            guard let link = effect.link else { return "full-text: \(name) has no link" }
            switch FullArticleDownload.fetch(
                link: link, item: effect.itemID, store: store, fetchOptions: config.fetchOptions, options: config.fullArticle)
            {
            case .success(let outcome):
                Self.logger.info("rule full-text for \(name): \(outcome)")
                return nil
            case .failure(let failure):
                Self.logger.warning("rule full-text for \(name) failed: \(failure)")
                return "full-text: \(failure)"
            }
        case .markRead, .star, .tag, .hide:
            // Carried out by the store as the article arrived: never pending.
            return nil
        }
    }

    private var home: String { environment["HOME"] ?? NSHomeDirectory() }

    /// Runs a program (no shell) under the time limit; its output goes to the log.
    private func command(_ arguments: [String], what: String) -> String? {
        var options = config.fetchOptions
        options.timeout = commandTimeout
        options.maxBytes = Self.keptOutputBytes
        switch FullArticleDownload.wait({ PageDownload.run(arguments, input: Data(), options: options, completion: $0) }) {
        case .success(let output):
            // Whatever the program printed, the log stays safe to view in a terminal.
            let text = ReloadReporter.printable(String(decoding: output.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            Self.logger.info("\(what): done\(text.isEmpty ? "" : ", output: \(text)")")
            return nil
        case .failure(let failure):
            Self.logger.warning("\(what) failed: \(failure)")
            return "\(arguments[0]): \(failure)"
        }
    }

    /// Output kept for the log; a program that writes more is stopped.
    static let keptOutputBytes = 64 << 10
}

/// The report gathered from the operations of `RuleEffectRunner.run`.
private final class ReportBox: @unchecked Sendable {
    private let lock = NSLock()
    private var report = RuleEffectReport()

    var value: RuleEffectReport { lock.withLock { report } }

    func add(_ action: ArticleRule.Action, failure: String?) {
        lock.withLock { report.add(action, failure: failure) }
    }
}
