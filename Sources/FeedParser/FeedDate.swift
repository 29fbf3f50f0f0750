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
///   `T`, and Hungarian month names (`2004-július-13T9:15-05:00`).
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
        var text = text
        return text.withUTF8 { bytes -> Date? in
            var start = 0
            var end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            guard end > start, end - start <= 256 else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if let fields = ISOScanner.scan(slice) ?? WordScanner.scan(slice) {
                return fields.date()
            }
            return nil
        }
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

/// The parts of a date as read from text, before they are checked and turned into a `Date`.
struct DateFields {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    /// Seconds east of UTC.
    var offset = 0

    /// The instant these fields name, or nil when any field is out of range (month 13, 30 February,
    /// hour 25). Hour 24 is accepted only as 24:00:00, and second 60 (a leap second) as the next
    /// second, as ISO 8601 allows.
    func date() -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        guard day >= 1, day <= CivilCalendar.daysIn(month: month, year: year) else { return nil }
        guard (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        if hour == 24, minute != 0 || second != 0 || fraction != 0 { return nil }
        guard abs(offset) < 24 * 3600 else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}

/// Proleptic Gregorian arithmetic on day numbers (days since 1970-01-01), after Howard Hinnant's
/// public-domain `days_from_civil` / `civil_from_days`.
enum CivilCalendar {
    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Day of the week, 1 = Monday … 7 = Sunday (ISO numbering).
    static func isoWeekday(days: Int64) -> Int {
        // 1970-01-01 was a Thursday (4).
        Int(((days % 7) + 7 + 3) % 7) + 1
    }
}
