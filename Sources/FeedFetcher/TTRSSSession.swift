/// A session id of Tiny Tiny RSS's API: it opens the account as the password does, so neither its
/// description nor its mirror shows it.
struct TTRSSSession: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let id: String

    var description: String { "TTRSSSession(redacted)" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: []) }
}
