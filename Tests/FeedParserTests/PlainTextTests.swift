import Testing
@testable import FeedParser

struct PlainTextTests {
    static let cases: [(String, String)] = [
        ("Plain title", "Plain title"),
        ("  padded \n\t title  ", "padded title"),
        ("AT&amp;T", "AT&T"),
        ("Caf&eacute; &amp; cr&egrave;me", "Café & crème"),
        ("Wait&hellip; &mdash; what&#8217;s &#x201C;new&#x201d;", "Wait… — what’s “new”"),
        ("&lt;b&gt;not bold&lt;/b&gt;", "<b>not bold</b>"),
        ("<b>Bold</b> and <i>italic</i>", "Bold and italic"),
        ("<b>H</b>ello", "Hello"),
        ("<p>one</p><p>two</p>", "one two"),
        ("line<br>break<br/>s", "line break s"),
        ("a<script>alert(1)</script>b", "ab"),
        ("a<style>p{}</style>b", "ab"),
        ("a<!-- hidden -->b", "ab"),
        ("x < y and y > z", "x < y and y > z"),
        ("AT&T", "AT&T"),
        ("&copy 2024 &amp", "© 2024 &"),
        ("&notit;", "¬it;"),
        ("&unknownentity; stays", "&unknownentity; stays"),
        ("&#0; &#xD800; &#x110000;", "\u{FFFD} \u{FFFD} \u{FFFD}"),
        ("&#150; &#128;", "– €"),
        ("&#65&#66;", "AB"),
        ("10&nbsp;km", "10\u{A0}km"),
        ("a&nbsp; &nbsp;b", "a\u{A0} \u{A0}b"),
        ("&NewLine;a&Tab;b&NewLine;", "a b"),
        ("&amp;eacute;", "&eacute;"),
        ("&Aacute;&aacute;&Ouml;&szlig;&euro;&trade;", "ÁáÖß€™"),
        ("&fjlig;&nvlt;", "fj<\u{20D2}"),
        ("ctrl\u{1}\u{7}chars\u{7F}\u{85}here\u{9B}", "ctrlchars here"),
        ("a\u{2028}b\u{2029}c", "a b c"),
        ("日本語 の  タイトル", "日本語 の タイトル"),
        ("emoji 👍🏽 ok", "emoji 👍🏽 ok"),
        ("<![CDATA[x]]>y", "y"),
        ("<a href=\"x>y\">link</a>", "link"),
        ("unterminated <b", "unterminated"),
        ("", ""),
        ("   ", ""),
    ]

    @Test(arguments: cases)
    func extractsPlainText(_ input: String, _ expected: String) {
        #expect(PlainText.fromHTML(input) == expected)
    }

    static let whitespaceCases: [(String, String)] = [
        ("a  b", "a b"), ("\n a \r\n b \t", "a b"), ("a\u{A0}\u{A0}b", "a\u{A0}\u{A0}b"), ("", ""),
        ("no&amp;decoding <b>here</b>", "no&amp;decoding <b>here</b>"), ("a\u{0}b", "ab"),
        ("already collapsed", "already collapsed"), ("a\u{85}b", "a b"), ("a\u{9F}b", "ab"), (" x", "x"), ("x ", "x"),
        ("a\u{2029}", "a"), ("tab\there", "tab here"), ("del\u{7F}", "del"),
    ]

    @Test(arguments: whitespaceCases)
    func collapsesWhitespace(_ input: String, _ expected: String) {
        #expect(PlainText.collapsingWhitespace(input) == expected)
    }

    /// `trimmingSpaces` looks closer only when an end may be white space: these check that
    /// every kind of end still comes out as Unicode's White_Space says.
    static let trimmingCases: [(String, String)] = [
        ("\u{A0}café\u{3000}", "café"), ("über\u{2029}", "über"), ("\u{85}日本語", "日本語"),
        ("\u{1680} a \u{202F}", "a"), ("café", "café"), ("é", "é"), ("\u{2003}", ""), ("a\u{2028}b", "a\u{2028}b"),
        ("\u{205F}x\u{200A}", "x"), ("\u{2000}\u{2003}", ""), ("€", "€"), ("x\u{E2}", "x\u{E2}"), ("", ""),
    ]

    @Test(arguments: trimmingCases)
    func trimsUnicodeWhiteSpace(_ input: String, _ expected: String) {
        #expect(input.trimmingSpaces() == expected)
    }

    /// `isCollapsed` passes printable ASCII with one comparison: every byte around that range's
    /// bounds, alone and between letters, gets the verdict `collapse` gives.
    @Test func collapsedVerdictAtEveryByte() {
        for byte in UInt8(0)...0x7F {
            for text in [[byte], [0x61, byte, 0x62], [0x61, byte, byte, 0x62], [0x61, 0x20, byte]] {
                text.withUnsafeBufferPointer { bytes in
                    let unchanged = PlainText.collapse(bytes, paths: .fast) == String(decoding: bytes, as: UTF8.self)
                    #expect(PlainText.isCollapsed(bytes) == unchanged, "\(text)")
                }
            }
        }
    }

    /// `isCollapsed` reads eight bytes a step: every byte value, and every sequence it looks
    /// at closer (NEL, C1 controls, the line and paragraph separators, double spaces), at every
    /// position of texts up to three words long, gets the verdict `collapse` gives; with
    /// `rejectingMarkup`, also false wherever `&` or `<` is.
    @Test func collapsedVerdictAtEveryPosition() {
        let pieces: [[UInt8]] = (UInt8(0)...0xFF).map { [$0] } + [
            [0x20, 0x20], [0xC2, 0x85], [0xC2, 0x80], [0xC2, 0x9F], [0xC2, 0xA0], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9],
            [0xE2, 0x80, 0xA6], [0xC3, 0xA9], [0xE6, 0x97, 0xA5],
        ]
        for length in [1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 25] {
            let words = (0..<length).map { $0 % 4 == 3 ? UInt8(0x20) : UInt8(0x61 + $0 % 26) }
            for piece in pieces {
                for position in 0..<length {
                    var text = words
                    text.replaceSubrange(position..<min(position + piece.count, length), with: piece)
                    text.withUnsafeBufferPointer { bytes in
                        let unchanged = PlainText.collapse(bytes, paths: .fast) == String(decoding: bytes, as: UTF8.self)
                        let holdsMarkup = text.contains(UInt8(ascii: "&")) || text.contains(UInt8(ascii: "<"))
                        #expect(PlainText.isCollapsed(bytes) == unchanged, "\(text)")
                        #expect(PlainText.isCollapsed(bytes, rejectingMarkup: true) == (unchanged && !holdsMarkup), "\(text)")
                    }
                }
            }
        }
    }

    /// `looksLikeHTML` answers no at once for text without `&` or `<`.
    @Test(arguments: [
        ("AT&amp;T", true), ("<b>New</b> release", true), ("a&#32;b", true), ("Option<T> beats null", false),
        ("plain title", false), ("café > über", false), ("", false), ("x</p>", true), ("&", false),
    ])
    func judgesHTML(_ text: String, _ isHTML: Bool) {
        #expect(PlainText.looksLikeHTML(text) == isHTML)
    }

    /// `fromMarkedText` returns plain, collapsed text as it is; everything else takes the full path.
    @Test(arguments: [
        ("Plain title", "Plain title"), ("café naïve 日本語", "café naïve 日本語"), ("  a  b ", "a b"),
        ("Option<T>  beats null", "Option<T> beats null"), ("Ann <ann@example.org>", "Ann <ann@example.org>"),
        ("<b>New</b>  release", "New release"), ("AT&amp;T", "AT&T"), ("a&b", "a&b"), ("tab\there", "tab here"),
        ("del\u{7F}", "del"), ("", ""),
    ])
    func readsMarkedText(_ text: String, _ expected: String) {
        #expect(PlainText.fromMarkedText(text) == expected)
    }

    @Test func longInputIsLinear() {
        let input = String(repeating: "<b>&amp;x</b> ", count: 100_000)
        let output = PlainText.fromHTML(input)
        #expect(output.utf8.count == 100_000 * 3 - 1)
    }
}
