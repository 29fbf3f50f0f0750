import ArticleExtraction
import Configuration
import Dispatch
import FeedFetcher
import FeedParser
import FeedStore
import Foundation
import HTMLText

/// Gets one item's full article, off the main thread: the cache's copy when it has one;
/// otherwise the page at the item's link, downloaded as feeds are (`PageDownload`), its main
/// text extracted (`ArticleExtractor`, or the `fulltext-command` with its output sanitised),
/// stored, then rendered for the article view.
///
/// Nothing is stored unless an article was found: a failed download, a page that is not HTML
/// or that has no article leaves the item as it was. `completion` is called once, on the
/// job's own queue, unless the job was cancelled.
final class FullArticleJob: @unchecked Sendable {
    let id: ItemID
    let link: String
    private let store: FeedStore
    private let fetchOptions: FetchOptions
    private let rendering: ArticleRendering
    private let queue = DispatchQueue(label: "tidings.full-article", qos: .utility)
    private let lock = NSLock()
    private var download: PageDownload?
    private var isCancelled = false

    init(id: ItemID, link: String, store: FeedStore, fetchOptions: FetchOptions, rendering: ArticleRendering) {
        self.id = id
        self.link = link
        self.store = store
        self.fetchOptions = fetchOptions
        self.rendering = rendering
    }

    typealias Completion = @Sendable (Result<FullArticle, FullArticleFailure>) -> Void

    func start(completion: @escaping Completion) {
        queue.async { [self] in
            if let cached = try? store.fullArticle(forItem: id) {
                return completion(.success(render(cached, wasCached: true)))
            }
            startDownload(PageDownload.start(url: link, options: fetchOptions) { [self] result in
                queue.async { self.pageArrived(result, completion: completion) }
            })
        }
    }

    /// Stops the download or the command; the completion is not called after it returns.
    func cancel() {
        let download = lock.withLock { () -> PageDownload? in
            isCancelled = true
            return self.download
        }
        download?.cancel()
    }

    private var cancelled: Bool { lock.withLock { isCancelled } }

    private func startDownload(_ download: PageDownload) {
        let stillWanted = lock.withLock { () -> Bool in
            self.download = download
            return !isCancelled
        }
        if !stillWanted { download.cancel() }
    }

    private func pageArrived(_ result: Result<PageDownload.Page, FetchFailure>, completion: @escaping Completion) {
        guard !cancelled else { return }
        let page: PageDownload.Page
        switch result {
        case .failure(let failure): return completion(.failure(.download(failure)))
        case .success(let arrived): page = arrived
        }
        let pageURL = page.url ?? URL(string: link)
        guard let command = rendering.fullArticle.command else {
            do {
                let article = try ArticleExtractor.extract(html: page.bytes, baseURL: pageURL, charset: page.charset)
                return finish(article.html, completion: completion)
            } catch let error as ArticleExtractionError {
                return completion(.failure(.extraction(error)))
            } catch {
                return completion(.failure(FullArticleFailure(reason: "\(error)")))
            }
        }
        var commandOptions = fetchOptions
        commandOptions.timeout = rendering.fullArticle.commandTimeout
        startDownload(PageDownload.run(command, input: page.bytes, options: commandOptions) { [self] result in
            queue.async { self.commandEnded(result, pageURL: pageURL, completion: completion) }
        })
    }

    /// The command's output is treated as a feed's HTML: it goes through the sanitiser before
    /// it is stored or shown, and an output with no text is no article.
    private func commandEnded(_ result: Result<PageDownload.Page, FetchFailure>, pageURL: URL?, completion: @escaping Completion) {
        guard !cancelled else { return }
        switch result {
        case .failure(let failure):
            completion(.failure(.command(failure)))
        case .success(let output):
            let html = HTMLSanitizer.sanitize(String(decoding: output.bytes, as: UTF8.self), baseURL: pageURL)
            guard !PlainHTMLText.text(html, .excerpt(limit: 80)).isEmpty else {
                return completion(.failure(FullArticleFailure(reason: "fulltext-command wrote no article")))
            }
            finish(html, completion: completion)
        }
    }

    private func finish(_ page: String, completion: @escaping Completion) {
        guard !cancelled else { return }
        let html = Self.withoutControlCharacters(page)
        do {
            guard try store.storeFullArticle(html, forItem: id) else {
                return completion(.failure(FullArticleFailure(reason: "the article is no longer in the cache")))
            }
        } catch {
            return completion(.failure(FullArticleFailure(reason: "could not save it: \(error)")))
        }
        completion(.success(render(html, wasCached: false)))
    }

    /// `html` without the control characters a terminal could take for escape sequences (C0 but
    /// tab and line breaks, DEL, C1). The renderer drops them too; they are not kept in the cache
    /// either, where other programs may read the article.
    static func withoutControlCharacters(_ html: String) -> String {
        let isControl = { (scalar: Unicode.Scalar) in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || (0x7F...0x9F).contains(scalar.value)
        }
        guard html.unicodeScalars.contains(where: isControl) else { return html }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: html.unicodeScalars.lazy.filter { !isControl($0) })
        return String(scalars)
    }

    private func render(_ html: String, wasCached: Bool) -> FullArticle {
        FullArticle(html: html, rendered: ArticleScreen.render(html: html, baseURL: link, rendering), wasCached: wasCached)
    }
}
