import FeedParser
import Foundation
import Testing

/// uchardet on the undeclared legacy-charset fixtures: the answer is the charset the fixture was
/// written in (or the superset iconv decodes it with), and a name iconv opens.
@Suite struct CharsetDetectorTests {
    static let detected: [(fixture: String, charset: String)] = [
        ("enc_detect_shift_jis", "shift_jis"), ("enc_detect_euc_jp", "euc-jp"),
        ("enc_detect_iso_2022_jp", "iso-2022-jp"), ("enc_detect_euc_kr", "uhc"),
        ("enc_detect_gb2312", "gb18030"), ("enc_detect_big5", "big5"), ("enc_detect_koi8_r", "koi8-r"),
        ("enc_detect_windows_1251", "windows-1251"), ("enc_detect_tis_620", "tis-620"),
        ("enc_detect_windows_1255", "windows-1255"), ("enc_detect_iso_8859_7", "iso-8859-7"),
    ]

    @Test(arguments: detected)
    func detectsTheFixturesCharset(_ fixture: String, _ charset: String) throws {
        let bytes = try FixtureCases.document(named: fixture)
        #expect(CharsetDetector.detectCharset(in: bytes) == charset)
    }

    @Test func plainASCIIHasNoAnswer() {
        #expect(CharsetDetector.detectCharset(in: Array("<rss><channel><title>Plain</title></channel></rss>".utf8)) == nil)
        #expect(CharsetDetector.detectCharset(in: [UInt8]()) == nil)
    }

    @Test func onlyTheFirst64KiBAreRead() throws {
        let japanese = try FixtureCases.document(named: "enc_detect_shift_jis")
        let afterASCII = [UInt8](repeating: UInt8(ascii: "a"), count: CharsetDetector.maxExaminedBytes) + japanese
        #expect(CharsetDetector.detectCharset(in: afterASCII) == nil)
        #expect(CharsetDetector.detectCharset(in: afterASCII.dropFirst(CharsetDetector.maxExaminedBytes)) == "shift_jis")
    }
}
