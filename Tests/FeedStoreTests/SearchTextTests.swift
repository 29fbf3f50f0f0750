import Testing

@testable import FeedStore

/// `SearchText` works on raw UTF-8 bytes for speed; these tests hold its spacing out to the plain
/// definition (unspaced-script characters spaced scalar by scalar), written below as slowly and
/// obviously as possible, and its reading of HTML to what a browser shows.
@Suite struct SearchTextTests {
    @Test func spacesOutEachUnspacedScriptCharacter() {
        #expect(SearchText.segment("") == "")
        #expect(SearchText.segment("東") == " 東 ")
        #expect(SearchText.segment("한국어 text") == " 한  국  어  text")
        #expect(SearchText.segment("ｶﾀｶﾅ") == " ｶ  ﾀ  ｶ  ﾅ ")
        #expect(SearchText.segment("𠮷野家") == " 𠮷  野  家 ", "a four-byte CJK extension B character")
        // At U+3000 and above but not unspaced scripts: copied as they are.
        #expect(SearchText.segment("「引用」、。") == "「 引  用 」、。")
        #expect(SearchText.segment("emoji 😀 ok") == "emoji 😀 ok")
        #expect(SearchText.segment("<b>&amp;東</b>") == "<b>&amp; 東 </b>", "segment alone keeps markup")
    }

    @Test func dropsMarkupAndDecodesReferences() {
        // Blocks meet at a space; inline tags and comments read as nothing, as a browser shows them.
        #expect(SearchText.fromHTML("<p>one</p><p>two</p>") == " one  two ")
        #expect(SearchText.fromHTML("<b>H</b>ello wo<i>rld</i>") == "Hello world")
        #expect(SearchText.fromHTML("a<!-- x > y -->b") == "ab", "a comment ends at -->, not >")
        #expect(SearchText.fromHTML("a<!-->b") == "ab")
        #expect(SearchText.fromHTML("a <!-- never closed") == "a ")
        #expect(SearchText.fromHTML("5 < 6, a <b never closed") == "5 < 6, a ")
        #expect(SearchText.fromHTML("x<script>var s = '<p>no</p>';</script><style>p {}</style>y") == "xy")
        #expect(SearchText.fromHTML("&lt;&gt;&amp;&quot;&apos;") == "<>&\"'")
        #expect(SearchText.fromHTML("&#65;&#x42;&#X43;&#000000068;") == "ABCD")
        #expect(SearchText.fromHTML("&#x1F600;&#12354;") == "😀 あ ")
        // Every named reference, as browsers decode them (the old pass knew six).
        #expect(SearchText.fromHTML("caf&eacute; &mdash; &hellip;&AMP;") == "café — …&")
        #expect(SearchText.fromHTML("&#xD800;&#x110000;") == "\u{FFFD}\u{FFFD}")
        #expect(SearchText.fromHTML("&unknown; & &#;") == "&unknown; & &#;")
        #expect(SearchText.fromHTML("&lt;b&gt;") == "<b>", "decoded text is not markup")
    }

    @Test func htmlIsStrippedThenSegmented() {
        #expect(SearchText.fromHTML(nil) == nil)
        #expect(SearchText.fromHTML("") == nil)
        #expect(SearchText.fromHTML("<p>東京&#x90FD;</p>") == "  東  京  都  ")
        #expect(SearchText.fromPlain("Swift で") == "Swift  で ")
    }

    @Test func plainTextIsReturnedAsItCame() {
        let text = "Plain Latin text, café and naïve, with no markup"
        #expect(SearchText.fromHTML(text) == text)
        #expect(SearchText.segment("<p>no unspaced script &amp; markup</p>") == "<p>no unspaced script &amp; markup</p>")
    }

    @Test func findsContainedTextByBytes() {
        #expect(SearchText.contains("summary and more", "summary"))
        #expect(SearchText.contains("more, then the summary", "the summary"))
        #expect(SearchText.contains("anything", ""))
        #expect(!SearchText.contains("summ", "summary"))
        #expect(!SearchText.contains("東京都", "京東"))
        #expect(SearchText.contains("東京都", "京都"))
    }

    @Test func segmentingAgreesWithThePlainDefinitionOnRandomFragments() {
        let pieces = [
            "<p>", "</p>", "<a href=\"x\">", "<!--", "-->", "<", ">", "&", ";", "&amp;", "&lt;", "&nbsp;",
            "&#x4E00;", "&#12354;", "&#xD800;", "&#65", "&mdash;", "word", " ", "\n", "café", "東", "京都",
            "ｶﾅ", "한", "😀", "𠮷", "「", "。", "x", "#", "#x",
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<2000 {
            var fragment = ""
            for _ in 0..<Int(state % 24) {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                fragment += pieces[Int(state % UInt64(pieces.count))]
            }
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            #expect(SearchText.segment(fragment) == Reference.segment(fragment), "\(fragment)")
        }
    }

    /// The definition, one step at a time on scalars and arrays.
    private enum Reference {
        static func segment(_ text: String) -> String {
            var result = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if SearchText.isUnspacedScript(scalar) {
                    result.append(" ")
                    result.append(scalar)
                    result.append(" ")
                } else {
                    result.append(scalar)
                }
            }
            return String(result)
        }
    }
}
