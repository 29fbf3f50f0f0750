/// Byte-wise tests for the fuzzers' invariants. Swift's own `contains` and `hasPrefix` compare
/// grapheme clusters, so a combining mark after `&gt;` or `<script` would hide the match: the
/// fuzzers must see the bytes a browser sees.
public extension StringProtocol {
    func containsUTF8(_ needle: String) -> Bool {
        let haystack = Array(utf8), pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        guard haystack.count >= pattern.count else { return false }
        return (0...(haystack.count - pattern.count)).contains { start in
            haystack[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }

    func hasUTF8Prefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }
}
