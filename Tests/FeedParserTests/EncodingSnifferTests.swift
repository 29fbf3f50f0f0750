@testable import FeedParser
import Foundation
import Testing

/// The encoding a document declares, read from its bytes: the same answers as reading the first
/// 512 bytes as ISO-8859-1 text and searching it, which is how it was read before.
@Suite struct EncodingSnifferTests {
    private func declared(_ text: String) -> String? {
        declared(Array(text.utf8))
    }

    private func declared(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { EncodingSniffer.declaredEncoding($0) }
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss/>", "windows-1252"),
        ("<?xml version='1.0' encoding='ISO-8859-1'?>", "ISO-8859-1"),
        ("<?xml version=\"1.0\" encoding = \t\"koi8-r\"?>", "koi8-r"),
        ("<?xml encoding=\"utf-8?><rss/>", "utf-8"),  // no closing quote: up to the `?>`
        ("<?xml version=\"1.0\"?><rss encoding=\"latin1\"/>", nil),  // after the declaration
        ("<?xml version=\"1.0\" encoding=\"\"?>", nil),
        ("<?xml version=\"1.0\" encoding=utf-8?>", nil),  // unquoted
        ("<?xml version=\"1.0\" encoding=\"utf-8\"", nil),  // no `?>`
        (" <?xml version=\"1.0\" encoding=\"utf-8\"?>", nil),  // not at the start
        ("<?xm", nil),
        ("", nil),
    ] as [(String, String?)])
    func readsTheDeclaration(_ document: String, _ expected: String?) {
        #expect(declared(document) == expected)
    }

    @Test func onlyTheFirst512BytesCount() {
        let padding = String(repeating: " ", count: 512)
        #expect(declared("<?xml version=\"1.0\"\(padding) encoding=\"utf-8\"?>") == nil)
        let fits = "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
        #expect(declared(fits + padding) == "utf-8")
    }

    @Test func aNameWithHighBytesIsReadAsLatin1() {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"x".utf8) + [0xE9] + Array("\"?>".utf8)
        #expect(declared(bytes) == "x\u{E9}")
    }

    /// Declarations made of the pieces that matter (quotes, `=`, spaces, `?>`, high bytes) in
    /// random order give the answer of the text search that the byte reading replaced.
    @Test func agreesWithReadingTheBytesAsLatin1Text() {
        let pieces: [[UInt8]] = ["<?xml", " ", "\t", "=", "\"", "'", "encoding", "?>", "utf-8", "x", ">", "\r\n"]
            .map { Array($0.utf8) } + [[0xE9], [0xC3, 0xA9], [0x00]]
        var random = SplitMix64(seed: 12)
        for _ in 0..<5_000 {
            var bytes: [UInt8] = random.next() % 4 == 0 ? [] : Array("<?xml".utf8)
            for _ in 0..<Int(random.next() % 12) { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            #expect(declared(bytes) == Self.declaredAsText(bytes), "\(bytes)")
        }
    }

    /// The former reading: the first 512 bytes as ISO-8859-1 text, searched as text.
    private static func declaredAsText(_ bytes: [UInt8]) -> String? {
        guard let text = String(bytes: bytes.prefix(512), encoding: .isoLatin1), text.hasPrefix("<?xml"),
              let close = text.range(of: "?>") else { return nil }
        let declaration = text[..<close.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[key.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        let name = rest.prefix(while: { $0 != quote })
        return name.isEmpty ? nil : String(name)
    }
}
