/// HTML read as plain text, for what is computed when an item is stored: the full-text search
/// text and the one-line excerpt of item lists. The article view's styled text comes from the
/// same tokenizer and element table (`HTMLTextRenderer` in TidingsApp).
///
/// Tags go; the content of scripts, styles and other hidden elements goes; character references
/// are decoded; a block boundary (`<p>`, `<br>`, `<li>`…) reads as a space while inline tags read
/// as nothing, so `<b>H</b>ello` is `Hello` and `<p>a</p><p>b</p>` is `a b`. The options are the
/// differences between the two uses:
///
/// ```swift
/// PlainHTMLText.text("<p>Hello,\n  <b>world</b></p>", .excerpt(limit: 200))  // "Hello, world"
/// PlainHTMLText.text("<p>東京</p>", .search)                                  // "  東  京  "
/// ```
public enum PlainHTMLText {
    public struct Options: Sendable {
        /// Puts a space on both sides of every character of a script written without spaces
        /// (Han, kana, Hangul): the search index then sees one token per character.
        public var segmentsUnspacedScripts: Bool
        /// Makes each run of white space and control characters one space, and trims the ends.
        public var collapsesWhitespace: Bool
        /// Keeps at most this many characters (Unicode scalars), then `…`; reading stops there.
        public var characterLimit: Int?

        public init(segmentsUnspacedScripts: Bool = false, collapsesWhitespace: Bool = false, characterLimit: Int? = nil) {
            self.segmentsUnspacedScripts = segmentsUnspacedScripts
            self.collapsesWhitespace = collapsesWhitespace
            self.characterLimit = characterLimit
        }

        /// What the full-text index stores.
        public static let search = Options(segmentsUnspacedScripts: true)

        /// One line of at most `limit` characters.
        public static func excerpt(limit: Int) -> Options {
            Options(collapsesWhitespace: true, characterLimit: limit)
        }
    }

    /// `html` as plain text.
    public static func text(_ html: String, _ options: Options) -> String {
        var html = html
        return html.withUTF8 { bytes in
            if !options.collapsesWhitespace && !bytes.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) {
                return nil  // no markup: only segmenting is left to do
            }
            var writer = PlainTextWriter(options: options, capacity: bytes.count)
            var tokenizer = HTMLTokenizer(bytes)
            var hiddenDepth = 0
            while !writer.isFull, let token = tokenizer.next() {
                switch token {
                case .text(let range):
                    if hiddenDepth == 0 { writer.appendHTMLText(UnsafeBufferPointer(rebasing: bytes[range])) }
                case .startTag(let tag):
                    if tag.element.hidesContent && !tag.isSelfClosing {
                        hiddenDepth += 1
                    } else if tag.element.layout != .inline {
                        writer.appendBoundary()
                    }
                case .endTag(let element):
                    if element.hidesContent {
                        hiddenDepth = max(0, hiddenDepth - 1)
                    } else if element.layout != .inline {
                        writer.appendBoundary()
                    }
                }
            }
            return writer.finish()
        } ?? segmented(html, options)
    }

    /// `text`, which holds no markup (a title, an author, a search query), segmented as the
    /// search index wants it; returned as it came when there is nothing to space out.
    public static func segmented(_ text: String) -> String {
        segmented(text, .search)
    }

    private static func segmented(_ text: String, _ options: Options) -> String {
        guard options.segmentsUnspacedScripts else { return text }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 >= PlainTextWriter.highLeadByte }) else { return nil }
            var writer = PlainTextWriter(options: options, capacity: bytes.count)
            writer.appendLiteral(bytes)
            return writer.finish()
        } ?? text
    }

    /// True for characters of scripts that do not separate words with spaces.
    public static func isUnspacedScript(_ value: UInt32) -> Bool {
        switch value {
        case 0x3040...0x30FF,  // Hiragana, Katakana
            0x31F0...0x31FF,  // Katakana phonetic extensions
            0x3400...0x4DBF,  // CJK extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF66...0xFF9F,  // half-width Katakana
            0x20000...0x3134F:  // CJK extensions B–G
            return true
        default:
            return false
        }
    }
}
