import FeedModel
import Foundation

/// A streaming feed parser: bytes go in as they arrive (`append`), the feed comes out at `finish`.
/// One instance per document; not thread-safe.
///
/// RSS 0.90–2.0, RSS 1.0 (RDF) and Atom 0.3/1.0 are read by libxml2's SAX2 push parser as the bytes
/// arrive; JSON Feed 1.0/1.1 (recognised by a leading `{`) is decoded at the end. The encoding is
/// taken from the byte-order mark, then the `charset` given by HTTP, then the XML declaration; a
/// document whose declared encoding is wrong is read again as windows-1252 (or the HTTP charset) and
/// marked `hadEncodingFallback`. Damage loses only itself and marks the feed not well-formed: raw
/// NUL bytes are dropped (outside UTF-16/32), a JSON Feed's invalid UTF-8 and lone surrogate escapes
/// become U+FFFD, and an item cut off before it held anything worth showing is left out.
///
///     let parser = FeedParser(url: feedURL, charset: "utf-8")
///     for chunk in chunks { try parser.append(chunk) }
///     let feed = try parser.finish()
public final class FeedParser {
    private enum Stage {
        /// Waiting for the first meaningful bytes, which decide between XML and JSON.
        case sniffing
        case xml(XMLFeedReader)
        case json
        case finished
    }

    /// Documents up to this size are kept so that they can be read again with another encoding.
    static let maxRetainedBytes = 8 << 20
    /// Retained chunks smaller than this are joined to the next one.
    static let retainedChunkBytes = 64 << 10
    /// A chunk that comes as `Data` of at least this size is kept as it is, without a copy.
    static let keptDataBytes = 4 << 10

    private let url: URL?
    private let charset: String?
    private let limits: ParserLimits
    private let paths: ParsePaths
    private var stage = Stage.sniffing
    private var received = 0
    private var pending: [UInt8] = []
    /// The document so far, as the chunks it came in: one growing array copied itself over again
    /// at every doubling, for a copy that is needed only when a document is read twice. Chunks
    /// that came as `Data` (the fetcher's) are kept as they are: a reference, not a copy.
    private var retained: [Data]? = []
    private var retainedCount = 0
    private var byteOrderMarkLength = 0
    /// Where the XML reader's first byte is in the document (after a byte-order mark and spaces).
    private var bodyOffset = 0

    /// What was dropped or repaired to read the document (forbidden characters, a charset that
    /// had to be detected), with byte offsets: complete once `finish` has returned.
    public private(set) var recoveries: [ParseRecovery] = []

    /// - Parameters:
    ///   - url: the document's URL, against which relative links are resolved.
    ///   - charset: the charset given by HTTP, which wins over the XML declaration.
    public convenience init(url: URL? = nil, charset: String? = nil, limits: ParserLimits = ParserLimits()) {
        self.init(url: url, charset: charset, limits: limits, paths: .fast)
    }

    /// The same, going the fast or the general path everywhere (see `ParsePaths`).
    package init(url: URL?, charset: String?, limits: ParserLimits, paths: ParsePaths) {
        self.url = url
        let trimmed = charset?.trimmingSpaces().trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        self.charset = trimmed?.isEmpty == false ? trimmed : nil
        self.limits = limits
        self.paths = paths
    }

    /// Feeds the next chunk of the document. Throws `tooLarge` as soon as the cap is passed, and
    /// `notAFeed` as soon as the document has shown it is not a feed.
    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        try append(bytes, in: nil)
    }

    public func append(_ data: Data) throws {
        try data.withUnsafeBytes { try append($0, in: data) }
    }

    /// `data`, when given, holds `bytes`: it can be retained without copying them.
    private func append(_ bytes: UnsafeRawBufferPointer, in data: Data?) throws {
        guard !bytes.isEmpty else { return }
        received += bytes.count
        if received > limits.maxInputBytes { throw FeedParserError.tooLarge(limit: limits.maxInputBytes) }
        switch stage {
        case .sniffing:
            pending.append(contentsOf: bytes)
            try startIfDecided(isComplete: false)
        case .xml(let reader):
            retain(bytes, in: data)
            reader.parse(bytes, isLast: false)
            try stopIfNotAFeed(reader)
        case .json:
            pending.append(contentsOf: bytes)
        case .finished:
            return
        }
    }

    /// Ends the document and returns what it held.
    public func finish() throws -> Feed {
        if case .sniffing = stage { try startIfDecided(isComplete: true) }
        defer { stage = .finished; pending = []; retained = nil }
        switch stage {
        case .sniffing, .finished:
            throw FeedParserError.empty
        case .json:
            return try JSONFeedDecoder.decode(pending, url: url, paths: paths)
        case .xml(let reader):
            reader.finish()
            return try result(of: reader)
        }
    }

    /// Parses a whole document held in memory.
    public static func parse(
        _ data: Data, url: URL? = nil, charset: String? = nil, limits: ParserLimits = ParserLimits()
    ) throws -> Feed {
        let parser = FeedParser(url: url, charset: charset, limits: limits)
        try parser.append(data)
        return try parser.finish()
    }

    // MARK: Starting

    private func startIfDecided(isComplete: Bool) throws {
        let decision = pending.withUnsafeBytes { bytes -> (EncodingSniffer.Evidence, Int)? in
            guard let evidence = EncodingSniffer.evidence(in: bytes, isComplete: isComplete) else { return nil }
            let spaces = evidence.isEBCDIC ? EncodingSniffer.ebcdicSpaceCount(bytes)
                : evidence.encoding == nil || evidence.encoding == "UTF-8"
                ? EncodingSniffer.leadingSpaceCount(bytes, from: evidence.byteOrderMarkLength) : 0
            // Only white space so far: the first real byte is still to come.
            if !isComplete, evidence.byteOrderMarkLength + spaces == bytes.count { return nil }
            return (evidence, spaces)
        }
        guard let (evidence, spaces) = decision else { return }
        let start = evidence.byteOrderMarkLength + spaces
        if start >= pending.count {
            if isComplete { stage = .finished }
            return
        }
        byteOrderMarkLength = evidence.byteOrderMarkLength
        if evidence.looksLikeJSON {
            pending = Array(pending[start...])
            stage = .json
            return
        }
        let body = Data(pending[start...])
        pending = []
        bodyOffset = start
        let declared = (evidence.encoding ?? usableCharset) == nil ? body.withUnsafeBytes(Self.declaredCharsetLibXML2Lacks) : nil
        let reader = XMLFeedReader(documentURL: url, forcedEncoding: evidence.encoding ?? usableCharset ?? declared,
                                   forcedFromDeclaration: declared != nil, limits: limits, startOffset: start, paths: paths)
        stage = .xml(reader)
        try body.withUnsafeBytes { bytes in
            retain(bytes, in: body)
            reader.parse(bytes, isLast: false)
            try stopIfNotAFeed(reader)
        }
    }

    /// The HTTP charset, under a name libxml2 knows how to decode.
    private var usableCharset: String? {
        charset.flatMap(CharsetName.iconvName(for:))
    }

    /// The declared charset under a name libxml2 opens, when libxml2 would not take the name as
    /// written: `437` (XML wants an encoding name to start with a letter), `maclatin2` or
    /// `macgreek` (spellings of other platforms). Forced from the start, the document reads as it
    /// declares, instead of failing a first reading and being flagged as read in another charset.
    /// Nil when libxml2 reads the name itself (the common names are settled without a look-up).
    private static func declaredCharsetLibXML2Lacks(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let declared = EncodingSniffer.declaredEncoding(bytes)?.trimmingSpaces() else { return nil }
        switch declared.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "windows-1252", "utf-16", "utf-32": return nil
        default: break
        }
        let isEncodingName = declared.unicodeScalars.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) } == true
            && declared.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
        if isEncodingName, XMLFeedReader.canDecode(declared) { return nil }
        return CharsetName.iconvName(for: declared)
    }

    private func retain(_ bytes: UnsafeRawBufferPointer, in data: Data?) {
        guard retained != nil else { return }
        if retainedCount + bytes.count > Self.maxRetainedBytes {
            retained = nil
            return
        }
        if let data, bytes.count >= Self.keptDataBytes {
            retained!.append(data)
        } else if let last = retained!.indices.last, retained![last].count < Self.retainedChunkBytes {
            // Small chunks join the last one: a document that trickles in a byte at a time must
            // not become millions of arrays.
            retained![last].append(contentsOf: bytes)
        } else {
            retained!.append(Data(bytes))
        }
        retainedCount += bytes.count
    }

    /// The retained chunks as one document.
    private func joinedRetained() -> [UInt8]? {
        guard let retained else { return nil }
        var document: [UInt8] = []
        document.reserveCapacity(retainedCount)
        for chunk in retained { document.append(contentsOf: chunk) }
        return document
    }

    /// Junk, or XML that is not a feed, is refused as soon as libxml2 gives up on it.
    private func stopIfNotAFeed(_ reader: XMLFeedReader) throws {
        guard !reader.isRunning, !reader.hasRecognisedFeed, !reader.sawEncodingError else { return }
        stage = .finished
        throw notAFeed(reader)
    }

    private func notAFeed(_ reader: XMLFeedReader) -> FeedParserError {
        if let root = reader.unrecognisedRoot {
            return .notAFeed("the root element is <\(Self.printable(root))>, not rss, RDF or feed")
        }
        return .notAFeed("no feed element was found")
    }

    // MARK: Finishing

    private func result(of reader: XMLFeedReader) throws -> Feed {
        if reader.sawEncodingError || reader.sawEncoderFailure || reader.mayBeUndeclaredISO2022, let retained = joinedRetained() {
            // Mostly UTF-8 with a few stray bytes: UTF-8 still, the strays read as windows-1252,
            // before any other charset is tried for the whole of it.
            if reader.encodingName == "utf-8", let mended = retained.withUnsafeBytes({
                EncodingSniffer.utf8WithStrayBytes($0, hasByteOrderMark: byteOrderMarkLength == 3)
            }),
               let feed = reread(mended.bytes, as: "UTF-8",
                                 reason: "\(mended.strayCount) bytes that are not UTF-8 read as windows-1252") {
                return feed
            }
            for fallback in fallbackEncodings(after: reader, retained: retained) {
                if let feed = reread(retained, as: fallback.name, reason: fallback.reason) { return feed }
            }
        }
        recoveries = reader.recoveries
        guard let feed = reader.makeFeed(hadEncodingFallback: false) else { throw notAFeed(reader) }
        return feed
    }

    /// The document read again from its start in `encoding`; nil when that reading fails on the
    /// bytes too or finds no feed.
    private func reread(_ bytes: [UInt8], as encoding: String, reason: String) -> Feed? {
        let second = XMLFeedReader(documentURL: url, forcedEncoding: encoding, limits: limits, startOffset: bodyOffset, paths: paths)
        bytes.withUnsafeBytes { second.parse($0, isLast: true) }
        second.finish()
        guard !second.sawEncoderFailure, let feed = second.makeFeed(hadEncodingFallback: true) else { return nil }
        recoveries = [ParseRecovery(reason: "read as \(second.encodingName): \(reason)", byteOffset: 0)] + second.recoveries
        return feed
    }

    /// The encodings to read the document with when the first reading failed on its bytes, best
    /// first: the declared charset under a name iconv knows (`maclatin2`, `ks_c_5601-1987`), UTF-8
    /// when the bytes are UTF-8, the HTTP charset, what uchardet detects, then windows-1252 and
    /// ISO-8859-1 (which accepts any byte; glibc's windows-1252 refuses the five bytes it leaves
    /// undefined).
    private func fallbackEncodings(after reader: XMLFeedReader, retained: [UInt8]) -> [(name: String, reason: String)] {
        let used = reader.encodingName
        let isValidUTF8 = retained.withUnsafeBytes { EncodingSniffer.isValidUTF8($0) }
        if used == "utf-8", isValidUTF8 {
            // Seven-bit bytes with ISO-2022 escapes: only a detected ISO-2022 charset reads them.
            guard reader.mayBeUndeclaredISO2022, let detected = CharsetDetector.detectCharset(in: retained),
                  ForbiddenCharacterFilter.layout(forEncoding: detected) == .shiftCoded else { return [] }
            return [(detected, "detected, the document has ISO-2022 escape sequences")]
        }
        var candidates: [(name: String, reason: String)] = []
        func add(_ name: String?, _ reason: String) {
            guard let name else { return }
            let canonical = XMLFeedReader.canonicalName(name)
            guard canonical != used, !candidates.contains(where: { XMLFeedReader.canonicalName($0.name) == canonical }) else { return }
            candidates.append((name, reason))
        }
        let declared = retained.withUnsafeBytes { EncodingSniffer.declaredEncoding($0) }
        add(declared.flatMap(CharsetName.iconvName(for:)), "the declared charset under its iconv name")
        if isValidUTF8 { add("UTF-8", "the bytes are UTF-8") }
        add(usableCharset, "the HTTP charset")
        if !isValidUTF8 {
            add(CharsetDetector.detectCharset(in: retained), "detected, the bytes are not \(used)")
        }
        add("windows-1252", "the bytes are not \(used)")
        add("ISO-8859-1", "the bytes are not \(used)")
        return candidates
    }

    /// A name from the document, safe to put into a one-line message.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }
            .prefix(40).map(Character.init))
    }
}
