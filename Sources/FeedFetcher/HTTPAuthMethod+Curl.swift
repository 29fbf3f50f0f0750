import CCurl
import FeedModel

extension HTTPAuthMethod {
    /// libcurl's `CURLAUTH_*` mask for the method.
    var curlMask: UInt {
        switch self {
        case .any: tidings_curlauth_any()
        case .basic: tidings_curlauth_basic()
        case .digest: tidings_curlauth_digest()
        case .digestIE: tidings_curlauth_digest_ie()
        case .gssNegotiate: tidings_curlauth_negotiate()
        case .ntlm: tidings_curlauth_ntlm()
        case .anysafe: tidings_curlauth_anysafe()
        }
    }
}
