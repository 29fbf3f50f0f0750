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

    // MARK: UTF-8 with stray bytes

    private func mended(_ bytes: [UInt8], hasByteOrderMark: Bool = false) -> String? {
        bytes.withUnsafeBytes { EncodingSniffer.utf8WithStrayBytes($0, hasByteOrderMark: hasByteOrderMark) }
            .map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test func strayBytesAmongUTF8ReadAsWindows1252() {
        // Four valid sequences (é, “, ”, ü) for one stray byte (0x96, an en dash).
        let bytes = Array("Café “ok” für ".utf8) + [0x96] + Array(" end".utf8)
        #expect(mended(bytes) == "Café “ok” für – end")
    }

    @Test func aByteOrderMarkVouchesForOneValidSequence() {
        let bytes = Array("Ѩ Espa".utf8) + [0xF1] + Array("a".utf8)
        #expect(mended(bytes) == nil)
        #expect(mended(bytes, hasByteOrderMark: true) == "Ѩ España")
    }

    @Test func legacyCharsetsAndValidUTF8AreLeftAlone() {
        // EUC-KR "한국어 뉴스": C7 D1 is a valid-looking lead but D1 is no continuation byte.
        #expect(mended([0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE, 0x20, 0xB4, 0xBA, 0xBD, 0xBA]) == nil)
        // Latin-1 with no UTF-8 sequence at all: windows-1252 is for the whole document.
        #expect(mended(Array("na".utf8) + [0xEF] + Array("ve caf".utf8) + [0xE9]) == nil)
        #expect(mended(Array("déjà vu".utf8)) == nil)  // nothing stray
        // Overlong forms and surrogates are not sequences.
        #expect(mended([0xC0, 0xAF, 0xED, 0xA0, 0x80] + Array("é".utf8)) == nil)
    }
}
