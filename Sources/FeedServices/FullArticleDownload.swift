import ArticleExtraction
import Configuration
import Dispatch
import FeedFetcher
import FeedParser
import FeedStore
import Foundation
import HTMLText

/// An article's full text fetched and stored without a screen (the `full-text` rule in `tidings
/// reload`): the page at its link downloaded as feeds are (`PageDownload`), its main text
/// extracted (`ArticleExtractor`, or `fulltext-command` with its output sanitised), without the
/// control characters a terminal could take for escapes, and stored as the item's full article.
/// An item that has one already is left as it is. Blocks the calling thread until it is done.
public enum FullArticleDownload {
    /// Why no full article was stored.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// What became of the item.
    public enum Outcome: Equatable, Sendable {
        case stored
        /// The cache had its full article already.
        case alreadyStored
    }

    public static func fetch(
        link: String, item id: ItemID, store: FeedStore, fetchOptions: FetchOptions, options: FullArticleOptions
    ) -> Result<Outcome, Failure> {
        if (try? store.fullArticle(forItem: id)) != nil { return .success(.alreadyStored) }
        let page: PageDownload.Page
        switch wait({ PageDownload.start(url: link, options: fetchOptions, completion: $0) }) {
        case .failure(let failure): return .failure(Failure(description: "\(failure)"))
        case .success(let arrived): page = arrived
        }
        let pageURL = page.url ?? URL(string: link)
        var html: String
        if let command = options.command {
            var commandOptions = fetchOptions
            commandOptions.timeout = options.commandTimeout
            switch wait({ PageDownload.run(command, input: page.bytes, options: commandOptions, completion: $0) }) {
            case .failure(let failure): return .failure(Failure(description: "fulltext-command: \(failure)"))
            case .success(let output):
                // The command's output is treated as a feed's HTML.
                html = HTMLSanitizer.sanitize(String(decoding: output.bytes, as: UTF8.self), baseURL: pageURL)
                guard !PlainHTMLText.text(html, .excerpt(limit: 80)).isEmpty else {
                    return .failure(Failure(description: "fulltext-command wrote no article"))
                }
            }
        } else {
            do {
                html = try ArticleExtractor.extract(html: page.bytes, baseURL: pageURL, charset: page.charset).html
            } catch {
                return .failure(Failure(description: "\(error)"))
            }
        }
        html = withoutControlCharacters(html)
        do {
            guard try store.storeFullArticle(html, forItem: id) else {
                return .failure(Failure(description: "the article is no longer in the cache"))
            }
        } catch {
            return .failure(Failure(description: "could not save it: \(error)"))
        }
        return .success(.stored)
    }

    /// `html` without the control characters a terminal could take for escape sequences (C0 but
    /// tab and line breaks, DEL, C1): they are not kept in the cache, where other programs may
    /// read the article.
    public static func withoutControlCharacters(_ html: String) -> String {
        let isControl = { (scalar: Unicode.Scalar) in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || (0x7F...0x9F).contains(scalar.value)
        }
        guard html.unicodeScalars.contains(where: isControl) else { return html }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: html.unicodeScalars.lazy.filter { !isControl($0) })
        return String(scalars)
    }

    /// Starts a download (or a command) and waits for its end.
    static func wait(
        _ start: (@escaping @Sendable (Result<PageDownload.Page, FetchFailure>) -> Void) -> PageDownload
    ) -> Result<PageDownload.Page, FetchFailure> {
        let ended = DispatchSemaphore(value: 0)
        let result = ResultBox()
        let download = start { outcome in
            result.value = outcome
            ended.signal()
        }
        ended.wait()
        return withExtendedLifetime(download) { result.value ?? .failure(.command("ended without a result")) }
    }
}

/// The result of a download, handed from its queue to the thread that waits for it.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<PageDownload.Page, FetchFailure>?

    var value: Result<PageDownload.Page, FetchFailure>? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
