/// What a Google Reader API server gives for a login: the `Auth` token of ClientLogin, sent as
/// `Authorization: GoogleLogin auth=…` with every request, and the write token `T` that every
/// change (edit-tag, mark-all-as-read, subscription/…) carries in its form.
///
/// Either opens the account as the password does, so both are kept as carefully: the
/// description, debug description and mirror never show them, and they only ever travel in a
/// header or a request body, never in a URL.
///
///     GoogleReaderLogin(auth: "alice/5b40…").description  // "GoogleReaderLogin(redacted)"
struct GoogleReaderLogin: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The `Auth=` value of ClientLogin's answer.
    let auth: String
    /// The answer of `reader/api/0/token`, fetched when the first change is sent.
    var writeToken: String?

    init(auth: String, writeToken: String? = nil) {
        self.auth = auth
        self.writeToken = writeToken
    }

    /// The header line that authenticates a request.
    var authorizationHeader: String { "Authorization: GoogleLogin auth=\(auth)" }

    var description: String { "GoogleReaderLogin(redacted)" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: []) }

    /// The `Auth=` value of a ClientLogin answer (`SID=…`, `LSID=…`, `Auth=…`, one per line);
    /// nil when it has none.
    static func auth(fromClientLoginAnswer text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("Auth=") {
            let value = line.dropFirst("Auth=".count).trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
