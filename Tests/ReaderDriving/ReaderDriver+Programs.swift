import ImageRendering
@testable import TidingsApp

extension ReaderDriver {
    /// The argument vectors of the programs the reader asked to run so far, in order (the
    /// browser's with its URL in place): what `ProcessRunner` would start, never through a shell.
    var programsRun: [[String]] { processEffects.map(\.arguments) }

    /// The pictures the article view asked to have drawn so far, in order.
    var pictureRequests: [ImageRequest] {
        effects.compactMap { if case .picture(let request) = $0 { request } else { nil } }
    }
}

extension ProcessEffect {
    /// The argument vector the runner starts: the browser's words with the URL in place of `%u`;
    /// the pager's with `%f` left for the runner to fill.
    var arguments: [String] {
        switch self {
        case .openBrowser(let command, let url, _): command.arguments(for: url)
        case .pipe(let arguments, _), .page(let arguments, _), .viewURLs(let arguments, _), .bookmark(let arguments, _, _),
             .notify(let arguments), .editUrlsFile(let arguments):
            arguments
        }
    }
}
