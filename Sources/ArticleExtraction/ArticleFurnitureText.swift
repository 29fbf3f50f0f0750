import Foundation

/// Lines that read as a page's furniture whatever their markup: a byline (`By Jane Doe`), a
/// copyright notice (`© 2023 Example Media. All rights reserved.`), a date and time line
/// (`28 August 2013, updated 14:00 GMT`), a "follow us" line, a newsletter prompt. Sites often write them as ordinary paragraphs inside
/// the article's element, where class and id hints cannot see them.
enum ArticleFurnitureText {
    /// True when `text`, a short paragraph, is one of those lines.
    static func isFurniture(_ text: String) -> Bool {
        isByline(text) || isCopyright(text) || isDateLine(text) || isFollowUs(text) || isNewsletterPrompt(text)
    }

    /// `Sign up for The Daily, our morning newsletter.`
    static func isNewsletterPrompt(_ text: String) -> Bool {
        let lowered = text.lowercased()
        guard lowered.count < 200, lowered.contains("newsletter") else { return false }
        return ["sign up", "subscribe", "get our", "join our", "want more"].contains { lowered.hasPrefix($0) }
    }

    /// `Follow us on Twitter and Facebook`, `Follow Jane Doe on Instagram @jdoe`.
    static func isFollowUs(_ text: String) -> Bool {
        guard text.count < 150, text.hasPrefix("Follow ") else { return false }
        let lowered = text.lowercased()
        return ["twitter", "facebook", "instagram", "linkedin", "mastodon", "threads", "bluesky", "youtube", "tiktok", "@"]
            .contains { lowered.contains($0) }
    }

    /// Words that introduce a link to another story, a newsletter or the site's topic pages,
    /// set between the article's paragraphs (`Read more: …`, `RELATED: …`, `Tags: …`).
    private static let storyLinkLabels = ["read more", "related", "see also", "also read", "read also", "more:",
                                          "watch:", "listen:", "click here", "sign up", "subscribe", "tags:",
                                          "topics:", "filed under"]

    /// A line that starts with one of `storyLinkLabels`; the cleaner asks only of lines that
    /// are mostly a link.
    static func isStoryLink(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return storyLinkLabels.contains { lowered.hasPrefix($0) }
    }

    /// `By Jane Doe`, `-- By Jane Doe Follow @jdoe`: a line of a few words that starts with "By"
    /// and a name and is no sentence (`By Monday the river had risen.` is one).
    static func isByline(_ text: String) -> Bool {
        let line = text.drop { $0 == "-" || $0 == "–" || $0 == "—" || $0.isWhitespace }
        guard line.count < 80, line.hasPrefix("By ") || line.hasPrefix("by "),
              line.split(separator: " ").count <= 8, !line.contains(". "),
              let last = line.last, last != ".", last != "!", last != "?" else { return false }
        return line.dropFirst(3).first?.isUppercase == true
    }

    /// A copyright notice: `©`, "All rights reserved", or "Copyright" and a year.
    static func isCopyright(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if text.contains("©") || lowered.contains("all rights reserved") { return true }
        guard lowered.hasPrefix("copyright ") else { return false }
        return lowered.dropFirst("copyright ".count).first?.isNumber == true
    }

    /// A line of at most 80 characters that holds a year and a time of day (`14:00`) and is no
    /// sentence: a publication or update stamp, in any language.
    static func isDateLine(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= 80, !text.hasSuffix("."), !text.hasSuffix("。"), !text.contains(". ") else { return false }
        var hasYear = false
        var hasTime = false
        var index = 0
        while index < scalars.count {
            guard let first = digit(scalars[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, digit(scalars[end]) != nil { end += 1 }
            let run = end - index
            if run == 4, first == 1 || first == 2 { hasYear = true }
            if run <= 2, end + 2 < scalars.count, scalars[end] == ":", digit(scalars[end + 1]) != nil,
               digit(scalars[end + 2]) != nil {
                hasTime = true
            }
            index = end
        }
        return hasYear && hasTime
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
    }
}
