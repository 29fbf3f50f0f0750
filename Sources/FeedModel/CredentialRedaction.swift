/// Hides the `user:password@` part of every URL in a text, so that messages and logs can name a
/// feed without leaking its credentials.
///
///     CredentialRedaction.redact("https://me:s3cret@example.org/feed")  // "https://***@example.org/feed"
///     CredentialRedaction.redact("filter:tidy:https://a:b@x.org/f")     // "filter:tidy:https://***@x.org/f"
public enum CredentialRedaction {
    public static func redact(_ text: String) -> String {
        guard text.contains("@"), text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            let authorityEnd = rest.firstIndex(where: { "/?# \t\"'<>".contains($0) }) ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") {
                result += "***"
                result += authority[at...]
            } else {
                result += authority
            }
            rest = rest[authorityEnd...]
        }
        return result + rest
    }
}
