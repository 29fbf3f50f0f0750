import CLibXML2

/// Single-byte charsets that glibc's iconv reads otherwise than the platforms that wrote them,
/// decoded here by tables and registered with libxml2 as encoding handlers, ahead of iconv:
///
/// - **windows-1252 as browsers read it**: glibc refuses the five bytes windows-1252 leaves
///   undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D), so one of them anywhere in a document made the
///   whole of it fall back to a detected charset (a feed declaring windows-1252 came out as Mac
///   Central European). Here they read as the C1 controls of the same value, as the WHATWG
///   encoding standard maps them, which plain text then drops; every other byte as glibc reads it.
/// - **Mac Icelandic as Apple maps it**: glibc's `MAC-IS` gives ten bytes other characters than
///   Apple's table (Đ and đ for Ð and ð, ¤ for €, the dashes swapped).
///
/// Mac Greek and Mac Turkish, which glibc lacks, libxml2 reads through ICU (`CharsetName`).
enum SingleByteCharsets {
    struct Charset {
        /// The name libxml2 finds the handler by (upper case, as libxml2 compares them), then
        /// aliases of it.
        var names: [String]
        /// The code points of bytes 0x80–0xFF (bytes below are ASCII); U+FFFD where the charset
        /// has nothing or Apple's logo.
        var upperHalf: [UInt16]
    }

    /// `MojibakeRepair.windows1252C1` for 0x80–0x9F, the undefined five as themselves, then
    /// ISO-8859-1.
    static let windows1252 = Charset(
        names: ["WINDOWS-1252", "CP1252", "X-CP1252", "MS-ANSI", "WINDOWS1252"],
        upperHalf: MojibakeRepair.windows1252C1.enumerated().map { offset, scalar in
            UInt16(scalar == 0 ? UInt32(0x80 + offset) : scalar)
        } + (0xA0...0xFF).map { UInt16($0) })

    static let macIcelandic = Charset(names: ["MACICELAND", "MAC-ICELAND", "MAC-ICELANDIC", "MAC-IS", "MACIS", "X-MAC-ICELANDIC", "X-MAC-ICELAND", "CP10079"], upperHalf: [
        0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1, 0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7, 0x00E9, 0x00E8,
        0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3, 0x00F2, 0x00F4, 0x00F6, 0x00F5, 0x00FA, 0x00F9, 0x00FB, 0x00FC,
        0x00DD, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF, 0x00AE, 0x00A9, 0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8,
        0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211, 0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8,
        0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248, 0x2206, 0x00AB, 0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153,
        0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0x00F7, 0x25CA, 0x00FF, 0x0178, 0x2044, 0x20AC, 0x00D0, 0x00F0, 0x00DE, 0x00FE,
        0x00FD, 0x00B7, 0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1, 0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,
        0xFFFD, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD, 0x02DB, 0x02C7,
    ])

    /// Registers the handlers and their aliases; evaluated once, before the first parse (libxml2's
    /// handler list is global and not safe to change while another thread reads it). A handler is
    /// a C function without context: one closure per table.
    static let registration: Void = {
        register(windows1252) { decode($0, $1, $2, $3, upperHalf: windows1252.upperHalf) }
        register(macIcelandic) { decode($0, $1, $2, $3, upperHalf: macIcelandic.upperHalf) }
    }()

    private static func register(_ charset: Charset, _ input: xmlCharEncodingInputFunc) {
        _ = xmlNewCharEncodingHandler(charset.names[0], input, nil)
        for alias in charset.names.dropFirst() { xmlAddEncodingAlias(charset.names[0], alias) }
    }

    /// libxml2's input function: converts as many whole bytes of `input` as fit into `output` as
    /// UTF-8, and says how many it read (`inputLength`) and wrote (`outputLength`, also returned).
    private static func decode(
        _ output: UnsafeMutablePointer<UInt8>?, _ outputLength: UnsafeMutablePointer<Int32>?,
        _ input: UnsafePointer<UInt8>?, _ inputLength: UnsafeMutablePointer<Int32>?, upperHalf: [UInt16]
    ) -> Int32 {
        guard let output, let outputLength, let inputLength else { return -2 }
        guard let input else {
            outputLength.pointee = 0
            inputLength.pointee = 0
            return 0
        }
        let inputCount = Int(inputLength.pointee)
        let capacity = Int(outputLength.pointee)
        var read = 0
        var written = 0
        while read < inputCount {
            let byte = input[read]
            if byte < 0x80 {
                guard written < capacity else { break }
                output[written] = byte
                written += 1
            } else {
                let scalar = UInt32(upperHalf[Int(byte) - 0x80])
                let size = scalar < 0x800 ? 2 : 3
                guard written + size <= capacity else { break }
                if size == 2 {
                    output[written] = UInt8(0xC0 | scalar >> 6)
                    output[written + 1] = UInt8(0x80 | scalar & 0x3F)
                } else {
                    output[written] = UInt8(0xE0 | scalar >> 12)
                    output[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    output[written + 2] = UInt8(0x80 | scalar & 0x3F)
                }
                written += size
            }
            read += 1
        }
        inputLength.pointee = Int32(read)
        outputLength.pointee = Int32(written)
        return Int32(written)
    }
}
