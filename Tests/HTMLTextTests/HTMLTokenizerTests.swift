import HTMLText
import Testing

@Suite struct HTMLTokenizerTests {
    /// The tokens of `html`, written back as short strings: `<name attrs>`, `</name>`, text.
    private func tokens(_ html: String) -> [String] {
        var html = html
        return html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(bytes)
            var result: [String] = []
            while let token = tokenizer.next() {
                switch token {
                case .text(let range):
                    result.append(tokenizer.text(range))
                case .startTag(let tag):
                    let href = tokenizer.attribute("href", of: tag).map { " href=\($0)" } ?? ""
                    result.append("<\(tag.element.rawValue)\(href)\(tag.isSelfClosing ? "/" : "")>")
                case .endTag(let element):
                    result.append("</\(element.rawValue)>")
                }
            }
            return result
        }
    }

    @Test func readsTagsTextAndReferences() {
        #expect(tokens("<P Class=x>a &amp; b</p>") == ["<p>", "a & b", "</p>"])
        #expect(tokens("<br/>x<Custom-Tag>y</custom-tag>") == ["<br/>", "x", "<other>", "y", "</other>"])
        #expect(tokens("") == [])
        #expect(tokens("plain") == ["plain"])
    }

    @Test func aLessThanThatOpensNoTagIsText() {
        #expect(tokens("5 < 6 <3 a<") == ["5 < 6 <3 a<"])
        // After markup, too: the renderer fuzzer's finding ended on `</p><`, and `<` was read
        // past the end of the input.
        #expect(tokens("</p><") == ["</p>", "<"])
        #expect(tokens("<b>x</b><> y") == ["<b>", "x", "</b>", "<> y"])
        #expect(tokens("<") == ["<"])
    }

    @Test func commentsDoctypesAndCutOffMarkupReadAsNothing() {
        #expect(tokens("<!DOCTYPE html>a<!-- <p> -->b<!-->c<?php x ?>d</3>e") == ["a", "b", "c", "d", "e"])
        #expect(tokens("a<!-- never closed") == ["a"])
        #expect(tokens("a<b never closed") == ["a"])
    }

    @Test func rawTextElementsRunToTheirEndTag() {
        #expect(tokens("<script>if (a < b) { x = '</p>' }</SCRIPT >z") == ["<script>", "</script>", "z"])
        #expect(tokens("<style>p{}</styles></style>z") == ["<style>", "</style>", "z"])
        #expect(tokens("<textarea>never closed <b>") == ["<textarea>", "</textarea>"])
    }

    @Test func attributesAreReadQuotedUnquotedAndDecoded() {
        #expect(tokens(#"<a title="x > y" href='/a?b=1&amp;c=2'>t</a>"#) == ["<a href=/a?b=1&c=2>", "t", "</a>"])
        #expect(tokens("<a HREF=/plain>t</a>") == ["<a href=/plain>", "t", "</a>"])
        #expect(tokens("<a href>t</a><a hreflang=en>u</a>") == ["<a href=>", "t", "</a>", "<a>", "u", "</a>"])
        // In an attribute, a legacy reference before `=` is text (`&copy=2` stays).
        #expect(tokens("<a href=\"?a=1&copy=2\">t</a>") == ["<a href=?a=1&copy=2>", "t", "</a>"])
    }
}

@Suite struct PlainHTMLTextTests {
    @Test func excerptsAreOneCollapsedLine() {
        let excerpt = PlainHTMLText.Options.excerpt(limit: 10)
        #expect(PlainHTMLText.text("<p>Hello,\n  <b>wor</b>ld</p>", .excerpt(limit: 100)) == "Hello, world")
        #expect(PlainHTMLText.text("  one\u{1B}two  ", excerpt) == "one two")
        #expect(PlainHTMLText.text("0123456789", excerpt) == "0123456789")
        #expect(PlainHTMLText.text("0123456789a", excerpt) == "0123456789…")
        #expect(PlainHTMLText.text("012345678 abc", excerpt) == "012345678…", "the … stands for the space")
        #expect(PlainHTMLText.text("日本語の本文です。とても長い", excerpt) == "日本語の本文です。と…")
        #expect(PlainHTMLText.text("<p>&nbsp;</p><br>", excerpt) == "")
    }

    @Test func searchTextSpacesOutUnspacedScripts() {
        #expect(PlainHTMLText.text("<p>東京</p>", .search) == "  東  京  ")
        #expect(PlainHTMLText.segmented("<b>東</b>") == "<b> 東 </b>", "no markup is read in plain text")
        #expect(PlainHTMLText.segmented("plain") == "plain")
    }

    @Test func hiddenElementsLoseTheirContent() {
        let html = "<p>a</p><svg><text>no</text></svg><select><option>no</option></select><head><title>no</title></head>b"
        #expect(PlainHTMLText.text(html, .excerpt(limit: 100)) == "a b")
    }

    @Test func readingStopsAtTheLimit() {
        // A huge article costs no more than its start: the rest is never tokenized, so even a
        // hostile tail reads the same.
        let html = "<p>" + String(repeating: "lorem ipsum ", count: 100_000) + "</p>"
        let excerpt = PlainHTMLText.text(html, .excerpt(limit: 200))
        #expect(excerpt.unicodeScalars.count == 201 && excerpt.hasSuffix("…"))
    }
}
