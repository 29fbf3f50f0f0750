import Foundation

extension FeedParser {
    /// What a document reads as: the output of `tidings parse` (the feed's JSON, or the error) and
    /// what the parser repaired on the way. The golden files hold the first; the oracle compares
    /// both between the fast and the general path (`ParsePaths`).
    package struct Outcome: Equatable {
        package var output: String
        package var recoveries: [ParseRecovery]
    }

    /// The outcome of reading `chunks` as one document, appended one after the other.
    package static func outcome(
        of chunks: [Data], url: URL?, charset: String?, limits: ParserLimits = ParserLimits(), paths: ParsePaths
    ) -> Outcome {
        let parser = FeedParser(url: url, charset: charset, limits: limits, paths: paths)
        do {
            for chunk in chunks { try parser.append(chunk) }
            let feed = try parser.finish()
            return Outcome(output: FeedJSON.encode(feed) + "\n", recoveries: parser.recoveries)
        } catch let error as FeedParserError {
            return Outcome(output: "error: \(error.description)\n", recoveries: parser.recoveries)
        } catch {
            return Outcome(output: "unexpected error: \(error)\n", recoveries: parser.recoveries)
        }
    }
}
