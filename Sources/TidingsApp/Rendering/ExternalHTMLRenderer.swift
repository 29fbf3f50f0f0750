import Dispatch
import FeedFetcher
import Foundation
import TerminalUI

/// newsboat's `html-renderer`: an external program (`w3m -dump -T text/html`, `lynx -dump
/// -stdin`, `pandoc -t plain`) given an article's HTML on its standard input, whose standard
/// output is shown as the article's text.
///
/// The program is split into words and run without a shell (`PageDownload.run`), may run
/// ``timeout`` seconds and print ``maximumBytes``; its output is cleaned of terminal escape
/// sequences and control characters before it reaches the screen, since it is made from a
/// feed's HTML. It runs where the article is read from the cache, off the main thread.
enum ExternalHTMLRenderer {
    /// Seconds the program may take before it is stopped and Tidings' own renderer is used.
    static let timeout: TimeInterval = 10
    /// Most output kept: the article view's own limit on HTML is 512 KiB.
    static let maximumBytes = 4 << 20

    /// The program's output for `html`, cleaned; a one-line reason when it failed.
    static func render(_ html: String, with command: [String]) -> Result<String, RenderFailure> {
        var options = FetchOptions(timeout: timeout, maxBytes: maximumBytes)
        options.concurrency = 1
        let answer = Answer()
        _ = PageDownload.run(command, input: Data(html.utf8), options: options) { result in answer.set(result) }
        switch answer.wait() {
        case .success(let page): return .success(cleaned(String(decoding: page.bytes, as: UTF8.self)))
        case .failure(let failure): return .failure(RenderFailure(reason: "html-renderer: \(failure.description)"))
        }
    }

    /// Why the external renderer gave no text.
    struct RenderFailure: Error, Sendable, Equatable {
        var reason: String
    }

    /// `text` without what could drive the terminal: escape sequences (CSI, OSC, DCS and the
    /// like) go whole, backspace overstrikes (`_\bx`, as `man` pages bold) keep the last
    /// character, tabs become spaces, and every other control character is dropped.
    static func cleaned(_ text: String) -> String {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(text.unicodeScalars.count)
        var scalars = Array(text.unicodeScalars)[...]
        var column = 0
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x0A:
                output.append(scalar)
                column = 0
            case 0x09:
                let spaces = 8 - column % 8
                output += Array(repeating: " ", count: spaces)
                column += spaces
            case 0x08:
                if let last = output.last, last != "\n" {
                    output.removeLast()
                    column = max(0, column - 1)
                }
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x9B:
                skipUntilFinalByte(&scalars)
            case 0x90, 0x9D, 0x98, 0x9E, 0x9F:
                skipUntilStringTerminator(&scalars)
            case 0..<0x20, 0x7F, 0x80..<0xA0:
                continue
            default:
                output.append(scalar)
                column += 1
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: output)
        return String(result)
    }

    /// After ESC: `[` starts a CSI (up to its final byte), `]`, `P`, `X`, `^`, `_` a string
    /// ended by BEL or ESC `\`; anything else is a two-character sequence.
    private static func skipEscapeSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let next = scalars.popFirst() else { return }
        switch next {
        case "[": skipUntilFinalByte(&scalars)
        case "]", "P", "X", "^", "_": skipUntilStringTerminator(&scalars)
        default: break
        }
    }

    private static func skipUntilFinalByte(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        while let scalar = scalars.popFirst(), !(0x40...0x7E).contains(scalar.value) {}
    }

    private static func skipUntilStringTerminator(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        while let scalar = scalars.popFirst() {
            if scalar.value == 0x07 || scalar.value == 0x9C { return }
            if scalar.value == 0x1B {
                if scalars.first == "\\" { scalars.removeFirst() }
                return
            }
        }
    }

    /// The cleaned output as the article's text, line by line; the links stay those Tidings
    /// found in the HTML, so that `u` and link numbers still work.
    static func body(fromText text: String, links: [String], imageNumbers: Set<Int>) -> ArticleBody {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        return ArticleBody(blocks: lines.map { .line(TextView.Line(StyledText($0))) }, links: links, imageNumbers: imageNumbers)
    }

    /// The program's answer, waited for by the reading thread.
    private final class Answer: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<PageDownload.Page, FetchFailure>?

        func set(_ result: Result<PageDownload.Page, FetchFailure>) {
            self.result = result
            done.signal()
        }

        func wait() -> Result<PageDownload.Page, FetchFailure> {
            done.wait()
            return result ?? .failure(.command("no answer"))
        }
    }
}
