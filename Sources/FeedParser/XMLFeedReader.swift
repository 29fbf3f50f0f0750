import CLibXML2
import CSAXText
import FeedModel
import Foundation

/// One pass of libxml2's SAX2 push parser over a document, building a feed with `FeedBuilder`.
///
/// Safety, as measured in LINUX-NOTES.md: the context is created with `userData = nil` (libxml2's
/// fallbacks treat userData as the context) and the builder is reached through `_private` (which
/// points at the C `characters` callback's state, whose `owner` is the builder);
/// `RECOVER | NONET` without `NOENT`, a deny-all external entity loader, entities answered by
/// `EntityTable`, depth bounded by libxml2 (256) and by the builder.
final class XMLFeedReader {
    private let context: xmlParserCtxtPtr
    private let builder: UnsafeMutablePointer<FeedBuilder>
    /// The encoding forced on the document (BOM, HTTP charset or a fallback), if any.
    let forcedEncoding: String?
    /// Removes what XML forbids before libxml2 sees it (see `ForbiddenCharacterFilter`).
    private var filter: ForbiddenCharacterFilter
    /// Where libxml2's first byte is in the document.
    private let startOffset: Int

    /// - Parameter startOffset: where the bytes given to `parse` begin in the document (after a
    ///   byte-order mark), so that recoveries are logged at the document's own offsets.
    /// - Parameter forcedFromDeclaration: `forcedEncoding` is the document's own declared charset
    ///   under a name libxml2 opens (`437` as written is no XML encoding name): libxml2's
    ///   complaints about that declaration do not make the document malformed.
    init(documentURL: URL?, forcedEncoding: String?, forcedFromDeclaration: Bool = false, limits: ParserLimits,
         startOffset: Int = 0, paths: ParsePaths) {
        Self.libxml2SetUp
        Self.silenceGenericErrors()
        self.forcedEncoding = forcedEncoding
        self.startOffset = startOffset
        filter = ForbiddenCharacterFilter(encoding: forcedEncoding, startOffset: startOffset, paths: paths)
        builder = UnsafeMutablePointer<FeedBuilder>.allocate(capacity: 1)
        builder.initialize(to: FeedBuilder(documentURL: documentURL, limits: limits, paths: paths))
        builder.pointee.readsWindows1252Family = forcedEncoding.map { Self.isWindows1252Family(Self.canonicalName($0)) } ?? false
        builder.pointee.toleratesDeclarationErrors = forcedFromDeclaration
        let callbackText = builder.pointee.callbackText
        callbackText.pointee.owner = UnsafeMutableRawPointer(builder)
        callbackText.pointee.slowPath = { context, bytes, count in XMLFeedReader.characters(context, bytes, count) }
        var handler = Self.handler(paths: paths)
        context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil)
        context.pointee._private = UnsafeMutableRawPointer(callbackText)
        if let forcedEncoding {
            _ = xmlCtxtResetPush(context, nil, 0, nil, forcedEncoding)
        }
        var options = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOERROR.rawValue | XML_PARSE_COMPACT.rawValue)
        if forcedEncoding != nil { options |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
        xmlCtxtUseOptions(context, options)
        context.pointee._private = UnsafeMutableRawPointer(callbackText)
    }

    deinit {
        // libxml2 builds a stand-in document to hold the entities a DTD declares, even in SAX
        // mode ("expat compatibility"), and leaves freeing it to the caller.
        if let document = context.pointee.myDoc {
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        xmlFreeParserCtxt(context)
        builder.pointee.releaseBuffers()
        builder.deinitialize(count: 1)
        builder.deallocate()
    }

    /// False once libxml2 has stopped (fatal encoding error, depth bound, or a callback's request).
    var isRunning: Bool { context.pointee.instate != XML_PARSER_EOF && !builder.pointee.wantsStop }

    /// The root element was not a feed's (its name), once known.
    var unrecognisedRoot: String? {
        builder.pointee.unrecognisedRoot ?? (hasRecognisedFeed ? nil : builder.pointee.documentWrapper)
    }
    var hasRecognisedFeed: Bool { builder.pointee.recognisedFormat }
    var sawEncodingError: Bool { builder.pointee.sawEncodingError }

    func parse(_ bytes: UnsafeRawBufferPointer, isLast: Bool) {
        guard isRunning else { return }
        filter.filter(bytes, isLast: isLast) { feedChunks($0, isLast: isLast) }
    }

    /// What was dropped or repaired so far, with byte offsets: characters the filter dropped, and
    /// the builder's repairs of structure (at the offset libxml2 had read to, counted in the bytes
    /// after the filter, which differ from the document's only after a dropped character).
    var recoveries: [ParseRecovery] {
        let structural = builder.pointee.recoveries
        guard !structural.isEmpty else { return filter.recoveries }
        let shifted = structural.map { ParseRecovery(reason: $0.reason, byteOffset: $0.byteOffset + startOffset) }
        return (filter.recoveries + shifted).sorted { $0.byteOffset < $1.byteOffset }
    }
    /// ISO-2022 escape sequences were dropped from a document that declared no encoding.
    var mayBeUndeclaredISO2022: Bool { forcedEncoding == nil && filter.droppedISO2022Escape }

    private func feedChunks(_ bytes: UnsafeRawBufferPointer, isLast: Bool) {
        var offset = 0
        // xmlParseChunk takes an Int32 size: hand large buffers over in slices.
        repeat {
            let count = min(bytes.count - offset, 1 << 20)
            let pointer = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
            let terminate: Int32 = isLast && offset + count == bytes.count ? 1 : 0
            let status = xmlParseChunk(context, pointer, Int32(count), terminate)
            if status == Int32(XML_ERR_INVALID_ENCODING.rawValue) { noteEncoderFailure() }
            offset += count
            if builder.pointee.wantsStop { xmlStopParser(context) }
        } while offset < bytes.count && isRunning
    }

    func finish() {
        if isRunning {
            // Bytes the filter held back (an unfinished reference, half a UTF-16 unit).
            filter.filter(UnsafeRawBufferPointer(start: nil, count: 0), isLast: true) { feedChunks($0, isLast: true) }
        }
        if context.pointee.instate != XML_PARSER_EOF {
            let status = xmlParseChunk(context, nil, 0, 1)
            if status == Int32(XML_ERR_INVALID_ENCODING.rawValue) { noteEncoderFailure() }
        }
    }

    /// The decoder met bytes that are not in the document's encoding; libxml2 stopped there.
    private var encoderFailed = false
    var sawEncoderFailure: Bool {
        encoderFailed || (context.pointee.input?.pointee.buf?.pointee.error ?? 0) != 0
    }

    private func noteEncoderFailure() {
        encoderFailed = true
        builder.pointee.sawEncodingError = true
    }

    /// The feed read, with the document's well-formedness and the name of the encoding used.
    func makeFeed(hadEncodingFallback: Bool) -> Feed? {
        let wellFormed = context.pointee.wellFormed != 0 && !builder.pointee.sawMalformedMarkup
            && context.pointee.nsWellFormed != 0 && !sawEncoderFailure
            && !builder.pointee.entities.usedUndeclaredHTMLEntity && !builder.pointee.entities.isExhausted
            && !builder.pointee.entities.droppedReplacement && !filter.droppedAnything
        // A document read with another encoding than it declared is not what it claims to be:
        // `tidings parse` shows that as wellFormed false.
        return builder.pointee.makeFeed(isWellFormed: wellFormed && !hadEncodingFallback, encoding: encodingName,
                                        hadEncodingFallback: hadEncodingFallback)
    }

    /// The lower-case name of the charset libxml2 decoded with.
    var encodingName: String {
        if let forcedEncoding { return Self.canonicalName(forcedEncoding) }
        return Self.encodingName(of: context)
    }

    /// The encoding a document without a forced one is read with: its declaration's, or UTF-8.
    private static func encodingName(of context: xmlParserCtxtPtr) -> String {
        if let declared = context.pointee.encoding ?? context.pointee.input?.pointee.encoding {
            return canonicalName(String(cString: declared))
        }
        return "utf-8"
    }

    /// True when libxml2 (through iconv or ICU, or `SingleByteCharsets`) can decode `encoding`.
    static func canDecode(_ encoding: String) -> Bool {
        Self.libxml2SetUp
        guard let handler = xmlFindCharEncodingHandler(encoding) else { return false }
        xmlCharEncCloseFunc(handler)
        return true
    }

    /// Whether a document read in the charset of this canonical name writes windows-1252's
    /// characters where its C1 controls are (see `MojibakeRepair.windows1252Quotes`).
    static func isWindows1252Family(_ canonicalName: String) -> Bool {
        canonicalName == "iso-8859-1" || canonicalName == "windows-1252"
    }

    static func canonicalName(_ name: String) -> String {
        let lowered = name.trimmingSpaces().lowercased()
        switch lowered {
        case "utf8": return "utf-8"
        case "sjis", "shift-jis", "x-sjis", "ms_kanji", "csshiftjis": return "shift_jis"
        case "latin1", "latin-1", "iso_8859-1", "iso8859-1", "l1": return "iso-8859-1"
        case "cp1252", "x-cp1252": return "windows-1252"
        case "ascii", "us-ascii", "ansi_x3.4-1968": return "us-ascii"
        default: return lowered
        }
    }

    // MARK: libxml2 callbacks

    /// Process-wide set-up, done once before the first parse or charset look-up: libxml2's own
    /// initialisation (which is not safe to race when several threads parse at once), the
    /// deny-all entity loader, and the single-byte decoders of `SingleByteCharsets`.
    private static let libxml2SetUp: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        SingleByteCharsets.registration
    }()

    /// Some encoding and I/O errors bypass the context's error callback and go to libxml2's generic
    /// error function, which prints to stderr; `tidings parse` promises one line there at most.
    /// libxml2 keeps that function per thread, so every reader sets it on its own thread. The
    /// function is declared variadic in C; ours ignores the variadic part, which the C calling
    /// conventions of Linux allow.
    private static func silenceGenericErrors() {
        let ignore: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { _, _ in }
        xmlSetGenericErrorFunc(nil, unsafeBitCast(ignore, to: OpaquePointer.self))
    }

    private static func handler(paths: ParsePaths) -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let localName else { return }
            let builder = XMLFeedReader.builder(context)
            XMLFeedReader.carryOnAfterError(context, builder)
            if !builder.pointee.recognisedFormat, let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self) {
                // The root element: the XML declaration has been read by now.
                builder.pointee.readsWindows1252Family = builder.pointee.readsWindows1252Family
                    || XMLFeedReader.isWindows1252Family(XMLFeedReader.encodingName(of: parser))
            }
            builder.pointee.startElement(
                localName: localName, prefix: prefix, uri: uri, namespaces: namespaces,
                namespaceCount: Int(namespaceCount),
                attributes: SAXAttributes(base: attributes, count: Int(attributeCount), paths: builder.pointee.paths))
            if builder.pointee.wantsStop { xmlStopParser(context?.assumingMemoryBound(to: xmlParserCtxt.self)) }
        }
        handler.endElementNs = { context, localName, _, _ in
            guard let localName else { return }
            let builder = XMLFeedReader.builder(context)
            XMLFeedReader.carryOnAfterError(context, builder)
            builder.pointee.endElement(localName: localName)
            if builder.pointee.pendingRecovery != nil, let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self) {
                builder.pointee.recordPendingRecovery(byteOffset: Int(xmlByteConsumed(parser)))
            }
        }
        // Once per piece of text, and every entity is a piece of its own: the common case (a field
        // gathered as plain text, room for the piece, no error since the last event) is taken in
        // C, and everything else comes back to `characters` below, where the general path
        // sends every piece.
        if paths.isFast {
            handler.characters = tidings_sax_characters_callback()
        } else {
            handler.characters = { context, bytes, count in XMLFeedReader.characters(context, bytes, count) }
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        handler.getEntity = { context, name in
            guard let name else { return nil }
            let builder = XMLFeedReader.builder(context)
            let entity = builder.pointee.entities.entity(named: String(cString: name), documentHasDTD: builder.pointee.sawDoctype)
            if builder.pointee.entities.isExhausted {
                builder.pointee.wantsStop = true
                xmlStopParser(context?.assumingMemoryBound(to: xmlParserCtxt.self))
            }
            return entity
        }
        handler.entityDecl = { context, name, type, _, _, content in
            guard let name, let content, type == Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue) else { return }
            XMLFeedReader.builder(context).pointee.declareEntity(name: String(cString: name), replacement: String(cString: content))
        }
        handler.internalSubset = { context, _, _, _ in
            XMLFeedReader.builder(context).pointee.noteDoctype()
        }
        handler.externalSubset = nil
        handler.resolveEntity = nil
        handler.serror = { userData, error in
            guard let error, let userData else { return }
            let code = error.pointee.code
            let builder = XMLFeedReader.builder(userData)
            let readsDeclaration = userData.assumingMemoryBound(to: xmlParserCtxt.self).pointee.instate == XML_PARSER_START
            builder.pointee.onlyToleratedErrors = builder.pointee.toleratesDeclarationErrors && readsDeclaration
            if builder.pointee.onlyToleratedErrors { return }
            if code == XML_ERR_TAG_NAME_MISMATCH.rawValue {
                XMLFeedReader.builder(userData).pointee.mismatchedEndTag = error.pointee.str2.map { String(cString: $0) } ?? ""
                return
            }
            if XMLFeedReader.keepLiteralAmpersand(code: code, name: error.pointee.str1, userData) { return }
            if code == XML_ERR_INVALID_DEC_CHARREF.rawValue, XMLFeedReader.readUppercaseHexReference(userData) { return }
            if code == XML_ERR_INVALID_CHAR.rawValue, let message = error.pointee.message,
               strncmp(message, "xmlParseCharRef", 15) == 0 {
                // The reference was read by `readUppercaseHexReference`: libxml2 complains of the
                // value 0 it is left with.
                if builder.pointee.readsReferenceItself {
                    builder.pointee.readsReferenceItself = false
                    return
                }
                // A character reference outside Unicode reads as U+FFFD, as established feed
                // libraries do, instead of vanishing.
                var replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
                XMLFeedReader.builder(userData).pointee.characters(&replacement, count: 3)
                return
            }
            if code == XML_ERR_INVALID_CHAR.rawValue || code == XML_ERR_INVALID_ENCODING.rawValue
                || code == XML_I18N_CONV_FAILED.rawValue || code == XML_ERR_UNSUPPORTED_ENCODING.rawValue
                || code == XML_ERR_UNKNOWN_ENCODING.rawValue {
                XMLFeedReader.builder(userData).pointee.sawEncodingError = true
            }
        }
        return handler
    }

    /// The `characters` callback's general case: an error to note, text that is not wanted, markup
    /// to escape, a buffer to grow or a field limit reached.
    private static func characters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
        guard let bytes, count > 0 else { return }
        let builder = builder(context)
        carryOnAfterError(context, builder)
        builder.pointee.characters(bytes, count: Int(count))
    }

    /// In text, an `&` that starts no reference (`Fish & Chips`, `?a=1&b=2`) and a reference to
    /// an entity nobody declared (`&bogus;`) are kept as written, as Universal Feed Parser keeps
    /// them; libxml2 in recovery mode drops them, which broke links and names. Attribute values
    /// are read before their element reaches us, so there libxml2's dropping stands. Returns true
    /// when the error was one of these.
    private static func keepLiteralAmpersand(code: Int32, name: UnsafeMutablePointer<CChar>?, _ context: UnsafeMutableRawPointer) -> Bool {
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard parser.pointee.instate == XML_PARSER_CONTENT else { return false }
        switch code {
        case Int32(XML_ERR_NAME_REQUIRED.rawValue):
            // libxml2 has read the `&` alone.
            var ampersand = UInt8(ascii: "&")
            builder(context).pointee.characters(&ampersand, count: 1)
        case Int32(XML_ERR_ENTITYREF_SEMICOL_MISSING.rawValue):
            // libxml2 has read `&name` and stopped before what follows: the bytes are in its
            // input buffer, just behind the cursor.
            guard let input = parser.pointee.input, let cursor = input.pointee.cur, let base = input.pointee.base else { return true }
            var start = cursor
            while start > base, cursor - start < 256 {
                start -= 1
                if start.pointee == UInt8(ascii: "&") {
                    builder(context).pointee.characters(start, count: cursor - start)
                    break
                }
            }
        case Int32(XML_ERR_UNDECLARED_ENTITY.rawValue), Int32(XML_WAR_UNDECLARED_ENTITY.rawValue):
            guard let name else { return true }
            var literal = Array("&\(String(cString: name));".utf8)
            builder(context).pointee.characters(&literal, count: literal.count)
        default:
            return false
        }
        return true
    }

    /// `&#X41;`: XML writes the hexadecimal `x` of a character reference in lower case only, and
    /// libxml2 gives up on it after `&#` (the `X` is no decimal digit), leaving `X41;` as text.
    /// Feeds and HTML write it in either case, and feed readers read it: the reference is read
    /// here from libxml2's input, its character given as text, and the input moved past its `;`
    /// (where libxml2 then stops, complaining of the value 0, which the error callback passes
    /// over). In element content only; the document stays not well-formed. True when read.
    private static func readUppercaseHexReference(_ context: UnsafeMutableRawPointer) -> Bool {
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard parser.pointee.instate == XML_PARSER_CONTENT, let input = parser.pointee.input,
              let cursor = input.pointee.cur, let end = input.pointee.end, cursor < end, cursor.pointee == UInt8(ascii: "X")
        else { return false }
        var position = cursor + 1
        var value: UInt32 = 0
        while position < end, position - cursor <= 8, let digit = hexDigit(position.pointee) {
            value = value << 4 | digit
            position += 1
        }
        guard position - cursor > 1, position < end, position.pointee == UInt8(ascii: ";"),
              value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                || (0x10000...0x10FFFF).contains(value),
              let scalar = Unicode.Scalar(value)
        else { return false }
        var utf8 = Array(String(Character(scalar)).utf8)
        let builder = builder(context)
        builder.pointee.characters(&utf8, count: utf8.count)
        builder.pointee.readsReferenceItself = true
        input.pointee.cur = position + 1
        return true
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// After any well-formedness error libxml2 2.9 stops expanding entity references for the rest
    /// of the document (`xmlParseReference` returns early unless `wellFormed`), so one stray
    /// character turned every later `&amp;` and `&lt;` into nothing. The error is noted in the
    /// builder and libxml2's flag raised again at the next event.
    @inline(__always)
    private static func carryOnAfterError(_ context: UnsafeMutableRawPointer?, _ builder: UnsafeMutablePointer<FeedBuilder>) {
        let parser = context.unsafelyUnwrapped.assumingMemoryBound(to: xmlParserCtxt.self)
        if parser.pointee.wellFormed == 0 {
            if !builder.pointee.onlyToleratedErrors { builder.pointee.sawMalformedMarkup = true }
            parser.pointee.wellFormed = 1
        }
    }

    private static func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<FeedBuilder> {
        context.unsafelyUnwrapped.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private
            .unsafelyUnwrapped.assumingMemoryBound(to: TidingsSAXText.self).pointee.owner
            .unsafelyUnwrapped.assumingMemoryBound(to: FeedBuilder.self)
    }
}
