/// Why a picture of the article is not drawn, in one line for the log; its label stays in the text.
struct ImageFailure: Error, Equatable, Sendable, CustomStringConvertible {
    var reason: String

    var description: String { reason }
}
