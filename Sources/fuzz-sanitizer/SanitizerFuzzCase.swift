import FeedParser
import FuzzDriver
import Foundation

/// One fuzz input for `HTMLSanitizer`: a control byte, then the HTML.
///
/// The control byte picks the base URL (bits 0–1) and the entry point (bit 7: the UTF-8 bytes
/// entry the XML parser uses, which also sees invalid UTF-8; otherwise the `String` entry).
/// `run()` sanitises the HTML and traps when the output breaks a promise (`SanitizedHTMLCheck`
/// lists them), or when sanitising the output again changes it.
struct SanitizerFuzzCase {
    static let baseURLs: [URL?] = [
        nil, URL(string: "https://example.org/blog/2024/post.html"), URL(string: "http://user:secret@example.org/"),
        URL(string: "file:///tmp/"),
    ]

    let baseURL: URL?
    let usesBytesEntry: Bool
    let html: UnsafeRawBufferPointer

    init(_ input: UnsafeRawBufferPointer) {
        let control = input.first ?? 0
        baseURL = Self.baseURLs[Int(control & 0x03)]
        usesBytesEntry = control & 0x80 != 0
        html = input.count > 1 ? UnsafeRawBufferPointer(rebasing: input[1...]) : UnsafeRawBufferPointer(start: nil, count: 0)
    }

    func run() {
        let bytes = html.bindMemory(to: UInt8.self)
        let output = usesBytesEntry
            ? HTMLSanitizer.sanitize(utf8: bytes, baseURL: baseURL)
            : HTMLSanitizer.sanitize(String(decoding: bytes, as: UTF8.self), baseURL: baseURL)
        if let violation = SanitizedHTMLCheck.violation(in: output, inputByteCount: html.count) {
            fail(violation, output: output)
        }
        let again = HTMLSanitizer.sanitize(output, baseURL: baseURL)
        if again != output {
            fail("sanitising the output again changed it to \(again.debugDescription)", output: output)
        }
    }

    private func fail(_ message: String, output: String) -> Never {
        FileHandle.standardError.write(Data("fuzz-sanitizer: invariant broken: \(message)\noutput: \(output.debugDescription)\n".utf8))
        fatalError("fuzz-sanitizer invariant broken")
    }
}
