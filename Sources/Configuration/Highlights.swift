import FeedModel
import FilterLanguage
import Foundation
import TerminalUI

/// `highlight` and `highlight-article` lines: colours for the text of list rows that a regular
/// expression matches, and for whole article rows that a filter expression matches.
///
///     highlight articlelist "rust|swift" yellow default bold
///     highlight article "^(Title|Author):" cyan default bold
///     highlight all "breaking" white red
///     highlight-article "author = \"Ann\"" cyan default
///
/// Only the style of the matched characters changes, never the text, so rows keep their widths
/// (a highlighted Japanese title takes the columns it took before).
public struct Highlights: Sendable, Equatable {
    /// What a `highlight` line colours: the rows of a list, or the article view's lines.
    public enum Target: Sendable, Equatable {
        case feedList, articleList, article
    }

    /// One `highlight` line.
    public struct TextRule: Sendable, Equatable {
        public var targets: Set<Target>
        public var pattern: String
        let regex: FilterRegex
        public var style: Style

        public static func == (left: TextRule, right: TextRule) -> Bool {
            left.targets == right.targets && left.pattern == right.pattern && left.style == right.style
        }
    }

    /// One `highlight-article` line.
    public struct ArticleRule: Sendable, Equatable {
        public var expression: FilterExpression
        public var style: Style
    }

    public var textRules: [TextRule] = []
    public var articleRules: [ArticleRule] = []
    /// `highlight-feed` lines: whole feed-list rows.
    public var feedRules: [ArticleRule] = []

    public init() {}

    /// What an item-list row can be tested on: `highlight-article` lines naming anything else
    /// are refused (the rows do not carry an article's text).
    static let articleRowAttributes: Set<FilterAttribute> = [.title, .link, .author, .unread, .flags, .age, .feedTitle, .tags]
    /// What a feed-list row can be tested on (`highlight-feed`).
    static let feedRowAttributes = ListFilter.feedAttributes

    /// `text` with the matches of every rule for `target` in the rule's style, later rules over
    /// earlier ones.
    public func styled(_ text: StyledText, in target: Target) -> StyledText {
        var text = text
        for rule in textRules where rule.targets.contains(target) {
            let ranges = rule.regex.ranges(in: text.plainText)
            if !ranges.isEmpty { text = text.restyled(ranges, with: rule.style) }
        }
        return text
    }
}

extension StyledText {
    /// The same text with the characters inside `ranges` (UTF-8 offsets into `plainText`) in
    /// `style`. A character is restyled whole, so a match never splits a wide one.
    func restyled(_ ranges: [Range<Int>], with style: Style) -> StyledText {
        var result = StyledText()
        var offset = 0
        for run in runs {
            for character in run.text {
                let length = character.utf8.count
                let span = offset..<(offset + length)
                let isMatched = ranges.contains { $0.overlaps(span) }
                result.append(String(character), style: isMatched ? style : run.style)
                offset += length
            }
        }
        return result
    }

    /// The same text in `style` throughout.
    public func restyled(_ style: Style) -> StyledText {
        StyledText(plainText, style: style)
    }
}
