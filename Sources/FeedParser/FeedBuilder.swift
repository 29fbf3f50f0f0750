import CLibXML2
import CSAXText
import FeedModel
import Foundation

/// Turns the SAX events of one XML document into a feed. It lives behind a pointer in libxml2's
/// context (`_private`), so callbacks reach it without reference counting; names are recognised by
/// their interned libxml2 pointers, and text is gathered as bytes until a field ends.
struct FeedBuilder {
    /// How the text of a field is to be read.
    enum TextKind {
        /// Atom `type="text"`: literal text.
        case text
        /// HTML, escaped or in CDATA (RSS descriptions, Atom `type="html"`).
        case html
        /// Atom `type="xhtml"`: child elements, inside a `div` that is unwrapped.
        case xhtml
        /// RSS titles and names: text that may carry entity-escaped markup.
        case markedText
        /// Identifiers, URLs and dates: trimmed as written.
        case raw
    }

    /// The field a capture fills.
    enum Target {
        case title, link, subtitle, summary, content, authorText, authorName, authorEmail, creator
        case guid, id, published, updated, language, category, termList, imageURL
        case ttl, updatePeriod, updateFrequency
    }

    /// The element whose text is being gathered.
    struct Capture {
        var target: Target
        var kind: TextKind
        var rank: UInt8
        var depth: Int
        var childrenAreMarkup: Bool
        var isBase64 = false
        var isPermaLink = true
        /// Depth of the xhtml wrapper `div` whose tags are left out.
        var unwrappedDepth = -1
    }

    enum Container { case feed, item, image, author, skipped }

    struct Frame {
        var role: ElementRole
        var opensContainer: Bool
        var endsCapture: Bool
        var isMarkup: Bool
        /// The element's local name, interned by libxml2 for the life of the document.
        var localName: UnsafePointer<xmlChar>
    }

    /// An element's name as libxml2's interned pointers. The prefix counts only without a
    /// namespace URI: then it is what `FeedNamespace.classify` reads (`dc:creator` with `dc`
    /// undeclared), and `ato:link` is not `link`.
    private struct NameKey: Hashable {
        var uri: UInt
        var prefix: UInt
        var localName: UInt
    }

    /// The document's URL as the base of its relative links, when it has a scheme.
    let documentBase: URLResolver.Base?
    let limits: ParserLimits
    let entities: EntityTable
    let paths: ParsePaths

    private(set) var format: FeedFormat?
    /// The local name of a root element that is not a feed's.
    private(set) var unrecognisedRoot: String?
    /// The root `html` element of an XHTML document, searched for a feed inside it.
    private(set) var documentWrapper: String?
    private(set) var sawDoctype = false
    /// The root element is `channel` without `rss` around it: CDF, whose `CHANNEL` and `ITEM`
    /// carry their link, date and base in attributes.
    private var isCDF = false
    /// The root element's namespace when it is none the parser knows (a draft Atom URI, a made-up
    /// one): its elements are read as the format the root's name says.
    private var unknownRootNamespace: String?
    /// Set by a callback that wants libxml2 to stop (not a feed, or a bound reached).
    var wantsStop = false
    /// Set when an encoding error was reported.
    var sawEncodingError = false
    /// Set when libxml2 reported a well-formedness error (its own flag is raised again after).
    var sawMalformedMarkup = false
    /// The document is read as ISO-8859-1 or windows-1252, whose C1 controls (written as
    /// references, or bytes windows-1252 leaves undefined) are windows-1252 characters meant.
    var readsWindows1252Family = false
    /// The charset was forced from the document's own declaration (see `XMLFeedReader.init`).
    var toleratesDeclarationErrors = false
    /// Every error libxml2 reported since its well-formedness flag was last raised again was one
    /// about such a declaration.
    var onlyToleratedErrors = false
    /// An upper-case hexadecimal reference was read in the error callback (see
    /// `XMLFeedReader.readUppercaseHexReference`); libxml2's complaint that follows is passed over.
    var readsReferenceItself = false

    private var feed = FeedFields()
    /// The channel's `ttl`, `sy:updatePeriod` and `sy:updateFrequency`, as written (the first of each).
    private var schedule = SyndicationSchedule()
    private var item: FeedFields?
    /// Where the open item goes in `items`: where it started, so that an item read inside it
    /// (and finished first) comes after it.
    private var itemStart = 0
    /// Items interrupted by an item inside them, innermost last (see `beginNestedItem`).
    private var suspendedItems: [(fields: FeedFields, start: Int)] = []
    private(set) var items: [Item] = []
    /// A repair of the document's structure made by the last event, for the reader to log with
    /// the event's byte offset (`recordPendingRecovery`).
    private(set) var pendingRecovery: String?
    /// The repairs of the document's structure, at offsets in the bytes libxml2 was given.
    private(set) var recoveries: [ParseRecovery] = []
    private var containers: [Container] = []
    private var frames: [Frame] = []
    /// `xml:base` values in effect, as text (IRIs stay as written), innermost last.
    private var bases: [(depth: Int, base: URLResolver.Base?)] = []
    private var depth = 0
    private var ignoredDepth = 0 {
        didSet { updateTextAcceptance() }
    }
    private var capture: Capture? {
        didSet { updateTextAcceptance() }
    }
    private var text: TextBuffer
    /// The sanitiser's scratch arrays, reused from one item to the next.
    private var sanitizerWorkspace = HTMLSanitizer.Workspace()
    private var authorRank: UInt8 = 0
    private var authorName: String?
    private var authorEmail: String?
    private var authorHadChildren = false
    private var rules: [NameKey: ElementRule] = [:]
    /// `namespace(uri:prefix:)`'s classification of each interned namespace URI.
    private var namespaces: [UInt: FeedNamespace] = [:]
    /// A direct-mapped cache in front of `rules`: hashing the key for every element cost more than
    /// the rest of starting one, and a feed uses a few dozen names over and over.
    private var recentRules = [(key: NameKey, rule: ElementRule)?](repeating: nil, count: 64)
    private var isAtom: Bool { format == .atom03 || format == .atom10 }

    init(documentURL: URL?, limits: ParserLimits, paths: ParsePaths) {
        self.documentBase = documentURL.flatMap { URLResolver.Base($0.absoluteString) }
        self.limits = limits
        self.paths = paths
        self.entities = EntityTable(expansionBudget: limits.maxEntityExpansionBytes)
        self.text = TextBuffer(capacityLimit: limits.maxFieldBytes)
        frames.reserveCapacity(64)
    }

    // MARK: SAX events

    mutating func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, namespaceCount: Int, attributes: SAXAttributes
    ) {
        if ignoredDepth > 0 || depth >= limits.maxDepth {
            ignoredDepth += 1
            return
        }
        // Looked up once here for most elements; the root's rule waits for `recogniseRoot`, which
        // may take its unknown namespace for the feed's own.
        var knownRule: ElementRule?
        if item != nil, capture == nil {
            knownRule = self.rule(localName: localName, prefix: prefix, uri: uri)
        }
        depth += 1
        // Once only: end tags followed as written can close the root before libxml2 does, and the
        // elements after it are still the feed's, not a second root.
        if format == nil {
            if unrecognisedRoot == nil, depth == 1 || documentWrapper != nil {
                recogniseRoot(localName: localName, uri: uri, namespaces: namespaces, namespaceCount: namespaceCount,
                              attributes: attributes)
            }
            // The page around a feed wrapped in XHTML is no part of it (its `title` is not the feed's).
            if format == nil {
                frames.append(Frame(role: .unknown, opensContainer: false, endsCapture: false, isMarkup: false,
                                    localName: localName))
                return
            }
        }
        if attributes.count > 0, let base = attributes.value("base", prefix: "xml") ?? (isCDF ? attributes.value(anyCase: "base") : nil) {
            let resolved = URLResolver.resolve(base, againstParts: currentBase?.parts, paths: paths).flatMap(URLResolver.Base.init)
            bases.append((depth, resolved ?? currentBase))
        }

        if var active = capture {
            if active.childrenAreMarkup {
                writeStartTag(localName: localName, attributes: attributes, capture: &active)
                capture = active
                frames.append(Frame(role: .unknown, opensContainer: false, endsCapture: false, isMarkup: true,
                                    localName: localName))
                return
            }
            // An Atom author's children replace the text an RSS author would carry.
            capture = nil
            authorHadChildren = true
        }

        let rule = knownRule ?? self.rule(localName: localName, prefix: prefix, uri: uri)
        var frame = Frame(role: rule.role, opensContainer: false, endsCapture: false, isMarkup: false,
                          localName: localName)
        handleStart(rule: rule, attributes: attributes, frame: &frame)
        frames.append(frame)
    }

    /// The name written in an end tag that did not match the open element, reported by libxml2
    /// just before it closes the open element anyway.
    var mismatchedEndTag: String?

    mutating func endElement(localName: UnsafePointer<xmlChar>) {
        let written = mismatchedEndTag
        mismatchedEndTag = nil
        if ignoredDepth > 0 {
            ignoredDepth -= 1
            return
        }
        guard let written else {
            closeInnermostFrame()
            return
        }
        // In recovery libxml2 closes whatever element is open, whatever the end tag says. Follow
        // the tag as written instead, as lenient feed parsers do: a stray `</b>` inside a title
        // closes nothing, and `</item>` closes the item even when a child was left open.
        let name = written.split(separator: ":").last.map(String.init) ?? written
        guard let index = frames.lastIndex(where: { String(cString: $0.localName) == name }) else { return }
        while frames.count > index { closeInnermostFrame() }
    }

    private mutating func closeInnermostFrame() {
        guard let frame = frames.popLast() else { return }
        if frame.isMarkup, var active = capture {
            writeEndTag(localName: frame.localName, capture: &active)
            capture = active
        } else {
            if frame.endsCapture, capture != nil { finishCapture() }
            handleEnd(role: frame.role)
            if frame.opensContainer { containers.removeLast() }
        }
        if let last = bases.last, last.depth == depth { bases.removeLast() }
        depth -= 1
    }

    mutating func characters(_ bytes: UnsafePointer<xmlChar>, count: Int) {
        guard text.acceptsText else { return }
        text.appendText(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// The text buffer's state that the C `characters` callback works on (see CSAXText.h).
    var callbackText: UnsafeMutablePointer<TidingsSAXText> { text.shared }

    /// Whether text is wanted: a field is being gathered, outside any ignored element. Kept in
    /// the text buffer, where the C `characters` callback and `characters` read it.
    private mutating func updateTextAcceptance() {
        text.acceptsText = capture != nil && ignoredDepth == 0
    }

    mutating func recordPendingRecovery(byteOffset: Int) {
        guard let reason = pendingRecovery else { return }
        pendingRecovery = nil
        guard recoveries.count < ForbiddenCharacterFilter.maxRecorded else { return }
        recoveries.append(ParseRecovery(reason: reason, byteOffset: byteOffset))
    }

    mutating func declareEntity(name: String, replacement: String) {
        entities.declare(name: name, replacement: replacement)
    }

    mutating func noteDoctype() { sawDoctype = true }

    /// Frees the text buffer's memory; called once, by the reader that owns this builder.
    func releaseBuffers() { text.release() }

    // MARK: The result

    /// The feed read so far; nil when the root element was not a feed's.
    func makeFeed(isWellFormed: Bool, encoding: String?, hadEncodingFallback: Bool) -> Feed? {
        guard let format else { return nil }
        var items = self.items
        // An item still open here was cut off (a truncated download, a missing `</item>`). It is
        // kept when it already holds something a reader can use (a title, link, id, summary,
        // content or enclosure); an empty shell, typically a document cut right after `<item>` or
        // inside its first field, would show up as a blank article, so it is dropped. Innermost
        // first: each goes where it started, before the items read inside it.
        if let item, item.identifiesAnArticle { items.insert(item.makeItem(fieldCap: limits.maxFieldBytes), at: itemStart) }
        for suspended in suspendedItems.reversed() where suspended.fields.identifiesAnArticle {
            items.insert(suspended.fields.makeItem(fieldCap: limits.maxFieldBytes), at: suspended.start)
        }
        // RFC 4287 §4.2.1: an Atom entry without an author has the feed's. (An RSS channel has no
        // author of its articles: `managingEditor` is the editor.)
        let cap = limits.maxFieldBytes
        let feedAuthor = feed.author.map { PlainText.cut($0.value, toUTF8Count: cap) }
        if isAtom, let feedAuthor {
            for index in items.indices where items[index].author == nil { items[index].author = feedAuthor }
        }
        return Feed(
            format: format, isWellFormed: isWellFormed, encoding: encoding, hadEncodingFallback: hadEncodingFallback,
            title: feed.title.map { PlainText.cut($0.value, toUTF8Count: cap) }, link: feed.link?.value,
            subtitle: feed.subtitle.map { PlainText.cut($0.value, toUTF8Count: cap) },
            language: feed.language?.value, updated: feed.updated?.value ?? feed.published?.value,
            author: feedAuthor, image: feed.image?.value, updateInterval: schedule.interval, items: items
        )
    }

    var recognisedFormat: Bool { format != nil }

    // MARK: Roles

    private var container: Container { containers.last ?? .feed }
    private var currentBase: URLResolver.Base? { bases.last?.base ?? documentBase }
    private var inFeedOrItem: Bool { container == .feed || container == .item }

    private mutating func handleStart(rule: ElementRule, attributes: SAXAttributes, frame: inout Frame) {
        let rank = rule.rank
        switch rule.role {
        case .unknown, .channel:
            if rule.role == .channel, let lang = attributes.value("lang", prefix: "xml") { feed.language.offer(Self.nonEmpty(lang), rank: 2) }
            if rule.role == .channel, isCDF { readCDFAttributes(attributes) }
        case .item:
            if item != nil, container == .item {
                beginNestedItem()
            } else {
                guard item == nil, container == .feed else { return pushContainer(.skipped, &frame) }
                itemStart = items.count
            }
            item = FeedFields()
            if let about = attributes.value("about") { item?.id.offer(Self.nonEmpty(about.trimmingSpaces()), rank: 1) }
            if isCDF { readCDFAttributes(attributes) }
            pushContainer(.item, &frame)
        case .image:
            pushContainer(item == nil && container == .feed ? .image : .skipped, &frame)
        case .skippedContainer:
            pushContainer(.skipped, &frame)
        case .title:
            guard inFeedOrItem else { return }
            begin(.title, kind: textKind(attributes, default: isAtom ? .text : .markedText), rank: rank, &frame)
            if isBase64MediaType(attributes) { capture?.isBase64 = true; capture?.kind = .html }
            applyAtom03Mode(attributes)
        case .link:
            guard inFeedOrItem else { return }
            if let href = attributes.value("href") {
                atomLink(href: href, attributes: attributes)
            } else if attributes.count == 0 {
                begin(.link, kind: .raw, rank: 0, &frame)
            } else if let rank = Self.linkRank(attributes) {
                // An Atom link written with its URL as text instead of in href.
                begin(.link, kind: .raw, rank: rank, &frame)
            }
        case .description:
            guard inFeedOrItem else { return }
            begin(item == nil ? .subtitle : .summary, kind: .html, rank: rank, &frame)
        case .subtitle:
            guard container == .feed else { return }
            begin(.subtitle, kind: textKind(attributes, default: .text), rank: rank, &frame)
            applyAtom03Mode(attributes)
        case .summary:
            guard inFeedOrItem else { return }
            begin(item == nil ? .subtitle : .summary, kind: textKind(attributes, default: .text), rank: item == nil ? 1 : rank, &frame)
            applyAtom03Mode(attributes)
        case .plainSummary:
            guard inFeedOrItem else { return }
            begin(item == nil ? .subtitle : .summary, kind: .text, rank: item == nil ? rank + 1 : rank, &frame)
        case .content:
            guard container == .item else { return }
            beginAtomContent(attributes: attributes, rank: rank, &frame)
        case .contentEncoded:
            guard container == .item else { return }
            begin(.content, kind: .html, rank: rank, &frame)
        case .author:
            guard inFeedOrItem else { return }
            authorRank = rank
            authorName = nil
            authorEmail = nil
            authorHadChildren = false
            pushContainer(.author, &frame)
            begin(.authorText, kind: .markedText, rank: rank, &frame)
            capture?.childrenAreMarkup = false
        case .authorName:
            guard container == .author else { return }
            begin(.authorName, kind: .markedText, rank: 0, &frame)
        case .authorEmail:
            guard container == .author else { return }
            begin(.authorEmail, kind: .raw, rank: 0, &frame)
        case .creator:
            guard inFeedOrItem else { return }
            begin(.creator, kind: .markedText, rank: rank, &frame)
        case .guid:
            guard container == .item else { return }
            begin(.guid, kind: .raw, rank: 0, &frame)
            capture?.isPermaLink = attributes.value("isPermaLink", equals: "true") ?? true
        case .id:
            guard container == .item else { return }
            begin(.id, kind: .raw, rank: 0, &frame)
        case .published:
            guard inFeedOrItem else { return }
            begin(.published, kind: .raw, rank: rank, &frame)
        case .updated:
            guard inFeedOrItem else { return }
            begin(.updated, kind: .raw, rank: rank, &frame)
        case .language:
            guard container == .feed else { return }
            begin(.language, kind: .raw, rank: rank, &frame)
        case .category:
            guard container == .item else { return }
            if let term = attributes.value("term") {
                item?.addCategory(PlainText.collapsingWhitespace(term, paths: paths))
            } else {
                begin(.category, kind: .markedText, rank: 0, &frame)
            }
        case .subject:
            guard container == .item else { return }
            begin(.category, kind: .markedText, rank: 0, &frame)
        case .termList:
            guard container == .item else { return }
            begin(.termList, kind: .markedText, rank: 0, &frame)
        case .itunesCategory:
            guard container == .item, let term = attributes.value("text") else { return }
            item?.addCategory(term)
        case .enclosure:
            guard container == .item else { return }
            let base = currentBase
            item?.addEnclosure(url: attributes.value("url"), type: attributes.value("type"),
                               length: attributes.value("length"), base: base, paths: paths)
        case .mediaContent:
            // Only audio and video: feeds use media:content for featured images and (YouTube) a
            // Flash player URL, which are no enclosures; they come after the real ones.
            guard container == .item, Self.isPlayableMedia(attributes) else { return }
            let base = currentBase
            item?.addEnclosure(url: attributes.value("url"), type: attributes.value("type"),
                               length: attributes.value("fileSize"), base: base, isMediaContent: true, paths: paths)
        case .imageURL:
            guard container == .image else { return }
            begin(.imageURL, kind: .raw, rank: rank, &frame)
        case .logo, .icon:
            guard container == .feed, item == nil else { return }
            begin(.imageURL, kind: .raw, rank: rank, &frame)
        case .itunesImage:
            guard container == .feed, item == nil, let href = attributes.value("href") ?? attributes.value("url") else { return }
            feed.image.offer(resolve(href, against: currentBase), rank: rank)
        case .ttl:
            guard container == .feed, item == nil else { return }
            begin(.ttl, kind: .raw, rank: 0, &frame)
        case .updatePeriod:
            guard container == .feed, item == nil else { return }
            begin(.updatePeriod, kind: .raw, rank: 0, &frame)
        case .updateFrequency:
            guard container == .feed, item == nil else { return }
            begin(.updateFrequency, kind: .raw, rank: 0, &frame)
        }
    }

    private mutating func handleEnd(role: ElementRole) {
        switch role {
        case .item:
            guard container == .item else { return }
            if !suspendedItems.isEmpty { return endNestedItem() }
            // Made from the item where it is: `if let finished = item` copied all its fields first.
            if let finished = item?.makeItem(fieldCap: limits.maxFieldBytes) {
                if itemStart == items.count { items.append(finished) } else { items.insert(finished, at: itemStart) }
                item = nil
            }
        case .author:
            guard container == .author else { return }
            let display = AuthorText(name: authorName, email: authorEmail).display
            let rank = authorRank
            let maxBytes = limits.maxFieldBytes
            withScope { $0.addAuthorElement(display, rank: rank, maxBytes: maxBytes) }
        default:
            break
        }
    }

    /// An item inside the open item. Generated feeds do write `<item/>` inside an item, and a
    /// missing `</item>` makes every later item a child of the one left open: items do not nest,
    /// so each is read as an item of its own, the open one set aside until its end tag, which
    /// libxml2 reports after the inner one's. An inner item with nothing in it (the `<item/>`) is
    /// dropped and the outer one goes on with its fields.
    private mutating func beginNestedItem() {
        guard let outer = item else { return }
        suspendedItems.append((outer, itemStart))
        itemStart = items.count
    }

    private mutating func endNestedItem() {
        guard let inner = item, let outer = suspendedItems.popLast() else { return }
        if inner.identifiesAnArticle {
            items.insert(inner.makeItem(fieldCap: limits.maxFieldBytes), at: itemStart)
            pendingRecovery = "read an item nested in another item as an item of its own"
        } else {
            pendingRecovery = "dropped an empty item nested in another item"
        }
        item = outer.fields
        itemStart = outer.start
    }

    private mutating func pushContainer(_ kind: Container, _ frame: inout Frame) {
        containers.append(kind)
        frame.opensContainer = true
    }

    private mutating func withScope(_ body: (inout FeedFields) -> Void) {
        // Optional chaining reaches the item in place, where `item != nil` followed by `&item!`
        // paid an outlined copy of the optional and a second check, at every field of every item.
        if item?.modify(body) == nil { body(&feed) }
    }

    /// Starts gathering the text of the current element, unless a better value is held already.
    private mutating func begin(_ target: Target, kind: TextKind, rank: UInt8, _ frame: inout Frame) {
        guard accepts(target, rank: rank) else { return }
        text.reset()
        capture = Capture(target: target, kind: kind, rank: rank, depth: depth,
                          childrenAreMarkup: target != .authorText)
        frame.endsCapture = true
    }

    /// `mutating` though it changes nothing: the fields are reached in place, through `withScope`.
    /// Read from this non-mutating context (`item?.accepts`), the item's fields were copied out,
    /// 272 bytes and a retain and release of each, once per field of every item.
    private mutating func accepts(_ target: Target, rank: UInt8) -> Bool {
        if target == .imageURL { return feed.image.accepts(rank: rank) }
        var accepted = false
        withScope { accepted = $0.accepts(target, rank: rank) }
        return accepted
    }
}

extension FeedFields {
    /// True when a capture of `target` at `rank` could improve on what these fields hold.
    /// `mutating` though it changes nothing: called on the builder's fields in place, a
    /// non-mutating method was handed a copy of all 272 bytes, once per field of every item.
    fileprivate mutating func accepts(_ target: FeedBuilder.Target, rank: UInt8) -> Bool {
        switch target {
        case .title: return title.accepts(rank: rank)
        case .link: return link.accepts(rank: rank)
        case .subtitle: return subtitle.accepts(rank: rank)
        case .summary: return summary.accepts(rank: rank)
        case .content: return content.accepts(rank: rank)
        case .creator: return author.accepts(rank: rank)
        case .id, .guid: return id.accepts(rank: rank) || (target == .guid && link == nil)
        case .published: return published.accepts(rank: rank)
        case .updated: return updated.acceptsReplacing(rank: rank)
        case .language: return language.accepts(rank: rank)
        case .imageURL: return image.accepts(rank: rank)
        case .authorText, .authorName, .authorEmail, .category, .termList, .ttl, .updatePeriod, .updateFrequency: return true
        }
    }
}

extension FeedBuilder {

    private mutating func beginAtomContent(attributes: SAXAttributes, rank: UInt8, _ frame: inout Frame) {
        if attributes.value("src") != nil { return }
        let mode = attributes.value("mode")?.lowercased()
        var kind = textKind(attributes, default: .text)
        if mode == "escaped" { kind = .html }
        if mode == "xml", kind == .html { kind = .xhtml }
        // Atom 0.3's `mode="base64"` is read as its `type` says once decoded (text stays text);
        // Atom 1.0 content of another media type is base64 without saying so.
        let isMediaType = mode == nil && isBase64MediaType(attributes)
        if isMediaType { kind = .html }
        let isBase64 = mode == "base64" || isMediaType
        begin(.content, kind: kind, rank: rank, &frame)
        capture?.isBase64 = isBase64
    }

    /// Atom 0.3's `mode` on a text construct being captured: `base64` is decoded, then read as its
    /// `type` says (plain text by default); `xml` holds markup as child elements, `escaped` markup
    /// as text (its `type` says which kind).
    private mutating func applyAtom03Mode(_ attributes: SAXAttributes) {
        guard capture != nil, attributes.count > 0, let mode = attributes.value("mode")?.lowercased() else { return }
        switch mode {
        case "base64":
            capture?.isBase64 = true
        case "xml":
            if capture?.kind == .html { capture?.kind = .xhtml }
        default:
            break
        }
    }

    /// Whether a `media:content` is audio or video, by its `medium` or its media type.
    private static func isPlayableMedia(_ attributes: SAXAttributes) -> Bool {
        if let medium = attributes.value("medium")?.trimmingSpaces().lowercased() {
            return medium == "audio" || medium == "video"
        }
        let type = attributes.value("type")?.trimmingSpaces().lowercased() ?? ""
        return type.hasPrefix("audio/") || type.hasPrefix("video/")
    }

    /// The kind of an Atom text construct from its `type` attribute.
    private func textKind(_ attributes: SAXAttributes, default fallback: TextKind) -> TextKind {
        guard attributes.count > 0, let type = attributes.value("type")?.lowercased().trimmingSpaces() else { return fallback }
        switch type {
        case "html", "text/html", "escaped": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        case "text", "text/plain": return .text
        default: return type.hasPrefix("text/") ? .text : fallback
        }
    }

    /// Atom 1.0 carries content of any other media type (not text, not XML) base64-encoded.
    private func isBase64MediaType(_ attributes: SAXAttributes) -> Bool {
        guard format == .atom10, attributes.count > 0, let type = attributes.value("type")?.lowercased().trimmingSpaces(),
              type.contains("/") else { return false }
        return !type.hasPrefix("text/") && !type.hasSuffix("+xml") && !type.hasSuffix("/xml")
    }

    /// A CDF `CHANNEL`'s or `ITEM`'s page (`HREF`, relative to `BASE`) and date (`LASTMOD`).
    private mutating func readCDFAttributes(_ attributes: SAXAttributes) {
        guard attributes.count > 0 else { return }
        let base = currentBase
        let link = attributes.value(anyCase: "href").flatMap { resolve($0, against: base) }
        let date = attributes.value(anyCase: "lastmod").flatMap { FeedDate.parse($0, paths: paths) }
        withScope {
            $0.link.offer(link, rank: 0)
            $0.updated.offer(date, rank: 0)
        }
    }

    private mutating func atomLink(href: String, attributes: SAXAttributes) {
        let base = currentBase
        if attributes.value("rel")?.trimmingSpaces().lowercased() == "enclosure" {
            item?.addEnclosure(url: href, type: attributes.value("type"), length: attributes.value("length"), base: base,
                               paths: paths)
            return
        }
        guard let rank = Self.linkRank(attributes) else { return }
        let resolved = resolve(href, against: base)
        withScope { $0.link.offer(resolved, rank: rank) }
    }

    /// The rank of an Atom link as the page of the feed or entry: an HTML alternate first, then any
    /// alternate, then links of other relations; nil for links that never name that page.
    private static func linkRank(_ attributes: SAXAttributes) -> UInt8? {
        let rel = attributes.value("rel")?.trimmingSpaces().lowercased() ?? "alternate"
        let type = attributes.value("type")?.trimmingSpaces().lowercased()
        switch rel {
        case "alternate", "http://www.iana.org/assignments/relation/alternate":
            return (type == nil || type == "text/html" || type == "application/xhtml+xml") ? 1 : 2
        case "self", "hub", "edit", "edit-media", "replies", "license", "next", "previous", "prev", "first",
             "last", "payment", "search", "enclosure", "service.post", "service.edit", "service.feed":
            return nil
        default:
            return 3
        }
    }

    // MARK: Captured text

    private mutating func finishCapture() {
        guard let active = capture else { return }
        capture = nil
        let isMarkup = text.isMarkup
        // The base is looked up where a field needs it: taken here for every field, it cost a
        // retain and a release per title, date and category too.
        if active.target == .summary || active.target == .content {
            let base = currentBase
            // The largest fields: sanitised straight from the buffer, without a `String` first.
            let html = active.isBase64
                ? ValidatedUTF8.Text(
                    string: Self.html(Self.decodeBase64(text.string(paths: paths)), kind: active.kind, isMarkup: isMarkup, base: base,
                                      paths: paths),
                    mayBeDoublyEncoded: true)
                : Self.html(text.bytes, kind: active.kind, isMarkup: isMarkup, base: base, workspace: &sanitizerWorkspace, paths: paths)
            let repaired = MojibakeRepair.repair(html.string, readAsLatin1: readsWindows1252Family, mayBeDoublyEncoded: html.mayBeDoublyEncoded,
                                                 paths: paths)
            if active.target == .summary {
                item?.summary.offer(repaired, rank: active.rank)
            } else {
                item?.content.offer(repaired, rank: active.rank)
            }
            return
        }
        let bytes = text.bytes
        // nil: not valid UTF-8; ASCII text no repair changes (links, ids, dates, most names).
        let verdict = ValidatedUTF8.validate(bytes, paths: paths)
        // With the general path, nothing is taken for settled because it is ASCII.
        let isASCII = paths.isFast && verdict?.isASCII == true
        if isASCII, !active.isBase64, active.target == .published || active.target == .updated {
            // Read straight from the buffer: the `String` would only be scanned once.
            let date = FeedDate.parse(utf8: bytes, paths: paths)
            if active.target == .published {
                withScope { $0.published.offer(date, rank: active.rank) }
            } else {
                withScope { $0.updated.offerReplacing(date, rank: active.rank) }
            }
            return
        }
        var raw: String
        if let verdict {
            raw = ValidatedUTF8.string(validated: bytes, isASCII: verdict.isASCII)
            if !isASCII {
                raw = MojibakeRepair.repair(raw, readAsLatin1: readsWindows1252Family, mayBeDoublyEncoded: verdict.mayBeDoublyEncoded,
                                            paths: paths)
            }
        } else {
            raw = MojibakeRepair.repair(String(decoding: bytes, as: UTF8.self), readAsLatin1: readsWindows1252Family, paths: paths)
        }
        // Replaced in place: a second name for the same text cost a retain and a release per field.
        if active.isBase64 { raw = Self.decodeBase64(raw) }
        switch active.target {
        case .title:
            let title = Self.plainText(raw, kind: active.kind, isMarkup: isMarkup, paths: paths)
            withScope { $0.title.offer(title, rank: active.rank) }
        case .subtitle:
            feed.subtitle.offer(Self.plainText(raw, kind: active.kind, isMarkup: isMarkup, paths: paths), rank: active.rank)
        case .summary, .content:
            break  // Handled above.
        case .link:
            // Most links are clean absolute ones, their own resolution: the bytes say so without
            // the trimming and the looks at the text `resolve` starts with.
            let isCleanAbsolute = isASCII && !active.isBase64 && URLResolver.isCleanAbsolute(bytes)
            let resolved = isCleanAbsolute ? raw : resolve(raw, against: currentBase)
            withScope { $0.link.offer(resolved, rank: active.rank) }
        case .authorText:
            guard !authorHadChildren else { return }
            let parsed = AuthorText(parsing: PlainText.fromMarkedText(raw, paths: paths))
            authorName = parsed.name
            authorEmail = parsed.email
        case .authorName:
            authorName = Self.nonEmpty(Self.plainText(raw, kind: active.kind, isMarkup: isMarkup, paths: paths))
        case .authorEmail:
            // Shown as the author when there is no name: plain text like the name, no line breaks.
            authorEmail = Self.nonEmpty(PlainText.collapsingWhitespace(raw, paths: paths).trimmingSpaces())
        case .creator:
            let parsed = AuthorText(parsing: PlainText.fromMarkedText(raw, paths: paths))
            withScope { $0.author.offer(parsed.display, rank: active.rank) }
        case .guid:
            let id = Self.nonEmpty(raw.trimmingSpaces())
            item?.id.offer(id, rank: 0)
            if active.isPermaLink, let id {
                let resolved = resolve(id, against: currentBase)
                item?.link.offer(resolved, rank: 5)
            }
        case .id:
            let id = Self.nonEmpty(raw.trimmingSpaces())
            item?.id.offer(id, rank: 0)
            // An Atom entry without a link is often reached at its id (Universal Feed Parser takes
            // it too): the last choice, after any link element.
            // Resolved like a permalink guid: an id is text, and may hold spaces or line breaks.
            if let id, Self.isWebURL(id) {
                let resolved = resolve(id, against: currentBase)
                item?.link.offer(resolved, rank: 6)
            }
        case .published:
            let date = FeedDate.parse(raw, paths: paths)
            withScope { $0.published.offer(date, rank: active.rank) }
        case .updated:
            let date = FeedDate.parse(raw, paths: paths)
            withScope { $0.updated.offerReplacing(date, rank: active.rank) }
        case .language:
            feed.language.offer(Self.nonEmpty(raw.trimmingSpaces()), rank: active.rank)
        case .category:
            // Collapsed ASCII text without `&` or `<` (most categories) is plain text already, with
            // nothing to trim.
            if isASCII, !active.isBase64, PlainText.isCollapsed(bytes, rejectingMarkup: true) {
                item?.addCategory(trimmed: raw)
            } else {
                item?.addCategory(PlainText.fromMarkedText(raw, paths: paths))
            }
        case .termList:
            for term in raw.split(separator: ",") { item?.addCategory(String(term)) }
        case .imageURL:
            feed.image.offer(resolve(raw, against: currentBase), rank: active.rank)
        case .ttl:
            schedule.ttl = schedule.ttl ?? raw
        case .updatePeriod:
            schedule.period = schedule.period ?? raw
        case .updateFrequency:
            schedule.frequency = schedule.frequency ?? raw
        }
    }

    private static func plainText(_ raw: String, kind: TextKind, isMarkup: Bool, paths: ParsePaths) -> String {
        let isLiteral = !isMarkup && (kind == .text || kind == .xhtml || kind == .raw)
        if isLiteral { return PlainText.collapsingWhitespace(raw, paths: paths) }
        return !isMarkup && kind == .markedText ? PlainText.fromMarkedText(raw, paths: paths) : PlainText.fromHTML(raw, paths: paths)
    }

    private static func html(_ raw: String, kind: TextKind, isMarkup: Bool, base: URLResolver.Base?, paths: ParsePaths) -> String {
        if !isMarkup, kind == .text || kind == .xhtml || kind == .raw {
            return HTMLSanitizer.html(fromText: raw.trimmingSpaces(), paths: paths)
        }
        return HTMLSanitizer.sanitize(raw, base: base, paths: paths).trimmingSpaces()
    }

    /// The same for the field's bytes as libxml2 delivered them (UTF-8), with the verdict of the
    /// output's validation on double encoding. Trimming only takes bytes off the ends, which
    /// cannot form a pair that was not there.
    private static func html(_ bytes: UnsafeBufferPointer<UInt8>, kind: TextKind, isMarkup: Bool, base: URLResolver.Base?,
                             workspace: inout HTMLSanitizer.Workspace, paths: ParsePaths) -> ValidatedUTF8.Text {
        if !isMarkup, kind == .text || kind == .xhtml || kind == .raw {
            // Escaping drops control characters, which can join the characters around them.
            let html = HTMLSanitizer.html(fromText: ValidatedUTF8.string(bytes, paths: paths).trimmingSpaces(), paths: paths)
            return ValidatedUTF8.Text(string: html, mayBeDoublyEncoded: true)
        }
        var sanitized = HTMLSanitizer.sanitize(utf8: bytes, base: base, workspace: &workspace, paths: paths)
        sanitized.string = sanitized.string.trimmingSpaces()
        return sanitized
    }

    /// The absolute form of a URL from the feed, trimmed; nil for an empty one (which would
    /// otherwise resolve to the base itself).
    private func resolve(_ reference: String, against base: URLResolver.Base?) -> String? {
        let trimmed = reference.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        // Through the base itself: `base?.parts` copied its five components out of it first.
        guard let base else { return URLResolver.resolve(trimmed, againstParts: nil, paths: paths) }
        return base.resolve(trimmed, paths: paths)
    }

    private static func isWebURL(_ text: String) -> Bool {
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    private static func decodeBase64(_ text: String) -> String {
        let compact = text.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact) else { return text }
        return String(decoding: data, as: UTF8.self)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    // MARK: Markup inside a field

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    private mutating func writeStartTag(localName: UnsafePointer<xmlChar>, attributes: SAXAttributes, capture: inout Capture) {
        text.beginMarkup()
        if capture.kind == .xhtml, capture.unwrappedDepth < 0, depth == capture.depth + 1,
           SAXAttributes.equals(localName, "div"), text.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) {
            capture.unwrappedDepth = depth
            return
        }
        let name = UnsafeBufferPointer(start: localName, count: Self.length(localName))
        text.appendMarkup("<")
        text.appendMarkup(name)
        attributes.forEach { attributeName, prefix, value in
            text.appendMarkup(" ")
            // As written (`xlink:href`, `xml:lang`): the sanitiser's lists name them so, and the
            // bare local name is another attribute (`href`) or none.
            if let prefix {
                text.appendMarkup(UnsafeBufferPointer(start: prefix, count: Self.length(prefix)))
                text.appendMarkup(":")
            }
            text.appendMarkup(attributeName)
            text.appendMarkup("=\"")
            text.appendAttributeValue(value)
            text.appendMarkup("\"")
        }
        text.appendMarkup(">")
    }

    private mutating func writeEndTag(localName: UnsafePointer<xmlChar>, capture: inout Capture) {
        if capture.unwrappedDepth == depth {
            capture.unwrappedDepth = -2
            return
        }
        let name = UnsafeBufferPointer(start: localName, count: Self.length(localName))
        if name.count <= 6, Self.voidElements.contains(String(decoding: name, as: UTF8.self)) { return }
        text.appendMarkup("</")
        text.appendMarkup(name)
        text.appendMarkup(">")
    }

    private static func length(_ text: UnsafePointer<xmlChar>) -> Int {
        var count = 0
        while text[count] != 0 { count += 1 }
        return count
    }

    // MARK: Names

    private mutating func rule(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
                               uri: UnsafePointer<xmlChar>?) -> ElementRule {
        // With the general path, every element is looked up in the tables by its names.
        guard paths.isFast else {
            return ElementTable.rule(namespace: namespace(uri: uri, prefix: prefix), localName: String(cString: localName))
        }
        let key = NameKey(uri: UInt(bitPattern: uri), prefix: uri == nil ? UInt(bitPattern: prefix) : 0,
                          localName: UInt(bitPattern: localName))
        // Fibonacci hashing: the top six bits of the product pick one of the 64 slots.
        let slot = Int(truncatingIfNeeded: ((key.localName ^ (key.uri &<< 1) ^ (key.prefix &<< 2)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if let recent = recentRules[slot], recent.key == key { return recent.rule }
        if let known = rules[key] {
            recentRules[slot] = (key, known)
            return known
        }
        let namespace = self.namespace(uri: uri, prefix: prefix)
        let rule = ElementTable.rule(namespace: namespace, localName: String(cString: localName))
        rules[key] = rule
        recentRules[slot] = (key, rule)
        return rule
    }

    /// The namespace of an element's URI, classified once per URI (libxml2 interns them): the
    /// misspellings `classify` accepts cost string work that a name lookup must not repeat.
    private mutating func namespace(uri: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) -> FeedNamespace {
        guard let uri else { return FeedNamespace.classify(uri: nil, prefix: prefix.map { String(cString: $0) }) }
        let key = UInt(bitPattern: uri)
        if paths.isFast, let known = namespaces[key] { return known }
        let uriText = String(cString: uri)
        var namespace = FeedNamespace.classify(uri: uriText, prefix: nil)
        if namespace == .other, uriText == unknownRootNamespace { namespace = .core }
        namespaces[key] = namespace
        return namespace
    }

    private mutating func recogniseRoot(
        localName: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?,
        namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, namespaceCount: Int, attributes: SAXAttributes
    ) {
        let name = String(cString: localName)
        let namespace = uri.map { String(cString: $0).lowercased() }
        switch name.lowercased() {
        case "rss":
            let version = attributes.value("version")?.trimmingSpaces() ?? ""
            switch version {
            case "0.90", "0.9": format = .rss090
            case "0.91": format = .rss091
            case "0.92": format = .rss092
            case "0.93": format = .rss093
            case "0.94": format = .rss094
            default: format = .rss20
            }
        case "rdf":
            var declared: [String] = []
            if let namespaces {
                for index in 0..<namespaceCount {
                    if let value = namespaces[index * 2 + 1] { declared.append(String(cString: value).lowercased()) }
                }
            }
            format = declared.contains { FeedNamespace.canonicalURI($0) == "http://my.netscape.com/rdf/simple/0.9" } ? .rss090 : .rss10
        case "feed":
            if namespace.map(FeedNamespace.canonicalURI) == "http://purl.org/atom/ns" || attributes.value("version")?.hasPrefix("0.") == true {
                format = .atom03
            } else {
                format = .atom10
            }
        case "channel":
            format = .rss20
            isCDF = true
        default:
            // A feed served inside an XHTML page (`<html><body><feed>`) is read where it stands.
            if depth == 1, name.lowercased() == "html" {
                documentWrapper = name
            } else if documentWrapper == nil {
                unrecognisedRoot = name
                wantsStop = true
            }
            return
        }
        if let uri, case let root = String(cString: uri), FeedNamespace.classify(uri: root, prefix: nil) == .other {
            unknownRootNamespace = root
        }
        if let lang = attributes.value("lang", prefix: "xml") {
            feed.language.offer(Self.nonEmpty(lang.trimmingSpaces().replacingAll("_", with: "-")), rank: 2)
        }
    }
}
