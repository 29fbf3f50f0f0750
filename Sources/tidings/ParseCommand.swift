import ArgumentParser
import FeedModel
import FeedParser
import Foundation

/// `tidings parse`: reads one feed document and prints it as JSON (or one summary line).
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse a feed document and print it as one JSON object.",
        discussion: "Reads FILE, or standard input when FILE is absent or '-'. Exits 1 with a one-line "
            + "error when the input is empty (printing the JSON of an empty, not well-formed document), is not a "
            + "feed, or exceeds the size limit."
    )

    @Option(help: "The document's URL, against which relative links are resolved.")
    var url: String?

    @Option(help: "The charset given by HTTP; it wins over the XML declaration.")
    var charset: String?

    @Flag(help: "Print one line (format, items, bytes, well-formedness, parse time) instead of the JSON.")
    var summary = false

    @Argument(help: "The feed document; '-' or nothing for standard input.")
    var file: String?

    func run() throws {
        let documentURL = url.flatMap { URL(string: $0) }
        let source = file ?? "-"
        let parser = FeedParser(url: documentURL, charset: charset)
        let started = DispatchTime.now()
        var bytes = 0
        let feed: Feed
        do {
            bytes = try stream(from: source, into: parser)
            feed = try parser.finish()
        } catch let error as FeedParserError {
            // An empty document still gets its JSON (not well-formed, nothing in it), for scripts
            // that read every answer from standard output; the status says it is no feed.
            if error == .empty, !summary { FileHandle.standardOutput.write(Data((FeedJSON.encodeEmptyDocument() + "\n").utf8)) }
            fail(error.description)
        } catch let error as InputError {
            fail(error.message)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let output: String
        if summary {
            output = "\(feed.format.rawValue) items=\(feed.items.count) bytes=\(bytes) wellFormed=\(feed.isWellFormed) "
                + "encoding=\(feed.encoding ?? "none") time=\(String(format: "%.3f", seconds * 1000))ms\n"
        } else {
            output = FeedJSON.encode(feed) + "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    private struct InputError: Error {
        var message: String
    }

    /// Reads the input in chunks, so that an oversized or junk input is refused without reading it all.
    private func stream(from source: String, into parser: FeedParser) throws -> Int {
        let descriptor: Int32 = source == "-" ? 0 : open(source, O_RDONLY)
        guard descriptor >= 0 else {
            throw InputError(message: "cannot read \(source): \(String(cString: strerror(errno)))")
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var total = 0
        while true {
            // A buffer of its own for each chunk: the parser keeps chunks that come as `Data` for a
            // second reading without copying them.
            var chunk = Data(count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(message: "cannot read \(source): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return total }
            total += count
            chunk.count = count
            try parser.append(chunk)
        }
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("tidings: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
