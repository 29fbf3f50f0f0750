import Foundation
import Testing
@testable import FeedParser

struct URLResolverTests {
    /// RFC 3986 §5.4.1 and §5.4.2, against the RFC's base `http://a/b/c/d;p?q`.
    static let rfcExamples: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"), ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
        // Absolute paths and network paths with and without dot segments (appended as they are
        // when they have none).
        ("/a/b.c/d", "http://a/a/b.c/d"), ("/.g/h", "http://a/.g/h"), ("/g/..", "http://a/"), ("/g/.", "http://a/g/"),
        ("//h/x/./y/../z", "http://h/x/z"), ("//h/x.y/z", "http://h/x.y/z"), ("//h/..", "http://h/"),
    ]

    @Test(arguments: rfcExamples)
    func resolvesRFCExample(_ reference: String, _ expected: String) {
        #expect(URLResolver.resolve(reference, against: URL(string: "http://a/b/c/d;p?q")) == expected)
    }

    static let feedCases: [(String, String?, String?)] = [
        ("  /about\n", "https://example.org/feed.xml", "https://example.org/about"),
        ("https://other.example/x", "https://example.org/", "https://other.example/x"),
        ("HTTPS://Other.Example/X?y", nil, "HTTPS://Other.Example/X?y"),
        ("//cdn.example.net/i.png", "https://example.org/blog/", "https://cdn.example.net/i.png"),
        ("images/a.png", "https://example.org/blog/", "https://example.org/blog/images/a.png"),
        ("images/a.png", "https://example.org/blog", "https://example.org/images/a.png"),
        ("images/a.png", "https://example.org", "https://example.org/images/a.png"),
        ("a b.png", "https://example.org/", "https://example.org/a%20b.png"),
        ("a\tb\n.png", "https://example.org/", "https://example.org/ab.png"),
        ("/café/ü.html", "https://example.org/", "https://example.org/café/ü.html"),
        ("日本語.html", "https://例え.jp/記事/", "https://例え.jp/記事/日本語.html"),
        ("/x", nil, nil), ("x", "not a base", nil), ("", nil, nil), ("   ", nil, nil),
        ("mailto:someone@example.org", nil, "mailto:someone@example.org"),
        ("?page=2", "https://example.org/list?page=1#top", "https://example.org/list?page=2"),
        ("#frag", "https://example.org/list?page=1#top", "https://example.org/list?page=1#frag"),
        ("", "https://example.org/list?page=1#top", "https://example.org/list?page=1"),
        ("../../../up", "https://example.org/a/", "https://example.org/up"),
        ("1:2", "https://example.org/", "https://example.org/1:2"),
        ("./1:2", "https://example.org/", "https://example.org/1:2"),
    ]

    @Test(arguments: feedCases)
    func resolvesFeedLinks(_ reference: String, _ base: String?, _ expected: String?) {
        #expect(URLResolver.resolve(reference, againstBase: base) == expected)
    }

    @Test func resolvesAgainstFoundationURLBase() {
        #expect(URLResolver.resolve("b", against: URL(string: "https://example.org/a/")) == "https://example.org/a/b")
        #expect(URLResolver.resolve("b", against: nil) == nil)
    }

    @Test(arguments: [("http://x", true), ("mailto:x", true), ("/x", false), ("x:y", true), ("1x:y", false), ("", false)])
    func detectsScheme(_ text: String, _ expected: Bool) {
        #expect(URLResolver.hasScheme(text) == expected)
    }

    /// The sanitiser's shortcut for absolute-path references (`Base.appendResolved(absolutePath:)`)
    /// must give the bytes the general resolution gives, for every mix of the parts that could
    /// trip it: dot segments, `%`, spaces, non-ASCII, `//`, `?`, `#`, empty pieces.
    @Test func absolutePathShortcutMatchesGeneralResolution() throws {
        let pieces = ["", "/", "//", "a", ".", "..", "./", "../", "/.", "/..", "%20", "%", " ", "é", "x.png",
                      "?", "?q=/../x", "#", "#f/./g", "?a#b", ":", "\t"]
        let bases = ["https://bench.example/feed.xml", "http://a/b/c/d;p?q", "https://例え.jp/記事/", "mailto:x", "x:"]
        var shortcuts = 0
        for baseText in bases {
            let base = try #require(URLResolver.Base(baseText))
            for first in pieces {
                for second in pieces {
                    for third in pieces {
                        let written = Array(("/" + first + second + third).utf8)
                        // The shortcut takes references already cleaned, as the sanitiser checks.
                        let reference = URLResolver.cleanReference(bytes: written)
                        let general = base.resolvedBytes(URLResolver.Components(bytes: reference))
                        let sanitised = cleanURL(written, base: base)
                        let allowed = HTMLSanitizer.isAllowedScheme(base.parts.scheme ?? [])
                        #expect(sanitised == (allowed ? general : nil), "\(baseText) \(written)")
                        if let fast = resolvedAbsolutePath(reference, against: base) {
                            shortcuts += 1
                            #expect(fast == general, "\(baseText) \(String(decoding: reference, as: UTF8.self))")
                        } else {
                            // Only a protocol-relative reference or a dot segment in the path may
                            // refuse the shortcut.
                            let path = reference.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
                            let refused = reference.first != UInt8(ascii: "/") || reference.starts(with: Array("//".utf8))
                                || Array(path).withUnsafeBufferPointer { URLResolver.Components.hasDotSegment($0) }
                            #expect(refused, "\(String(decoding: reference, as: UTF8.self))")
                        }
                    }
                }
            }
        }
        #expect(shortcuts > 10_000)
        // A relative reference, or one padded with spaces, is not an absolute path as written.
        let base = try #require(URLResolver.Base("https://bench.example/feed.xml"))
        #expect(resolvedAbsolutePath(Array("img/1.png".utf8), against: base) == nil)
        #expect(resolvedAbsolutePath([], against: base) == nil)
        #expect(cleanURL(Array("  /img/1.png ".utf8), base: base) == Array("https://bench.example/img/1.png".utf8))
        // Appended to what the buffer holds, which a refused URL leaves as it was.
        var out = Array("a, ".utf8)
        #expect(Array("/b.png".utf8).withUnsafeBufferPointer { HTMLSanitizer.cleanURL($0, base: base, into: &out, paths: .fast) })
        #expect(!Array("javascript:x".utf8).withUnsafeBufferPointer { HTMLSanitizer.cleanURL($0, base: base, into: &out, paths: .fast) })
        #expect(out == Array("a, https://bench.example/b.png".utf8))
    }

    private func cleanURL(_ value: [UInt8], base: URLResolver.Base?) -> [UInt8]? {
        var out: [UInt8] = []
        return value.withUnsafeBufferPointer { HTMLSanitizer.cleanURL($0, base: base, into: &out, paths: .fast) } ? out : nil
    }

    private func resolvedAbsolutePath(_ reference: [UInt8], against base: URLResolver.Base) -> [UInt8]? {
        var out: [UInt8] = []
        return reference.withUnsafeBufferPointer { base.appendResolved(absolutePath: $0, to: &out) } ? out : nil
    }

    /// `isCleanAbsolute` looks for white space and control bytes eight at a time: every byte value
    /// at every position of links of several lengths (around the steps and the overlapping last
    /// one) gets the answer a byte-by-byte look gives, and the scheme is checked as before.
    @Test func cleanAbsoluteAtEveryPosition() {
        func byBytes(_ bytes: [UInt8]) -> Bool {
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return false }
            let scheme = bytes[..<colon]
            let isSchemeByte = { (byte: UInt8) in
                (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || Array("+-.".utf8).contains(byte)
            }
            guard (scheme.first! | 0x20) &- UInt8(ascii: "a") < 26, scheme.allSatisfy(isSchemeByte) else { return false }
            return !bytes.contains { $0 <= 0x20 || $0 == 0x7F }
        }
        let link = Array("https://e.example/abcdefghijklmnop".utf8)
        for length in [3, 7, 8, 9, 15, 16, 17, 24, 25] {
            for value in UInt8(0)...0xFF {
                for position in 0..<length {
                    var bytes = Array(link[..<length])
                    bytes[position] = value
                    let answer = bytes.withUnsafeBufferPointer { URLResolver.isCleanAbsolute($0) }
                    #expect(answer == byBytes(bytes), "\(bytes)")
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(URLResolver.isCleanAbsolute(text) == byBytes(Array(text.utf8)), "\(text)")
                }
            }
        }
    }
}
