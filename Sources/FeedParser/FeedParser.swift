import Foundation
import FeedModel

// SCAFFOLD: the signatures are the contract; the body is replaced by the libxml2 push parser.

/// Bounds the parser enforces on any input.
public struct ParserLimits: Sendable, Hashable {
    /// Input larger than this is refused (`FeedParserError.tooLarge`).
    public var maxInputBytes: Int
    public init(maxInputBytes: Int = 64 << 20) {
        self.maxInputBytes = maxInputBytes
    }
}

/// Why a document could not be read as a feed. `description` is one line, fit for a status bar.
public enum FeedParserError: Error, Equatable, CustomStringConvertible {
    case empty
    case notAFeed(String)
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .empty: "the document is empty"
        case .notAFeed(let why): "not a feed: \(why)"
        case .tooLarge(let limit): "the document exceeds the size limit of \(limit) bytes"
        }
    }
}

/// A streaming feed parser: bytes go in as they arrive (`append`), the feed comes out at `finish`.
/// One instance per document; not thread-safe.
public final class FeedParser {
    private var buffer = Data()
    private let limits: ParserLimits

    /// - Parameters:
    ///   - url: the document's URL, against which relative links are resolved.
    ///   - charset: the charset given by HTTP, which wins over the XML declaration.
    public init(url: URL? = nil, charset: String? = nil, limits: ParserLimits = ParserLimits()) {
        self.limits = limits
    }

    /// Feeds the next chunk of the document. Throws `tooLarge` as soon as the cap is passed.
    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count > limits.maxInputBytes { throw FeedParserError.tooLarge(limit: limits.maxInputBytes) }
    }

    public func append(_ data: Data) throws {
        try data.withUnsafeBytes { try append($0) }
    }

    /// Ends the document and returns what it held.
    public func finish() throws -> Feed {
        throw buffer.isEmpty ? FeedParserError.empty : FeedParserError.notAFeed("the parser has not landed yet")
    }

    /// Parses a whole document held in memory.
    public static func parse(
        _ data: Data, url: URL? = nil, charset: String? = nil, limits: ParserLimits = ParserLimits()
    ) throws -> Feed {
        let parser = FeedParser(url: url, charset: charset, limits: limits)
        try parser.append(data)
        return try parser.finish()
    }
}
