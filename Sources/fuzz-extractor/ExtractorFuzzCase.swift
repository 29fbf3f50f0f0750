import ArticleExtraction
import Foundation
import FuzzDriver

/// One fuzz input for `ArticleExtractor`: a control byte, then the page.
///
/// The control byte picks the page's address (bits 0–1) and the charset HTTP announced (bits
/// 2–3). `run()` extracts the article — finding none is a fine answer — and traps when the HTML
/// breaks a promise of sanitised HTML (`SanitizedHTMLCheck`) or the text holds a control
/// character other than tab and line feed. Time and memory are bounded by libFuzzer's limits.
struct ExtractorFuzzCase {
    static let baseURLs: [URL?] = [
        nil, URL(string: "https://news.example/2025/11/story.html"), URL(string: "http://user:secret@example.org/"),
        URL(string: "file:///tmp/"),
    ]
    static let charsets: [String?] = [nil, "utf-8", "shift_jis", "windows-1252"]

    let baseURL: URL?
    let charset: String?
    let page: UnsafeRawBufferPointer

    init(_ input: UnsafeRawBufferPointer) {
        let control = input.first ?? 0
        baseURL = Self.baseURLs[Int(control & 0x03)]
        charset = Self.charsets[Int(control >> 2 & 0x03)]
        page = input.count > 1 ? UnsafeRawBufferPointer(rebasing: input[1...]) : UnsafeRawBufferPointer(start: nil, count: 0)
    }

    func run() {
        guard let article = try? ArticleExtractor.extract(html: Array(page), baseURL: baseURL, charset: charset) else { return }
        if let violation = SanitizedHTMLCheck.violation(in: article.html, inputByteCount: page.count) {
            fail(violation, output: article.html)
        }
        if let control = article.text.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\t" && $0 != "\n" || (0x7F...0x9F).contains($0.value) }) {
            fail("control character U+\(String(control.value, radix: 16, uppercase: true)) in the text", output: article.text)
        }
    }

    private func fail(_ message: String, output: String) -> Never {
        FileHandle.standardError.write(Data("fuzz-extractor: invariant broken: \(message)\noutput: \(output.debugDescription)\n".utf8))
        fatalError("fuzz-extractor invariant broken")
    }
}
