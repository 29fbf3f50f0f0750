import CUchardet
import Glibc

/// Guesses the charset of bytes that do not say what they are, with uchardet (the detector that
/// Mozilla's universal charset detector became).
///
/// Used only when nothing declares the charset and the bytes are not UTF-8, or when a declaration
/// is demonstrably wrong: detection reads at most the first 64 KiB, so a large feed costs no more
/// than a small one.
///
///     if let charset = CharsetDetector.detectCharset(in: bytes) { … }   // "shift_jis", "euc-kr", …
public enum CharsetDetector {
    /// Detection reads no more than this many bytes from the start.
    public static let maxExaminedBytes = 64 << 10

    /// The charset the bytes are most likely in, as a name libxml2 and iconv accept; nil when the
    /// detector has no answer (too little text, or plain ASCII, which every charset reads alike).
    public static func detectCharset(in bytes: some Collection<UInt8>) -> String? {
        let examined = Array(bytes.prefix(maxExaminedBytes))
        guard !examined.isEmpty, let detector = uchardet_new() else { return nil }
        defer { uchardet_delete(detector) }
        let status = examined.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { uchardet_handle_data(detector, $0.baseAddress, $0.count) }
        }
        guard status == 0 else { return nil }
        uchardet_data_end(detector)
        guard let answer = uchardet_get_charset(detector) else { return nil }
        return iconvName(String(cString: answer))
    }

    /// uchardet's names are iconv's; the ASCII answer tells nothing a decoder needs, and a name
    /// this machine's iconv cannot open is no answer either.
    private static func iconvName(_ answer: String) -> String? {
        let name = answer.lowercased()
        guard !name.isEmpty, name != "ascii", name != "us-ascii" else { return nil }
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        iconv_close(converter)
        return name
    }
}
