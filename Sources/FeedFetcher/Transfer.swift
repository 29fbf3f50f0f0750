import FeedModel
import Foundation

/// What a transfer says about the document, once, before any bytes.
enum TransferResponse: Sendable, Equatable {
    /// The source has not changed since the validators were saved: nothing to parse.
    case notModified(permanentRedirect: URL?, timing: ServerTiming)
    /// A document follows.
    /// - charset: the charset named by HTTP (`Content-Type: …; charset=`), if any;
    /// - validators: to save with the result, for the next conditional request;
    /// - documentURL: where the document finally came from, for resolving relative links;
    /// - permanentRedirect: set when every redirect on the way was permanent (301/308);
    /// - timing: what the server said of when to ask again.
    case document(charset: String?, validators: CacheValidators, documentURL: URL?, permanentRedirect: URL?, timing: ServerTiming)
}

/// One step of a transfer, delivered in order: `response`, any number of `bytes`, then `finished`;
/// or `failed` at any point. Nothing follows `finished` or `failed`.
enum TransferEvent: Sendable {
    case response(TransferResponse)
    case bytes(Data)
    case finished
    case failed(FetchFailure)
}

/// A download of one document from one source (HTTP, a file, a command).
///
/// A transfer reports through the closure it was made with; `cancel()` stops it promptly and no
/// event is delivered after it (one may already be on its way: the receiver ignores it).
protocol Transfer: AnyObject, Sendable {
    func start()
    func cancel()
}

typealias TransferSink = @Sendable (TransferEvent) -> Void
