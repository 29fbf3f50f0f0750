/// Charset names as feeds and servers write them, turned into names libxml2 opens: through glibc's
/// iconv, or ICU for what iconv lacks (Debian builds libxml2 with both: `x-mac-greek`).
///
/// iconv already knows the IANA names and most aliases (`cp437`, `IBM500`, `csIBM500`, `macintosh`,
/// `VISCII`, `ms-ansi`…). What it does not know are the spellings of other platforms: Java's and
/// Microsoft's `x-` prefixes, the Mac names without hyphens that Python and Mozilla use, the
/// Windows code-page numbers of the Mac charsets, Python's `ibm039` (IBM037) and the Korean
/// `ks_c_5601-1987`. A name neither knows is no name: the caller falls back to detection.
enum CharsetName {
    /// A name iconv opens for `name`, or nil when there is none.
    static func iconvName(for name: String) -> String? {
        let trimmed = name.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        if XMLFeedReader.canDecode(trimmed) { return trimmed }
        let lowered = trimmed.lowercased()
        if let alias = aliases[lowered], XMLFeedReader.canDecode(alias) { return alias }
        if lowered.hasPrefix("x-") { return iconvName(for: String(lowered.dropFirst(2))) }
        return nil
    }

    private static let aliases: [String: String] = [
        "maccentraleurope": "MAC-CENTRALEUROPE", "maclatin2": "MAC-CENTRALEUROPE", "mac-ce": "MAC-CENTRALEUROPE",
        "mac-latin2": "MAC-CENTRALEUROPE", "cp10029": "MAC-CENTRALEUROPE",
        "maccyrillic": "MAC-CYRILLIC", "cp10007": "MAC-CYRILLIC",
        "macroman": "MACINTOSH", "mac-roman": "MACINTOSH", "cp10000": "MACINTOSH",
        "macgreek": "x-mac-greek", "mac-greek": "x-mac-greek", "cp10006": "x-mac-greek",
        "macturkish": "x-mac-turkish", "mac-turkish": "x-mac-turkish", "cp10081": "x-mac-turkish",
        "ibm039": "IBM037", "cp039": "IBM037",
        "macukraine": "MACUKRAINIAN", "mac-ukrainian": "MACUKRAINIAN", "cp10017": "MACUKRAINIAN",
        "csviscii": "VISCII", "viscii1.1-1": "VISCII",
        "ks_c_5601-1987": "CP949", "ks_c_5601": "CP949", "ks_c_5601-1989": "CP949", "ksc5601": "CP949",
        "ksc_5601": "CP949", "ks_x_1001": "CP949", "korean": "CP949", "ms949": "CP949", "windows-949": "CP949",
        "ms950": "CP950", "windows-950": "CP950", "big5-tw": "BIG5", "csbig5": "BIG5",
        "windows-31j": "CP932", "ms932": "CP932", "shift-jis": "SHIFT_JIS", "sjis": "SHIFT_JIS",
        "euc-jp-ms": "EUC-JP-MS", "ujis": "EUC-JP",
        "gb_2312-80": "GB2312", "gb_2312": "GB2312", "chinese": "GB2312", "csiso58gb231280": "GB2312",
        "windows-936": "GBK", "ms936": "GBK",
        "cp65001": "UTF-8", "unicode-1-1-utf-8": "UTF-8", "unicode-1-1-utf-7": "UTF-7", "csunicode11utf7": "UTF-7",
        "cp874": "WINDOWS-874", "ms874": "WINDOWS-874", "tis620": "TIS-620",
        "iso-8859-8-i": "ISO-8859-8", "iso-8859-6-i": "ISO-8859-6", "iso-8859-8-e": "ISO-8859-8",
        "iso-8859-6-e": "ISO-8859-6", "logical": "ISO-8859-8", "visual": "ISO-8859-8",
    ]
}
