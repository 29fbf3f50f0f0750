import Testing
@testable import TerminalUI

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3),
        ("日本語", 6),
        ("ｶﾀｶﾅ", 4),            // half-width katakana
        ("ＡＢ", 4),              // full-width Latin
        ("한국어", 6),
        ("\u{1100}\u{1161}\u{11A8}", 2), // Hangul jamo L V T: one syllable
        ("e\u{301}", 1),          // combining acute
        ("👍", 2),
        ("❤️", 1),               // VS16 kept and adding nothing, as tmux 3.3 and wcwidth draw it
        ("👍🏽", 4),              // skin tone kept, as wide as tmux draws it
        ("👨‍👩‍👧", 2),          // ZWJ family
        ("🇯🇵", 2),
        ("a\tb", 9),
        ("\u{1B}[1m", 4),         // ESC shown as one placeholder column
        ("a\u{202E}b", 2),        // bidi override dropped
        ("", 0),
    ])
    func widths(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.truncate("日本語のタイトル", toWidth: 7) == "日本語…")
        #expect(DisplayWidth.truncate("日本語のタイトル", toWidth: 6) == "日本…")
        #expect(DisplayWidth.truncate("hello", toWidth: 5) == "hello")
        #expect(DisplayWidth.truncate("hello world", toWidth: 5) == "hell…")
        #expect(DisplayWidth.truncate("hello", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("hello", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
    }

    @Test func truncationAtAWordKeepsWholeWordsWhenOneEndsLateEnough() {
        #expect(DisplayWidth.truncateAtWord("the quick brown fox", toWidth: 14) == "the quick…")
        #expect(DisplayWidth.truncateAtWord("the quick brown fox", toWidth: 19) == "the quick brown fox")
        // No word ends in the last third: cut where it must.
        #expect(DisplayWidth.truncateAtWord("a verylongwordthatgoeson", toWidth: 12) == "a verylongw…")
        #expect(DisplayWidth.truncateAtWord("日本語のタイトル", toWidth: 7) == "日本語…")
    }

    @Test func wrapsAtSpaces() {
        #expect(DisplayWidth.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(DisplayWidth.wrap("a  b", width: 10) == ["a  b"])
        #expect(DisplayWidth.wrap("  indented text", width: 20) == ["  indented text"])
    }

    @Test func wrapsJapaneseBetweenCharacters() {
        #expect(DisplayWidth.wrap("日本語の文章を折り返す", width: 8) == ["日本語の", "文章を折", "り返す"])
    }

    @Test func keepsClosingPunctuationOffTheStartOfALine() {
        #expect(DisplayWidth.wrap("これは。テスト", width: 6) == ["これ", "は。テ", "スト"])
        #expect(DisplayWidth.wrap("「引用」です", width: 4) == ["「引", "用」", "です"])
    }

    @Test func breaksWordsLongerThanALineAnywhere() {
        #expect(DisplayWidth.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"])
        #expect(DisplayWidth.wrap("see https://example.org/x/y now", width: 10) == ["see https:", "//example.", "org/x/y", "now"])
    }

    @Test func explicitLineBreaksAndEmptyLines() {
        #expect(DisplayWidth.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
    }

    @Test func wrappedLinesNeverExceedTheWidth() {
        let text = "Tidings は RSS と Atom を読む 🧑‍💻 terminal reader です。Wrapping mixes 日本語 and English words, emoji 👍🏽 and ｆｕｌｌ width."
        for width in 1...30 {
            for line in DisplayWidth.wrap(text, width: width) {
                let lineWidth = DisplayWidth.of(line)
                // A cluster wider than the view is the only thing allowed to overflow: a two-column
                // character in a one-column view, the four columns of `👍🏽` in a narrower one.
                #expect(lineWidth <= max(width, line.contains("👍🏽") ? 4 : 2), "width \(width): \(line)")
            }
        }
    }

    @Test func hangingIndent() {
        let lines = StyledText("• one two three four").wrapped(width: 10, continuationIndent: 2)
        #expect(lines.map(\.plainText) == ["• one two", "  three", "  four"])
    }

    @Test func wrappingKeepsStyles() {
        var text = StyledText("plain ")
        text.append("bold words here", style: .bold)
        let lines = text.wrapped(width: 11)
        #expect(lines.map(\.plainText) == ["plain bold", "words here"])
        #expect(lines[1].runs == [StyledText.Run("words here", style: .bold)])
    }
}
