/// Lines that read as a page's furniture whatever their markup: a byline (`By Jane Doe`), a
/// copyright notice (`© 2023 Example Media. All rights reserved.`), a date and time line
/// (`28 August 2013, updated 14:00 GMT`), a "follow us" line, a newsletter prompt. Sites often
/// write them as ordinary paragraphs inside the article's element, where class and id hints
/// cannot see them.
///
/// The cleaner asks this of every short paragraph, so the checks work on the UTF-8 bytes of the
/// paragraph's text (white space collapsed, `line(_:from:)`), comparing ASCII letters without
/// case: String's Unicode-aware comparisons cost a quarter of an extraction.
enum ArticleFurnitureText {
    /// The text of `index` as UTF-8, runs of white space as one space, trimmed; at most about
    /// `limit` bytes.
    static func line(_ tree: PageTree, from index: PageTree.Index, limit: Int = 1200) -> [UInt8] {
        var bytes: [UInt8] = []
        var pendingSpace = false
        for node in tree.preorder(from: index) where tree[node].tag == .text {
            for byte in tree[node].text.utf8 {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    pendingSpace = true
                    continue
                }
                if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
            if bytes.count >= limit { break }
        }
        return bytes
    }

    /// True when `line`, a short paragraph's text, is one of those lines.
    static func isFurniture(_ line: [UInt8]) -> Bool {
        isByline(line) || isCopyright(line) || isDateLine(line) || isFollowUs(line) || isNewsletterPrompt(line)
    }

    /// Words that introduce a link to another story, a newsletter or the site's topic pages,
    /// set between the article's paragraphs (`Read more: …`, `RELATED: …`, `Tags: …`).
    private static let storyLinkLabels = ["read more", "related", "see also", "also read", "read also", "more:",
                                          "watch:", "listen:", "click here", "sign up", "subscribe", "tags:",
                                          "topics:", "filed under"].map { Array($0.utf8) }

    /// A line that starts with one of `storyLinkLabels`; the cleaner asks only of lines that
    /// are mostly a link.
    static func isStoryLink(_ line: [UInt8]) -> Bool {
        storyLinkLabels.contains { hasPrefix(line, $0) }
    }

    /// `By Jane Doe`, `-- By Jane Doe Follow @jdoe`: a line of a few words that starts with "By"
    /// and a name and is no sentence (`By Monday the river had risen.` is one).
    static func isByline(_ line: [UInt8]) -> Bool {
        var start = 0
        while start < line.count {
            if line[start] == UInt8(ascii: "-") || line[start] == 0x20 {
                start += 1
            } else if start + 2 < line.count, line[start] == 0xE2, line[start + 1] == 0x80,
                      line[start + 2] == 0x93 || line[start + 2] == 0x94 {
                start += 3 // – or —
            } else {
                break
            }
        }
        let rest = line[start...]
        guard characters(rest) < 80, rest.count > 3, rest.first == UInt8(ascii: "B") || rest.first == UInt8(ascii: "b"),
              rest[rest.startIndex + 1] == UInt8(ascii: "y"), rest[rest.startIndex + 2] == 0x20,
              rest.filter({ $0 == 0x20 }).count <= 7, !contains(rest, Array(". ".utf8)),
              let last = rest.last, last != UInt8(ascii: "."), last != UInt8(ascii: "!"), last != UInt8(ascii: "?")
        else { return false }
        let initial = rest[rest.startIndex + 3]
        if initial < 0x80 { return initial >= UInt8(ascii: "A") && initial <= UInt8(ascii: "Z") }
        // A name that starts with a letter outside ASCII (`By Émile Zola`).
        return String(decoding: rest.dropFirst(3).prefix(4), as: UTF8.self).first?.isUppercase == true
    }

    /// A copyright notice: `©`, "All rights reserved", or "Copyright" and a year.
    static func isCopyright(_ line: [UInt8]) -> Bool {
        if contains(line[...], [0xC2, 0xA9]) || contains(line[...], Array("all rights reserved".utf8)) { return true }
        let prefix = Array("copyright ".utf8)
        guard hasPrefix(line, prefix), line.count > prefix.count else { return false }
        return line[prefix.count] >= UInt8(ascii: "0") && line[prefix.count] <= UInt8(ascii: "9")
    }

    /// A line of at most 80 characters that holds a year and a time of day (`14:00`) and is no
    /// sentence: a publication or update stamp, in any language.
    static func isDateLine(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) <= 80, let last = line.last, last != UInt8(ascii: "."),
              !line.ends(with: [0xE3, 0x80, 0x82]), !contains(line[...], Array(". ".utf8)) else { return false }
        var hasYear = false
        var hasTime = false
        var index = 0
        while index < line.count {
            guard isDigit(line[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < line.count, isDigit(line[end]) { end += 1 }
            let run = end - index
            if run == 4, line[index] == UInt8(ascii: "1") || line[index] == UInt8(ascii: "2") { hasYear = true }
            if run <= 2, end + 2 < line.count, line[end] == UInt8(ascii: ":"), isDigit(line[end + 1]), isDigit(line[end + 2]) {
                hasTime = true
            }
            index = end
        }
        return hasYear && hasTime
    }

    private static let networks = ["twitter", "facebook", "instagram", "linkedin", "mastodon", "threads", "bluesky",
                                   "youtube", "tiktok", "@"].map { Array($0.utf8) }

    /// `Follow us on Twitter and Facebook`, `Follow Jane Doe on Instagram @jdoe`.
    static func isFollowUs(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) < 150, line.starts(with: Array("Follow ".utf8)) else { return false }
        return networks.contains { contains(line[...], $0) }
    }

    private static let newsletterOpenings = ["sign up", "subscribe", "get our", "join our", "want more"].map { Array($0.utf8) }

    /// `Sign up for The Daily, our morning newsletter.`
    static func isNewsletterPrompt(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) < 200, contains(line[...], Array("newsletter".utf8)) else { return false }
        return newsletterOpenings.contains { hasPrefix(line, $0) }
    }

    // MARK: - Bytes

    /// Characters (Unicode scalars) in UTF-8 bytes.
    private static func characters(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `line` starts with `prefix`, a lower-case ASCII word, in any case.
    private static func hasPrefix(_ line: [UInt8], _ prefix: [UInt8]) -> Bool {
        guard line.count >= prefix.count else { return false }
        for offset in 0..<prefix.count where HintSet.lowered(line[offset]) != prefix[offset] { return false }
        return true
    }

    /// `bytes` holds `needle` (lower-case ASCII, or any bytes), ASCII letters compared without case.
    private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        let base = bytes.startIndex
        var start = base
        while start <= bytes.endIndex - needle.count {
            var offset = 0
            while offset < needle.count, HintSet.lowered(bytes[start + offset]) == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
            start += 1
        }
        return false
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
