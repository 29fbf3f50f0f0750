import FuzzDriver
import FeedModel
import FeedParser
import Foundation

/// One fuzz input for the feed parser (`FeedFuzzInput` says how its bytes are read).
///
/// `run()` traps on any broken promise of the parser's contract, which libFuzzer records as a
/// crash: an error other than `FeedParserError`, `tooLarge` for input within the cap (or none
/// beyond it), a plain-text field with control characters, untrimmed white space or more bytes
/// than the field cap, a URL with white space or control characters, or sanitised HTML that still
/// holds a script-capable element or attribute; and, for a valid UTF-8 feed, a different feed
/// (or a well-formed one) once forbidden bytes are inserted into its character data.
struct FeedFuzzCase {
    let input: FeedFuzzInput

    init(_ bytes: UnsafeRawBufferPointer) {
        input = FeedFuzzInput(bytes)
    }

    private var charset: String? { input.charset }
    private var url: URL? { input.url }
    private var limits: ParserLimits { input.limits }
    private var chunkSeed: UInt8 { input.chunkSeed }
    private var document: UnsafeRawBufferPointer { input.document }

    func run() {
        let parser = FeedParser(url: url, charset: charset, limits: limits)
        do {
            for chunk in chunks() { try parser.append(chunk) }
            let feed = try parser.finish()
            require(document.count <= limits.maxInputBytes, "a document over the size cap was parsed")
            check(feed)
            checkForbiddenBytesLoseOnlyThemselves(feed)
        } catch let error as FeedParserError {
            if case .tooLarge(let limit) = error {
                require(limit == limits.maxInputBytes && document.count > limit, "tooLarge for a document within the cap")
            }
            require(!error.description.containsUTF8("\n"), "an error message spans lines: \(error.description)")
        } catch {
            fail("the parser threw something other than FeedParserError: \(error)")
        }
    }

    /// Issue 11 §1: a valid UTF-8 feed with forbidden bytes inserted into its character data
    /// (`ForbiddenByteInsertion`) reads as the same feed, only not well-formed.
    private func checkForbiddenBytesLoseOnlyThemselves(_ feed: Feed) {
        guard feed.isWellFormed, feed.encoding == "utf-8", charset == nil, document.first == UInt8(ascii: "<"),
              let changed = ForbiddenByteInsertion.insert(into: document, seed: UInt32(chunkSeed) &+ UInt32(document.count))
        else { return }
        let parser = FeedParser(url: url, charset: charset, limits: limits)
        guard changed.count <= limits.maxInputBytes else { return }
        do {
            try changed.withUnsafeBytes { bytes in
                for chunk in chunks(of: bytes) { try parser.append(chunk) }
            }
            var again = try parser.finish()
            require(!again.isWellFormed, "a feed with forbidden bytes inserted is well-formed")
            again.isWellFormed = feed.isWellFormed
            require(again == feed, "forbidden bytes inserted into character data changed the feed: \(feed) became \(again)")
        } catch {
            fail("forbidden bytes inserted into character data made the feed unreadable: \(error)")
        }
    }

    private func chunks() -> [UnsafeRawBufferPointer] { input.chunks() }

    private func chunks(of document: UnsafeRawBufferPointer) -> [UnsafeRawBufferPointer] { input.chunks(of: document) }

    private func check(_ feed: Feed) {
        checkPlainText(feed.title, "feed title")
        checkPlainText(feed.subtitle, "feed subtitle")
        checkPlainText(feed.author, "feed author")
        checkURL(feed.link, "feed link")
        checkURL(feed.image, "feed image")
        for item in feed.items {
            checkPlainText(item.title, "item title")
            checkPlainText(item.author, "item author")
            checkURL(item.link, "item link")
            checkHTML(item.summary, "item summary")
            checkHTML(item.content, "item content")
            for enclosure in item.enclosures { checkURL(enclosure.url, "enclosure URL") }
        }
    }

    private func checkPlainText(_ text: String?, _ field: String) {
        guard let text else { return }
        require(text.utf8.count <= limits.maxFieldBytes, "\(field) exceeds the field cap: \(text.utf8.count) bytes")
        // White space as PlainText collapses it: ASCII, NEL and the Unicode line and paragraph
        // separators (a no-break space is content, as in HTML).
        let collapsible: Set<UInt32> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0x2028, 0x2029]
        let scalars = text.unicodeScalars
        require(!collapsible.contains(scalars.first?.value ?? 0) && !collapsible.contains(scalars.last?.value ?? 0),
                "\(field) is not trimmed: \(text.debugDescription)")
        require(!text.containsUTF8("  "), "\(field) has uncollapsed white space: \(text.debugDescription)")
        for scalar in text.unicodeScalars {
            let value = scalar.value
            require(value >= 0x20 && !(0x7F...0x9F).contains(value), "\(field) holds control character U+\(String(value, radix: 16)): \(text.debugDescription)")
        }
    }

    private func checkURL(_ url: String?, _ field: String) {
        guard let url else { return }
        for byte in url.utf8 {
            require(byte > 0x20 && byte != 0x7F, "\(field) holds white space or a control character: \(url.debugDescription)")
        }
    }

    /// A cheap screen for what must never survive sanitising (the HTML sanitiser's own fuzzer
    /// checks its output in depth): script-capable elements, and script or data URLs in links and
    /// sources. Read tag by tag, in one pass over the bytes (as a browser sees them: a combining
    /// mark must not hide `javascript:`): sanitised HTML escapes `<` and `>` in text and in
    /// attribute values, so every `<` opens a tag that the next `>` closes, and text may say
    /// `href="javascript:` (a finding: an item saying so was taken for a link).
    private func checkHTML(_ html: String?, _ field: String) {
        guard var html else { return }
        let problem = html.withUTF8 { bytes -> String? in
            var index = 0
            while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
                let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
                let tag = bytes[(open + 1)..<close].map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
                let name = tag.prefix { $0 > 0x20 && $0 != UInt8(ascii: "/") }
                if Self.scriptCapableElements.contains(String(decoding: name, as: UTF8.self)) {
                    return "a <\(String(decoding: name, as: UTF8.self))> element"
                }
                for attribute in Self.urlAttributes {
                    var start = tag.startIndex
                    while let found = Self.firstRange(of: attribute, in: tag, from: start) {
                        if let scheme = Self.forbiddenSchemes.first(where: { tag[found.upperBound...].starts(with: $0) }) {
                            return "\(String(decoding: attribute.dropFirst(), as: UTF8.self))\(String(decoding: scheme, as: UTF8.self))…"
                        }
                        start = found.upperBound
                    }
                }
                index = close
            }
            return nil
        }
        if let problem { fail("\(field) holds \(problem): \(html.debugDescription)") }
    }

    static let scriptCapableElements: Set<String> = [
        "script", "iframe", "object", "embed", "style", "frame", "frameset", "applet", "meta", "link", "base",
    ]
    static let urlAttributes = [Array(" href=\"".utf8), Array(" src=\"".utf8)]
    static let forbiddenSchemes = [Array("javascript:".utf8), Array("vbscript:".utf8), Array("data:".utf8)]

    /// Where `pattern` first occurs in `bytes` from `start`, compared byte by byte.
    private static func firstRange(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        guard pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index..<(index + pattern.count)
            }
            index += 1
        }
        return nil
    }

    private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("fuzz-feed: invariant broken: \(message)\n".utf8))
        fatalError("fuzz-feed invariant broken")
    }
}
