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
/// as it is shown. `completion` is called once per request, on the loader's queue.
final class ImageLoader: @unchecked Sendable {
    typealias Completion = @Sendable (Result<RenderedImage, ImageFailure>) -> Void

    private let cache: ImageCache
    private let limits: ImageLimits
    /// Decoding and drawing, one picture at a time (the downloads run side by side).
    private let queue = DispatchQueue(label: "tidings.reader.images", qos: .utility)
    private let lock = NSLock()
    private var downloads: [UUID: PageDownload] = [:]

    init(cache: ImageCache, limits: ImageLimits = .standard) {
        self.cache = cache
        self.limits = limits
    }

    func load(_ request: ImageRequest, id: UInt32, options: FetchOptions, completion: @escaping Completion) {
        queue.async { [self] in
            if let bytes = cache.bytes(for: request.url, now: Date()) {
                return completion(render(bytes, for: request, id: id))
            }
            var options = options
            options.maxBytes = limits.maxBytes
            let key = UUID()
            let download = PageDownload.start(url: request.url, options: options, kind: .image) { [self] result in
                lock.withLock { _ = downloads.removeValue(forKey: key) }
                queue.async { [self] in
                    switch result {
                    case .failure(let failure):
                        completion(.failure(ImageFailure(reason: "\(failure)")))
                    case .success(let page):
                        let bytes = [UInt8](page.bytes)
                        let rendered = render(bytes, for: request, id: id)
                        // Only a picture that decoded is kept: a refused one is refused again next time anyway.
                        if case .success = rendered { try? cache.store(bytes, for: request.url, now: Date()) }
                        completion(rendered)
                    }
                }
            }
            lock.withLock { downloads[key] = download }
        }
    }

    /// Stops the downloads (quitting); their completions are not called.
    func cancelAll() {
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
