import ArgumentParser
import ArticleExtraction
import Foundation

/// `tidings extract`: the main article of a web page, as plain text or sanitised HTML.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Print the main article of an HTML page, without menus, banners and comments.",
        discussion: "Reads FILE, or standard input when FILE is absent or '-'. Prints the article as plain "
            + "text (paragraphs separated by a blank line), or as sanitised HTML with --html. Exits 1 with a "
            + "one-line error when nothing article-like is found."
    )

    @Option(help: "The page's URL, against which relative links and images are resolved.")
    var url: String?

    @Option(help: "The charset given by HTTP; it wins over the page's <meta charset>.")
    var charset: String?

    @Flag(help: "Print the article as sanitised HTML instead of plain text.")
    var html = false

    @Argument(help: "The HTML page; '-' or nothing for standard input.")
    var file: String?

    func run() throws {
        let source = file ?? "-"
        let page: [UInt8]
        do {
            page = try Self.read(source, limit: ArticleExtractor.maximumInputBytes)
        } catch let error as InputError {
            fail(error.message)
        }
        let article: ExtractedArticle
        do {
            article = try ArticleExtractor.extract(html: page, baseURL: url.flatMap { URL(string: $0) }, charset: charset)
        } catch let error as ArticleExtractionError {
            fail("\(source == "-" ? "standard input" : source): \(error.description)")
        }
        let output = html ? article.html : article.text
        FileHandle.standardOutput.write(Data((output.hasSuffix("\n") ? output : output + "\n").utf8))
    }

    private struct InputError: Error {
        var message: String
    }

    /// The whole input, refusing more than `limit` bytes without reading them all.
    private static func read(_ source: String, limit: Int) throws -> [UInt8] {
        let descriptor: Int32 = source == "-" ? 0 : open(source, O_RDONLY)
        guard descriptor >= 0 else {
            throw InputError(message: "cannot read \(source): \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var page: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(message: "cannot read \(source): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return page }
            page += buffer[0..<count]
            if page.count > limit {
                throw InputError(message: "\(source): \(ArticleExtractionError.tooLarge(bytes: page.count).description)")
            }
        }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("tidings: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
