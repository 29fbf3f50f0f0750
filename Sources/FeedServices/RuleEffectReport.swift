import FilterLanguage

/// What became of the effects `RuleEffectRunner` carried out: how many of each kind were done,
/// and why the others failed.
public struct RuleEffectReport: Sendable, Equatable {
    /// Done, by action name (`run`, `notify`, `enqueue`, `full-text`).
    public private(set) var done: [String: Int] = [:]
    /// Why each failed one failed, in the order they ended.
    public private(set) var failures: [String] = []

    public init() {}

    mutating func add(_ action: ArticleRule.Action, failure: String?) {
        if let failure {
            failures.append(failure)
        } else if let name = action.pendingName {
            done[name, default: 0] += 1
        }
    }

    /// One line for the end of `tidings reload`: "Rules: 2 programs run, 1 enclosure queued; 1
    /// failed (…)"; nil when there was nothing to do.
    public var line: String? {
        let kinds: [(name: String, one: String, many: String)] = [
            ("run", "program run", "programs run"), ("notify", "notification", "notifications"),
            ("enqueue", "enclosure queued", "enclosures queued"), ("full-text", "full article stored", "full articles stored"),
        ]
        let parts = kinds.compactMap { kind in done[kind.name].map { "\($0) \($0 == 1 ? kind.one : kind.many)" } }
        guard !parts.isEmpty || !failures.isEmpty else { return nil }
        var line = "Rules: " + (parts.isEmpty ? "nothing done" : parts.joined(separator: ", "))
        if let first = failures.first {
            line += "; \(failures.count) failed (\(first)\(failures.count > 1 ? "; the others in the log" : ""))"
        }
        return line
    }
}
