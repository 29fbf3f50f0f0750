import Dispatch
import FeedFetcher
import Foundation
import ImageRendering

/// Gets the article view's pictures ready, off the main thread: the disk cache's copy, else a
/// download through the feeds' HTTP stack (`PageDownload`, `kind: .image`: the user agent,
/// timeouts and redirect limit of the fetch options, the size cap `ImageLimits.standard.maxBytes`),
/// kept in the cache; then decoded (with the header checked against the pixel budget before a
/// pixel is allocated), scaled and encoded for the terminal's protocol.
///
/// The bytes are decoded again from the cache each time, so that a picture is checked as often
/// as it is shown. At most `maximumDownloads` run at once. `completion` is called once per
/// request, on the loader's queue.
final class ImageLoader: @unchecked Sendable {
    typealias Completion = @Sendable (Result<RenderedImage, ImageFailure>) -> Void

    private let cache: ImageCache
    private let limits: ImageLimits
    /// Decoding and drawing, one picture at a time, and the bookkeeping below.
    private let queue = DispatchQueue(label: "tidings.reader.images", qos: .utility)
    private let lock = NSLock()
    private var downloads: [UUID: PageDownload] = [:]
    // On `queue`: the pictures waiting for a download slot, and the downloads running.
    private var waiting: [Job] = []
    private var running = 0

    /// Downloads at once: a hostile article of 64 pictures of 16 MiB each holds at most this
    /// many in memory, not a gigabyte; the first pictures of the text come first.
    static let maximumDownloads = 4

    private struct Job {
        var request: ImageRequest
        var id: UInt32
        var options: FetchOptions
        var completion: Completion
    }

    init(cache: ImageCache, limits: ImageLimits = .standard) {
        self.cache = cache
        self.limits = limits
    }

    func load(_ request: ImageRequest, id: UInt32, options: FetchOptions, completion: @escaping Completion) {
        queue.async { [self] in
            waiting.append(Job(request: request, id: id, options: options, completion: completion))
            startWaiting()
        }
    }

    /// On `queue`: draws the waiting pictures the cache has, downloads the others while slots are free.
    private func startWaiting() {
        while running < Self.maximumDownloads, !waiting.isEmpty {
            let job = waiting.removeFirst()
            if let bytes = cache.bytes(for: job.request.url, now: Date()) {
                job.completion(render(bytes, for: job.request, id: job.id))
                continue
            }
            var options = job.options
            options.maxBytes = limits.maxBytes
            running += 1
            let key = UUID()
            let download = PageDownload.start(url: job.request.url, options: options, kind: .image) { [self] result in
                lock.withLock { _ = downloads.removeValue(forKey: key) }
                queue.async { [self] in
                    running -= 1
                    finish(job, result)
                    startWaiting()
                }
            }
            lock.withLock { downloads[key] = download }
        }
    }

    private func finish(_ job: Job, _ result: Result<PageDownload.Page, FetchFailure>) {
        switch result {
        case .failure(let failure):
            job.completion(.failure(ImageFailure(reason: "\(failure)")))
        case .success(let page):
            let bytes = [UInt8](page.bytes)
            let rendered = render(bytes, for: job.request, id: job.id)
            // Only a picture that decoded is kept: a refused one would be refused again anyway.
            if case .success = rendered { try? cache.store(bytes, for: job.request.url, now: Date()) }
            job.completion(rendered)
        }
    }

    /// Stops the downloads and forgets the waiting pictures (quitting); their completions are
    /// not called.
    func cancelAll() {
        queue.async { [self] in waiting = [] }
        let running = lock.withLock { () -> [PageDownload] in
            defer { downloads = [:] }
            return Array(downloads.values)
        }
        for download in running { download.cancel() }
    }

    private func render(_ bytes: [UInt8], for request: ImageRequest, id: UInt32) -> Result<RenderedImage, ImageFailure> {
        let image: DecodedImage
        do {
            image = try ImageDecoder.decode(bytes, limits: limits)
        } catch {
            return .failure(ImageFailure(reason: error.description))
        }
        guard let fit = ImageFit(imageWidth: image.width, imageHeight: image.height, cell: request.cell,
                                 maxColumns: request.maxColumns, maxRows: request.maxRows),
              let rendered = RenderedImage.render(image, as: request.graphicsProtocol, fit: fit, cell: request.cell, id: id)
        else {
            return .failure(ImageFailure(reason: "image of \(image.width) × \(image.height) pixels could not be drawn in \(request.maxColumns) × \(request.maxRows) cells"))
        }
        return .success(rendered)
    }
}
