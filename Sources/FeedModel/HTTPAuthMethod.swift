/// How credentials are sent to a server or a proxy that asks for them: newsboat's
/// `http-auth-method` and `proxy-auth-method` words, which name libcurl's methods.
///
/// `basic` sends the credentials with the first request. The others let libcurl ask without
/// them first and answer the server's challenge with the method it offers (`any`: the safest
/// it offers; `anysafe`: any but Basic).
public enum HTTPAuthMethod: String, Sendable, Hashable, CaseIterable {
    case any, basic, digest
    case digestIE = "digest_ie"
    case gssNegotiate = "gssnegotiate"
    case ntlm, anysafe
}
