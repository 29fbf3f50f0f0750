import CLibXML2
import FeedParser
import TerminalUI

/// Renders an item's HTML to styled terminal text with libxml2's HTML push parser.
///
/// Paragraphs and headings are separated by blank lines; headings are bold; `strong`/`b` are
/// bold and `em`/`i`/`u` underlined; list items get bullets or numbers and a hanging indent;
/// block quotes are indented; `pre` keeps its spacing and line breaks; `<br>` breaks the line;
/// images read `[image: alt]`; each link is followed by its number, `[1]`, and the absolute URLs
/// are listed at the end under "Links". Scripts, styles and comments are skipped. Malformed HTML
/// (tag soup) is recovered, never refused.
public enum HTMLTextRenderer {
    /// Renders `html`, resolving relative links and image sources against `baseURL`; link
    /// numbers, in the text and in the list of links, are drawn in `linkStyle` (the theme's
    /// `article_link`).
    public static func render(_ html: String, baseURL: String? = nil, linkStyle: Style = Theme.standard.articleLink) -> ArticleBody {
        let builder = HTMLTextBuilder(baseURL: baseURL, linkStyle: linkStyle)
        parse(html, into: builder)
        return builder.finish()
    }

    private static func parse(_ html: String, into builder: HTMLTextBuilder) {
        xmlInitParser()
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in
            guard let name else { return }
            HTMLTextRenderer.builder(context)?.start(element: String(cString: name), attributes: HTMLTextRenderer.attributes(attributes))
        }
        handler.endElement = { context, name in
            guard let name else { return }
            HTMLTextRenderer.builder(context)?.end(element: String(cString: name))
        }
        let text: charactersSAXFunc = { context, bytes, length in
            guard let bytes, length > 0 else { return }
            let buffer = UnsafeBufferPointer(start: bytes, count: Int(length))
            HTMLTextRenderer.builder(context)?.text(String(decoding: buffer, as: UTF8.self))
        }
        handler.characters = text
        handler.cdataBlock = text
        handler.ignorableWhitespace = text

        guard let context = htmlCreatePushParserCtxt(&handler, nil, nil, 0, nil, XML_CHAR_ENCODING_UTF8) else { return }
        defer { htmlFreeParserCtxt(context) }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        htmlCtxtUseOptions(context, options)
        let unmanaged = Unmanaged.passRetained(builder)
        defer { unmanaged.release() }
        context.pointee._private = unmanaged.toOpaque()
        var bytes = Array(html.utf8)
        let chunk = 64 * 1024
        var start = 0
        while start < bytes.count {
            let count = min(chunk, bytes.count - start)
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.advanced(by: start).withMemoryRebound(to: CChar.self, capacity: count) {
                    _ = htmlParseChunk(context, $0, Int32(count), 0)
                }
            }
            start += count
        }
        htmlParseChunk(context, nil, 0, 1)
    }

    /// The builder kept in the parser context's `_private` (libxml2 passes the context itself as
    /// `ctx` when no user data is given).
    private static func builder(_ context: UnsafeMutableRawPointer?) -> HTMLTextBuilder? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let opaque = parser.pointee._private else { return nil }
        return Unmanaged<HTMLTextBuilder>.fromOpaque(opaque).takeUnretainedValue()
    }

    private static func attributes(_ pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> [String: String] {
        guard let pointer else { return [:] }
        var result: [String: String] = [:]
        var index = 0
        while let name = pointer[index] {
            let value = pointer[index + 1].map { String(cString: $0) } ?? ""
            result[String(cString: name).lowercased()] = value
            index += 2
        }
        return result
    }
}
