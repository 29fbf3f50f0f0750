import FeedParser
import Foundation
import Testing

/// What `tidings parse` prints for every document of the corpus, pinned in full: the feed's JSON
/// in `Fixtures/golden/NAME.json`, or the error in `NAME.error`. A change to any field of any
/// fixture shows here; when it is meant, re-record with `RECORD_GOLDEN=1 swift test --filter
/// GoldenOutputTests` and review the diff.
struct GoldenOutputTests {
    static let directory = FeedCorpus.fixtures.appendingPathComponent("golden")
    static let isRecording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

    @Test(arguments: FeedCorpus.feeds)
    func outputIsTheRecordedOne(_ document: FeedCorpus.Document) throws {
        let output = FeedParser.outcome(of: [document.bytes], url: document.url, charset: document.charset, paths: .fast).output
        let isError = output.hasPrefix("error: ")
        let file = Self.directory.appendingPathComponent(document.name + (isError ? ".error" : ".json"))
        if Self.isRecording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(output.utf8).write(to: file)
            return
        }
        let recorded = try #require(FileManager.default.contents(atPath: file.path),
                                    "no golden output \(file.lastPathComponent) (RECORD_GOLDEN=1 records it)")
        #expect(String(decoding: recorded, as: UTF8.self) == output)
    }
}
