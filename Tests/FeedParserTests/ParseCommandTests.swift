import Foundation
import Testing

/// `tidings parse` as scripts see it: the real binary, its stdout, stderr and exit status.
/// `make test` builds it and names it in TIDINGS_BINARY; a plain `swift build` leaves it in .build.
enum TidingsBinary {
    static let url: URL? = {
        if let path = ProcessInfo.processInfo.environment["TIDINGS_BINARY"] { return URL(fileURLWithPath: path) }
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/tidings")
        return FileManager.default.isExecutableFile(atPath: built.path) ? built : nil
    }()
}

@Suite(.enabled(if: TidingsBinary.url != nil, "build the tidings binary first"))
struct ParseCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private func run(_ arguments: [String], stdin: Data? = nil) throws -> Run {
        let process = Process()
        process.executableURL = TidingsBinary.url
        process.arguments = ["parse"] + arguments
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self))
    }

    private func fixture(_ name: String) -> String {
        FixtureCases.directory.appendingPathComponent(name).path
    }

    @Test func printsTheJSONContract() throws {
        let result = try run(["--url", "http://example.com/feed", fixture("format_rss10_rdf.xml")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "rss1.0")
        #expect(object["subtitle"] is String)
        #expect(object["updated"] is NSNull)
    }

    @Test func readsStandardInputAndKeepsUnicode() throws {
        let data = try FixtureCases.document(named: "enc_shift_jis")
        let result = try run(["-"], stdin: data)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"title\":\"日本語のフィード\""))
        #expect(result.stdout.contains("\"encoding\":\"shift_jis\""))
    }

    @Test func charsetOptionOverridesTheDeclaration() throws {
        let result = try run(["--charset", "Shift_JIS", fixture("enc_http_charset_wins.xml")])
        #expect(result.stdout.contains("\"title\":\"日本\""))
    }

    @Test func summaryIsOneLine() throws {
        let result = try run(["--summary", fixture("item_many.xml")])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("rss2.0 items=50 bytes=") == true)
        #expect(lines.first?.contains("wellFormed=true") == true)
    }

    @Test(arguments: [("format_html_is_not_a_feed.xml", "not a feed"),
                      ("format_random_bytes.xml", "not a feed"), ("does-not-exist.xml", "cannot read")])
    func refusalsExitOneWithOneLine(_ name: String, _ words: String) throws {
        let result = try run([fixture(name)])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasSuffix("\n"))
        #expect(result.stderr.dropLast().contains("\n") == false)
        #expect(result.stderr.contains(words))
    }

    /// An empty document is no feed (exit 1, one line on stderr) but is still answered with the
    /// JSON, every key present: no format, not well-formed, no items.
    @Test(arguments: [Data(), Data("   \n ".utf8)])
    func emptyDocumentIsNotWellFormedJSON(_ document: Data) throws {
        let result = try run(["-"], stdin: document)
        #expect(result.status == 1)
        #expect(result.stderr == "tidings: the document is empty\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["format"] is NSNull)
        #expect(object["wellFormed"] as? Bool == false)
        #expect((object["items"] as? [Any])?.isEmpty == true)
        let keys = ["format", "wellFormed", "encoding", "title", "link", "subtitle", "language", "updated", "author", "image", "items"]
        #expect(Set(object.keys) == Set(keys))
    }

    @Test func recoveredFeedExitsZero() throws {
        let result = try run([fixture("ill_truncated.xml")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"wellFormed\":false"))
    }
}
