import CCurl
import Foundation

extension FetchFailure {
    /// The failure a libcurl error stands for, in words fit for the status bar.
    ///
    /// `message` is libcurl's own text for it; it is only matched against, never shown, since it
    /// may quote the server.
    init(curlCode code: CURLcode, message: String, idleTimeout: TimeInterval) {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            self = .noAnswer(seconds: idleTimeout)
        case CURLE_COULDNT_CONNECT:
            self = .network("connection refused")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self = .network("host not found")
        case CURLE_PARTIAL_FILE:
            self = .network("the connection closed before the whole answer arrived")
        case CURLE_GOT_NOTHING:
            self = .network("the server closed the connection without answering")
        case CURLE_SEND_ERROR:
            self = .network("connection lost")
        case CURLE_RECV_ERROR:
            // libcurl stops reading at 300 KiB of response headers and says so only in words.
            self = message.hasPrefix("Too large response headers")
                ? .network("the server's response headers are too large") : .network("connection lost")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED, CURLE_SSL_CLIENTCERT:
            self = .network("TLS handshake failed")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_UNSUPPORTED_PROTOCOL:
            self = .network("bad response from the server")
        case CURLE_BAD_CONTENT_ENCODING:
            self = .network("cannot decompress the response")
        case CURLE_URL_MALFORMAT:
            self = .network("the address is not a valid URL")
        default:
            self = .network("network error (curl \(code.rawValue))")
        }
    }
}
