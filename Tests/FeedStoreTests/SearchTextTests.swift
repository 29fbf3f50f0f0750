import Testing

@testable import FeedStore

/// `SearchText` works on raw UTF-8 bytes for speed; these tests hold it to the plain definition
/// (drop tags, decode entities, then space out unspaced-script characters scalar by scalar),
/// written below as slowly and obviously as possible.
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

    @Test func dropsMarkupAndDecodesEntities() {
        #expect(SearchText.stripTags("") == "")
        #expect(SearchText.stripTags("<p>one</p><p>two</p>") == " one  two ")
        #expect(SearchText.stripTags("a<!-- x > y -->b") == "a b", "a comment ends at -->, not >")
        #expect(SearchText.stripTags("a<!-->b") == "a b")
        #expect(SearchText.stripTags("a <!-- never closed") == "a <!-- never closed")
        #expect(SearchText.stripTags("a <b never closed") == "a <b never closed")
        #expect(SearchText.stripTags("&lt;&gt;&amp;&quot;&apos;&nbsp;") == "<>&\"' ")
        #expect(SearchText.stripTags("&#65;&#x42;&#X43;&#000000068;") == "ABCD")
        #expect(SearchText.stripTags("&#x1F600;&#12354;") == "😀あ")
        #expect(SearchText.stripTags("&#xD800;&#x110000;&#;&#x;&#12a;&mdash;&AMP;") == "&#xD800;&#x110000;&#;&#x;&#12a;&mdash;&AMP;")
        #expect(SearchText.stripTags("&#00000000065;") == "&#00000000065;", "more than ten characters before ;")
        #expect(SearchText.stripTags("&amp") == "&amp")
        #expect(SearchText.stripTags("&lt;b&gt;") == "<b>", "decoded text is not markup")
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

    @Test func agreesWithThePlainDefinitionOnRandomFragments() {
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
            #expect(SearchText.stripTags(fragment) == Reference.stripTags(fragment), "\(fragment)")
            #expect(SearchText.segment(fragment) == Reference.segment(fragment), "\(fragment)")
            #expect(SearchText.fromHTML(fragment) == (fragment.isEmpty ? nil : Reference.segment(Reference.stripTags(fragment))))
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

        static func stripTags(_ html: String) -> String {
            let bytes = Array(html.utf8)
            var output: [UInt8] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    let isComment = bytes[index...].starts(with: Array("<!--".utf8))
                    if let end = find(isComment ? Array("-->".utf8) : [UInt8(ascii: ">")], in: bytes, from: index) {
                        output.append(UInt8(ascii: " "))
                        index = end
                        continue
                    }
                } else if byte == UInt8(ascii: "&"), let (decoded, next) = decodeEntity(in: bytes, at: index) {
                    output.append(contentsOf: decoded)
                    index = next
                    continue
                }
                output.append(byte)
                index += 1
            }
            return String(decoding: output, as: UTF8.self)
        }

        private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
            var index = start
            while index + needle.count <= bytes.count {
                if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index + needle.count }
                index += 1
            }
            return nil
        }

        private static func decodeEntity(in bytes: [UInt8], at ampersand: Int) -> ([UInt8], Int)? {
            let limit = min(bytes.count, ampersand + 12)
            guard let semicolon = bytes[(ampersand + 1)..<limit].firstIndex(of: UInt8(ascii: ";")) else {
                return nil
            }
            let name = String(decoding: bytes[(ampersand + 1)..<semicolon], as: UTF8.self)
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " "]
            if let text = named[name] { return (Array(text.utf8), semicolon + 1) }
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value) else { return nil }
            return (Array(String(Character(scalar)).utf8), semicolon + 1)
        }
    }
}
