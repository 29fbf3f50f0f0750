import FeedParser
import Foundation
import Glibc

/// Turns the bytes of a web page into UTF-8, deciding its charset the way browsers do.
///
/// Order: a byte-order mark; the charset the caller was told (HTTP `Content-Type`); a
/// `<meta charset>` or `<meta http-equiv="Content-Type">` in the first 4 KiB; valid UTF-8; the
/// detector the feed parser uses; windows-1252 (what browsers read unlabelled Western pages as).
/// Labels are read as the WHATWG Encoding standard reads them: `iso-8859-1` and `ascii` mean
/// windows-1252, `shift_jis` means its Microsoft superset, `gb2312` means GB18030.
enum PageDecoder {
    /// How far into the page a `<meta>` charset is looked for (browsers look at 1 KiB; pages
    /// with long `<head>`s put it later and browsers find it by re-parsing).
    static let metaScanBytes = 4096

    /// The page as UTF-8 without a byte-order mark.
    ///
    /// Throws `ArticleExtractionError.notHTML` for a PDF or for binary data.
    static func utf8(_ bytes: UnsafeRawBufferPointer, charset declared: String?) throws -> [UInt8] {
        let (bomCharset, bomLength) = byteOrderMark(bytes)
        let body = UnsafeRawBufferPointer(rebasing: bytes[bomLength...])
        if bomCharset == nil { try rejectNonHTML(body) }
        let charset = bomCharset ?? declared.flatMap(iconvName) ?? metaCharset(body).flatMap(iconvName)
        if let charset, charset != "UTF-8", let converted = convert(body, from: charset) {
            return converted
        }
        if let valid = String(validating: body, as: UTF8.self) { return Array(valid.utf8) }
        if charset == "UTF-8" { return Array(String(decoding: body, as: UTF8.self).utf8) }
        if let detected = CharsetDetector.detectCharset(in: body).flatMap(iconvName), detected != "UTF-8",
           let converted = convert(body, from: detected) {
            return converted
        }
        return convert(body, from: "WINDOWS-1252") ?? Array(String(decoding: body, as: UTF8.self).utf8)
    }

    /// A PDF, or bytes with NULs or many control characters (images, archives, executables),
    /// is no web page. UTF-16 without a byte-order mark (`<\0`) has NULs and is let through.
    private static func rejectNonHTML(_ bytes: UnsafeRawBufferPointer) throws {
        let head = bytes.prefix(8192)
        var start = head.startIndex
        while start < head.endIndex, head[start] <= 0x20 { start += 1 }
        guard start < head.endIndex else { return }
        if head[start...].starts(with: Array("%PDF".utf8)) {
            throw ArticleExtractionError.notHTML("a PDF document")
        }
        if start + 1 < head.endIndex, (head[start] == 0x3C && head[start + 1] == 0) || (head[start] == 0 && head[start + 1] == 0x3C) {
            return
        }
        var controls = 0
        for byte in head {
            if byte == 0 { throw ArticleExtractionError.notHTML("binary data") }
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, byte != 0x0C { controls += 1 }
        }
        if controls * 10 > head.count { throw ArticleExtractionError.notHTML("binary data") }
    }

    private static func byteOrderMark(_ bytes: UnsafeRawBufferPointer) -> (String?, Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        if bytes.count >= 2, bytes[0] == 0x3C, bytes[1] == 0 { return ("UTF-16LE", 0) }
        if bytes.count >= 2, bytes[0] == 0, bytes[1] == 0x3C { return ("UTF-16BE", 0) }
        return (nil, 0)
    }

    /// The charset a `<meta>` in the first bytes declares.
    static func metaCharset(_ bytes: UnsafeRawBufferPointer) -> String? {
        let head = Array(bytes.prefix(metaScanBytes)).map { HintSet.lowered($0) }
        let meta = Array("<meta".utf8)
        let charsetWord = Array("charset".utf8)
        var index = 0
        while let metaStart = firstIndex(of: meta, in: head, from: index) {
            let tagEnd = head[metaStart...].firstIndex(of: UInt8(ascii: ">")) ?? head.count
            index = metaStart + meta.count
            guard var position = firstIndex(of: charsetWord, in: head, from: index), position < tagEnd else { continue }
            position += charsetWord.count
            while position < tagEnd, head[position] == 0x20 || head[position] == 0x09 { position += 1 }
            guard position < tagEnd, head[position] == UInt8(ascii: "=") else { continue }
            position += 1
            while position < tagEnd, head[position] <= 0x20 || head[position] == 0x22 || head[position] == 0x27 {
                position += 1
            }
            var end = position
            while end < tagEnd, isLabelByte(head[end]) { end += 1 }
            guard end > position else { continue }
            return String(decoding: head[position..<end], as: UTF8.self)
        }
        return nil
    }

    private static func isLabelByte(_ byte: UInt8) -> Bool {
        HintPattern.isWordByte(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The name iconv opens for a charset label, WHATWG's reading of the label applied; nil for
    /// a label iconv does not know.
    static func iconvName(_ label: String) -> String? {
        var name = label.trimmingCharacters(in: .whitespaces).lowercased()
        guard !name.isEmpty else { return nil }
        switch name {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "cp65001",
             // A page that says UTF-16 in its own ASCII-compatible bytes is not UTF-16 (WHATWG).
             "utf-16", "utf-16le", "utf-16be", "unicode":
            return "UTF-8"
        case "iso-8859-1", "iso8859-1", "latin1", "l1", "ascii", "us-ascii", "cp1252", "windows-1252",
             "iso_8859-1", "cp819", "ibm819":
            return "WINDOWS-1252"
        case "shift_jis", "shift-jis", "sjis", "ms_kanji", "windows-31j", "x-sjis", "csshiftjis", "ms932":
            return "CP932"
        case "gb2312", "gbk", "x-gbk", "gb_2312-80", "chinese", "csgb2312", "cp936", "ms936", "windows-936":
            return "GB18030"
        case "euc-kr", "ks_c_5601-1987", "windows-949", "cp949", "ksc5601":
            return "CP949"
        case "big5", "big5-hkscs", "cn-big5", "x-x-big5":
            return "BIG5-HKSCS"
        case "tis-620", "iso-8859-11", "windows-874":
            return "WINDOWS-874"
        case "iso-8859-9", "latin5":
            return "WINDOWS-1254"
        default:
            break
        }
        if name.hasPrefix("x-") { name.removeFirst(2) }
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        iconv_close(converter)
        return name.uppercased()
    }

    /// `bytes` converted from `charset` to UTF-8 by iconv; a byte iconv cannot read becomes
    /// U+FFFD and reading goes on. Nil when iconv cannot open the charset.
    static func convert(_ bytes: UnsafeRawBufferPointer, from charset: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", charset)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        var output = [UInt8](repeating: 0, count: bytes.count * 2 + 16)
        var written = 0
        var input = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self))
        var inputLeft = bytes.count
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        while inputLeft > 0 {
            if output.count - written < 16 { output.append(contentsOf: repeatElement(0, count: output.count)) }
            let outputLeftBefore = output.count - written
            var outputLeft = outputLeftBefore
            let result = output.withUnsafeMutableBufferPointer { buffer -> Int in
                var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(buffer.baseAddress! + written)
                    .assumingMemoryBound(to: CChar.self)
                var inputPointer: UnsafeMutablePointer<CChar>? = input
                let result = iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
                input = inputPointer!
                return result
            }
            written += outputLeftBefore - outputLeft
            if result != -1 { break }
            switch errno {
            case E2BIG:
                output.append(contentsOf: repeatElement(0, count: output.count))
            case EILSEQ, EINVAL:
                // Unreadable (or truncated at the end): one byte becomes U+FFFD.
                if output.count - written < 3 { output.append(contentsOf: repeatElement(0, count: output.count)) }
                output.replaceSubrange(written..<(written + 3), with: replacement)
                written += 3
                input += 1
                inputLeft -= 1
            default:
                return nil
            }
        }
        output.removeSubrange(written...)
        return output
    }
}
