/// Which way the parser and the sanitiser go where they have two ways to the same output: their
/// fast paths, or the general path each fast path must agree with byte for byte.
///
/// A fast path is a shortcut for the common case — a vector scan, a check that a tag or
/// reference is already canonical and can be kept as written, a word-at-a-time test, a cache
/// of a lookup — beside a general path that handles every case. `general` turns every one of
/// them off. It exists for the oracle: `FastPathOracleTests` and the `fuzz-paths` target read the
/// same input both ways and fail on any difference, which is then a bug in the fast path.
///
/// Given to an entry point (`FeedParser`, `HTMLSanitizer.sanitize`) and held by value for the
/// whole document: nothing can change it halfway through a parse.
package enum ParsePaths: Sendable {
    /// Every fast path where it applies: what the reader runs.
    case fast
    /// No fast path: the portable scalar scans (`TIDINGS_SCAN_SCALAR`), every tag and reference
    /// rewritten and compared, no shortcut for text that needs nothing, no cache.
    case general

    var isFast: Bool { self == .fast }
}
