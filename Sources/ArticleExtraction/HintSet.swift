/// What an element's `class` and `id` say about it, read once when the tree is built.
///
/// The words are Mozilla Readability's (`unlikelyCandidates`, `okMaybeItsACandidate`, `positive`,
/// `negative`, `byline`, `shareElements`), extended with the boilerplate of today's news sites
/// (cookie and consent banners, newsletter boxes, recommendation widgets). Matching is on
/// lower-cased bytes; a few short words (`ad`, `ads`, `nav`) must stand as words (`top-ad`,
/// `ad_slot`, `nav-bar`) so that `header`, `shadow` or `canvas` do not match them.
struct HintSet: OptionSet, Sendable {
    let rawValue: UInt32

    /// Layout words that usually mean boilerplate (`sidebar`, `footer`, `menu`, `banner`): the
    /// element is stripped unless it also reads as a content candidate.
    static let unlikely = HintSet(rawValue: 1 << 0)
    /// Words that always mean boilerplate (`comment`, `share`, `cookie`, `newsletter`,
    /// `related`): stripped even when a content word is there too (`comment-content`).
    static let boilerplate = HintSet(rawValue: 1 << 1)
    /// Words that rescue an unlikely element (`article`, `content`, `main`, `body`).
    static let maybeCandidate = HintSet(rawValue: 1 << 2)
    /// +25 to a candidate's score.
    static let positive = HintSet(rawValue: 1 << 3)
    /// −25 to a candidate's score.
    static let negative = HintSet(rawValue: 1 << 4)
    /// Share buttons and their bars.
    static let share = HintSet(rawValue: 1 << 5)
    /// Author lines.
    static let byline = HintSet(rawValue: 1 << 6)
    /// Dates and other article metadata lines (`post-meta`, `timestamp`).
    static let dateline = HintSet(rawValue: 1 << 7)
    /// Text only for screen readers (`sr-only`, `visually-hidden`): "Share on X", "Advertisement".
    static let screenReaderOnly = HintSet(rawValue: 1 << 8)
    /// `role` is navigation, menu, complementary, dialog or alert.
    static let unlikelyRole = HintSet(rawValue: 1 << 9)
    /// `itemprop="articleBody"`: the page says where its article is.
    static let articleBody = HintSet(rawValue: 1 << 10)
    /// Captions and credits of images and videos (`caption`, `credit`): the article's text
    /// goes on without them.
    static let caption = HintSet(rawValue: 1 << 11)
    /// A post of a social network embedded in the article (`twitter-tweet`, `instagram-media`,
    /// `bluesky-embed`…): its text is the article's, quoted, however the block around it is
    /// named (`social-media-embed`).
    static let embeddedPost = HintSet(rawValue: 1 << 12)
    /// A card shown over a link (`rollover`, `hovercard`, `tooltip`, `popover`): hidden until the
    /// pointer rests there, never the article's text.
    static let hoverCard = HintSet(rawValue: 1 << 13)
    /// The summary set under a headline (`dek`, `standfirst`, `strapline`, `excerpt`,
    /// `article-lead-text`): the page's own précis of the article, shown apart from its text like
    /// the headline, and repeated in teasers of other stories. Not `article__lead`, which is the
    /// first paragraph of the text on some sites and a précis on others.
    static let standfirst = HintSet(rawValue: 1 << 14)

    /// The hints in a `class` or `id` value.
    static func scan(_ value: String) -> HintSet {
        var value = value
        return value.withUTF8 { bytes in
            var found: HintSet = []
            let count = bytes.count
            for start in 0..<count {
                let bucket = HintPatterns.buckets[Int(lowered(bytes[start]))]
                guard !bucket.isEmpty else { continue }
                for pattern in bucket where !found.isSuperset(of: pattern.hints) {
                    if pattern.matches(bytes, at: start) { found.formUnion(pattern.hints) }
                }
            }
            return found
        }
    }

    /// The hints in a `role` value.
    static func scan(role: String) -> HintSet {
        switch role.lowercased() {
        case "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog", "banner",
             "contentinfo", "search":
            return .unlikelyRole
        case "main", "article":
            return [.maybeCandidate, .positive]
        default:
            return []
        }
    }

    /// The hints in an `itemprop` value.
    static func scan(itemprop: String) -> HintSet {
        let value = itemprop.lowercased()
        if value.contains("articlebody") { return [.articleBody, .positive] }
        if value.contains("author") { return .byline }
        if value.contains("datepublished") || value.contains("datemodified") { return .dateline }
        return []
    }

    @inline(__always)
    static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}

/// One word of `HintSet`'s lists.
struct HintPattern: Sendable {
    enum Boundary: Sendable {
        /// Anywhere in the value.
        case anywhere
        /// At the start of a word: `nav` in `site-nav`, `navbar`, not in `canvas`.
        case wordStart
        /// A whole word: `ad` in `top-ad`, not in `header` or `adsense`.
        case word
    }

    var bytes: [UInt8]
    var boundary: Boundary
    var hints: HintSet
    /// A continuation that cancels the match: `comment` but not `commentary`.
    var exceptWhenFollowedBy: [UInt8]
    /// A prefix that cancels the match: `header` but not `subheader`.
    var exceptWhenPrecededBy: [UInt8]

    init(_ word: String, _ boundary: Boundary, _ hints: HintSet, exceptWhenFollowedBy: String = "",
         exceptWhenPrecededBy: String = "") {
        bytes = Array(word.utf8)
        self.boundary = boundary
        self.hints = hints
        self.exceptWhenFollowedBy = Array(exceptWhenFollowedBy.utf8)
        self.exceptWhenPrecededBy = Array(exceptWhenPrecededBy.utf8)
    }

    func matches(_ value: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let end = start + bytes.count
        guard end <= value.count else { return false }
        for offset in 0..<bytes.count where HintSet.lowered(value[start + offset]) != bytes[offset] { return false }
        if boundary != .anywhere, start > 0, Self.isWordByte(value[start - 1]) { return false }
        if boundary == .word, end < value.count, Self.isWordByte(value[end]) { return false }
        if !exceptWhenFollowedBy.isEmpty, end + exceptWhenFollowedBy.count <= value.count {
            var follows = true
            for offset in 0..<exceptWhenFollowedBy.count
            where HintSet.lowered(value[end + offset]) != exceptWhenFollowedBy[offset] {
                follows = false
                break
            }
            if follows { return false }
        }
        if !exceptWhenPrecededBy.isEmpty, start >= exceptWhenPrecededBy.count {
            var precedes = true
            for offset in 0..<exceptWhenPrecededBy.count
            where HintSet.lowered(value[start - exceptWhenPrecededBy.count + offset]) != exceptWhenPrecededBy[offset] {
                precedes = false
                break
            }
            if precedes { return false }
        }
        return true
    }

    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        HintSet.lowered(byte) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }
}

/// The word lists, bucketed by first byte so that a scan tries only the words that can start at
/// each position.
enum HintPatterns {
    static let buckets: [[HintPattern]] = {
        var buckets = [[HintPattern]](repeating: [], count: 256)
        for pattern in all { buckets[Int(pattern.bytes[0])].append(pattern) }
        return buckets
    }()

    private static let all: [HintPattern] = {
        var list: [HintPattern] = []
        func add(_ words: [String], _ boundary: HintPattern.Boundary, _ hints: HintSet) {
            for word in words { list.append(HintPattern(word, boundary, hints)) }
        }
        // Weak boilerplate: layout words, rescued by a content word.
        add(["ai2html", "banner", "breadcrumb", "combx", "community", "cover-wrap", "extra", "footer",
             "legends", "menu", "remark", "rss", "shoutbox", "sidebar", "skyscraper", "supplemental", "agegate",
             "pagination", "pager", "yom-remote", "masthead", "toolbar", "widget", "trending", "popular",
             "most-read", "mostread", "sitemap", "skip-link", "skiplink", "topbar", "bottombar", "sticky"],
            .anywhere, [.unlikely, .negative])
        // A `subheader` is a heading of the article, not the page's header.
        list.append(HintPattern("header", .anywhere, [.unlikely, .negative], exceptWhenPrecededBy: "sub"))
        add(["nav"], .wordStart, [.unlikely, .negative])
        // Embedded players: their title, duration and source are not the article's text.
        add(["video", "player"], .word, [.unlikely, .negative])
        add(["ad", "ads", "adv", "dfp", "gpt"], .word, [.unlikely, .negative])
        add(["-ad-", "adsense", "adslot", "ad-slot", "adsbygoogle", "ad-container", "ad-wrapper"], .anywhere,
            [.unlikely, .negative])
        // Strong boilerplate: never the article, whatever else the class says.
        list.append(HintPattern("comment", .anywhere, [.boilerplate, .negative], exceptWhenFollowedBy: "ary"))
        add(["disqus", "replies", "social", "cookie", "consent", "gdpr", "newsletter", "subscri", "signup",
             "sign-up", "popup", "pop-up", "modal", "promo", "sponsor", "advert", "outbrain", "taboola",
             "related", "recommend", "share", "sharing", "follow-us", "paywall-prompt", "onetrust", "copyright",
             "disclaimer",
             // Forum furniture: the poster's panel and signature around each post.
             "postprofile", "post-profile", "userprofile", "user-profile", "userinfo", "user-info", "user-details", "userdetails", "memberinfo", "signature",
             "postbit-user", "message-user"],
            .anywhere, [.boilerplate, .negative])
        add(["reply", "sig"], .word, [.boilerplate, .negative])
        add(["share", "sharing", "sharedaddy"], .anywhere, .share)
        // Content words.
        add(["article", "body", "column", "content", "main", "mathjax", "entry", "story", "prose"], .anywhere,
            .maybeCandidate)
        add(["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog",
             "story", "prose"], .anywhere, .positive)
        // Readability's other negative words.
        add(["hidden", "com-", "contact", "media", "meta", "scroll", "shopping", "tags", "byline", "author"],
            .anywhere, .negative)
        add(["hid"], .word, .negative)
        add(["byline", "author", "dateline", "writtenby", "p-author", "contributor"], .anywhere, .byline)
        add(["date", "time", "timestamp", "pubdate", "published", "posted", "meta", "updated", "reading-time",
             "read-time", "kicker", "eyebrow"], .word, .dateline)
        add(["entry-meta", "post-meta", "article-meta", "dateline", "timestamp"], .anywhere, .dateline)
        add(["caption", "credit"], .anywhere, .caption)
        add(["twitter-tweet", "twitter-video", "instagram-media", "tiktok-embed", "bluesky-embed", "mastodon-embed",
             "reddit-embed", "reddit-card", "fb-post", "threads-embed", "text-post-media", "imgur-embed"],
            .anywhere, .embeddedPost)
        add(["rollover", "hovercard", "hover-card", "tooltip", "popover", "tippy"], .anywhere, .hoverCard)
        add(["dek", "standfirst", "stand-first", "strapline", "excerpt", "lead-text", "leadtext"], .word, .standfirst)
        // A CMS's label of a field (Drupal's `field--label`: "Highlights", "Tags"), not the field,
        // whose wrapper says where the label goes (`field--label-above`, on the body's too).
        for word in ["field--label", "field-label", "field__label"] {
            list.append(HintPattern(word, .wordStart, [.boilerplate], exceptWhenFollowedBy: "-"))
        }
        add(["sr-only", "screen-reader", "visually-hidden", "visuallyhidden", "a11y-hidden", "screenreader"],
            .anywhere, .screenReaderOnly)
        return list
    }()
}
