import Foundation

/// Reads the dates that feeds write and writes the one form Tidings stores.
///
/// Feeds in the wild use RFC 822 (RSS), RFC 3339 / W3C-DTF (Atom, Dublin Core) and a long tail of
/// variants of both. `parse` accepts:
/// - RFC 822/1123/2822 with or without the weekday, two- or four-digit years, full or abbreviated
///   month and day names in any case, missing seconds, odd spacing and commas, numeric offsets
///   (`+hhmm`, `-hh:mm`, `GMT+2`), named zones (`EST`…`PDT`, `GMT`, `UT`, `UTC`, `Z`, common
///   European and Asian abbreviations), RFC 822 military letters, RFC 850 (`06-Nov-94`), asctime
///   (`Sun Jan  4 16:29:06 2004`), `yyyy/mm/dd` dates and a trailing comment such as `(PST)`.
/// - ISO 8601 / RFC 3339 / W3C-DTF: extended and compact forms, fractions, any offset, date only,
///   year-month, year only, ordinal (`2004-183`) and week (`2004-W27-4`) dates, a space instead of
///   `T`, two-digit-year dates (`03-12-31`, `031231`, `-0312`; 00–49 are 20xx), and
///   Hungarian month names (`2004-július-13T9:15-05:00`).
/// - Korean (`2004년 05월 28일 01:31:15`, `2004-05-25 오후 11:23:17`, both +09:00 unless a zone is
///   given) and Greek (`Κυρ, 11 Ιούλ 2004 12:00:00 EST`) forms.
///
/// A date without a zone is taken as UTC, as RSS readers have always done. Anything else — an
/// unknown word, a month 13, a 30 February, a minute 61 — is `nil`: a wrong date sorts an item
/// among the wrong neighbours, a missing one does not.
///
/// Both functions scan bytes by hand; neither allocates a formatter per call.
public enum FeedDate {
    /// Parses a date as feeds write it; nil when it cannot be read (never a guess).
    ///
    /// ```swift
    /// FeedDate.parse("Sat, 07 Sep 2002 00:00:01 GMT")   // 2002-09-07T00:00:01Z
    /// FeedDate.parse("2003-12-13T18:30:02.25+01:00")    // 2003-12-13T17:30:02Z (fraction kept)
    /// FeedDate.parse("yesterday")                       // nil
    /// ```
    public static func parse(_ text: String) -> Date? {
        parse(text, paths: .fast)
    }

    /// The same, with the fast path for RFC 1123 dates or without (`ParsePaths`).
    package static func parse(_ text: String, paths: ParsePaths) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0, paths: paths) }
    }

    /// The same for the date's UTF-8 bytes: the feed builder reads a date straight from its
    /// field buffer, without making a `String` first.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, paths: ParsePaths) -> Date? {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end > start, end - start <= 256 else { return nil }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let fast = paths.isFast ? RFC1123Scanner.scan(slice) : nil
        if let fields = fast ?? ISOScanner.scan(slice) ?? ISOScanner.scanTwoDigitYear(slice)
            ?? WordScanner.scan(slice) {
            return fields.date()
        }
        return nil
    }

    /// Formats `date` as `YYYY-MM-DDTHH:MM:SSZ` in UTC, the form of every date in `tidings parse`.
    ///
    /// Fractions of a second are truncated toward the past so that formatting never moves a date
    /// into the next second.
    public static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        var out = [UInt8]()
        out.reserveCapacity(20)
        func append(_ value: Int64, width: Int) {
            var digits = [UInt8](repeating: 0x30, count: width)
            var rest = value
            for index in stride(from: width - 1, through: 0, by: -1) {
                digits[index] = 0x30 + UInt8(rest % 10)
                rest /= 10
            }
            out.append(contentsOf: digits)
        }
        if year < 0 || year > 9999 {
            // Outside four digits ISO needs a sign and more digits; Foundation's Date range allows it.
            out.append(year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            append(abs(year), width: 6)
        } else {
            append(year, width: 4)
        }
        out.append(UInt8(ascii: "-"))
        append(month, width: 2)
        out.append(UInt8(ascii: "-"))
        append(day, width: 2)
        out.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2)
        out.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2)
        out.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2)
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
