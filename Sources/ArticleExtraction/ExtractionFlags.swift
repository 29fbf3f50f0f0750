/// Which of Readability's heuristics an extraction attempt uses.
///
/// The first attempt uses all of them. When its article is short, the heuristics were probably
/// wrong about this page (a layout `div` called `sidebar-wrapper` around everything, a content
/// block called `comment-free-body`), so the next attempt drops one, as Readability does.
struct ExtractionFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// Remove elements whose class or id reads as boilerplate before scoring.
    static let stripUnlikely = ExtractionFlags(rawValue: 1 << 0)
    /// Add ±25 for class and id hints to candidates' scores.
    static let weightClasses = ExtractionFlags(rawValue: 1 << 1)
    /// Remove link lists, form blocks and image strips from the chosen article.
    static let cleanConditionally = ExtractionFlags(rawValue: 1 << 2)

    /// The attempts, in order.
    static let attempts: [ExtractionFlags] = [
        [.stripUnlikely, .weightClasses, .cleanConditionally],
        [.weightClasses, .cleanConditionally],
        [.cleanConditionally],
        [],
    ]
}
