import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Formats dates with a strftime(3) format (`datetime-format`), in a given time zone, with the
/// POSIX locale's English names: the same text whatever the process's locale and `TZ`.
///
/// Supported: `%a %A %b %h %B %c %C %d %D %e %F %g %G %H %I %j %k %l %m %M %n %p %P %r %R %s %S
/// %t %T %u %U %V %w %W %x %X %y %Y %z %Z %%`. The flags `-` (no padding), `_` (pad with spaces)
/// and `0` (pad with zeros) of glibc work on the numeric ones. Anything else is copied as it is
/// written, so a typo shows in the list instead of vanishing.
///
/// ```swift
/// let formatter = StrftimeFormatter("%d %b %H:%M", timeZone: TimeZone(identifier: "UTC")!)
/// formatter.string(from: Date(timeIntervalSince1970: 0))   // "01 Jan 00:00"
/// ```
///
/// The zone is applied by shifting the time by the zone's offset at that instant and reading
/// the fields with `gmtime_r`, so the process-wide `TZ` is never set.
struct StrftimeFormatter: Sendable {
    let format: String
    let timeZone: TimeZone

    init(_ format: String, timeZone: TimeZone) {
        self.format = format
        self.timeZone = timeZone
    }

    /// The conversions this formatter knows (for checking a format when the config is read).
    static let conversions: Set<Character> = Set("aAbhBcCdDeFgGHIjklmMnpPrRsStTuUVwWxXyYzZ%")

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// The broken-down time of `date` in the zone.
    private struct Fields {
        var time: tm
        var epochSeconds: Int
        var offset: Int
        var zoneName: String
    }

    func string(from date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let offset = timeZone.secondsFromGMT(for: date)
        var shifted = time_t(seconds + offset)
        var time = tm()
        gmtime_r(&shifted, &time)
        let fields = Fields(
            time: time, epochSeconds: seconds, offset: offset,
            zoneName: timeZone.abbreviation(for: date) ?? timeZone.identifier)
        return Self.expand(format, fields)
    }

    /// Padding asked for by a glibc flag.
    private enum Padding {
        case standard, none, spaces, zeros
    }

    private static func expand(_ format: String, _ fields: Fields) -> String {
        var result = ""
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            var padding = Padding.standard
            var written = "%"
            var conversion = characters.next()
            if let flag = conversion, "-_0".contains(flag) {
                padding = flag == "-" ? .none : flag == "_" ? .spaces : .zeros
                written.append(flag)
                conversion = characters.next()
            }
            guard let conversion else {
                result += written
                break
            }
            if let text = convert(conversion, fields, padding) {
                result += text
            } else {
                result += written + String(conversion)
            }
        }
        return result
    }

    private static func number(_ value: Int, width: Int, _ padding: Padding, standardPad: Character = "0") -> String {
        let digits = String(abs(value))
        let sign = value < 0 ? "-" : ""
        let fill: Character?
        switch padding {
        case .standard: fill = standardPad
        case .none: fill = nil
        case .spaces: fill = " "
        case .zeros: fill = "0"
        }
        guard let fill, digits.count + sign.count < width else { return sign + digits }
        return String(repeating: fill, count: width - digits.count - sign.count) + sign + digits
    }

    /// The text of one conversion, or nil when it is not one this formatter knows.
    private static func convert(_ conversion: Character, _ fields: Fields, _ padding: Padding) -> String? {
        let time = fields.time
        let year = Int(time.tm_year) + 1900
        let hour12 = (Int(time.tm_hour) + 11) % 12 + 1
        func expand(_ format: String) -> String { Self.expand(format, fields) }
        switch conversion {
        case "a": return String(weekdays[Int(time.tm_wday)].prefix(3))
        case "A": return weekdays[Int(time.tm_wday)]
        case "b", "h": return String(months[Int(time.tm_mon)].prefix(3))
        case "B": return months[Int(time.tm_mon)]
        case "c": return expand("%a %b %e %H:%M:%S %Y")
        case "C": return number(year / 100, width: 2, padding)
        case "d": return number(Int(time.tm_mday), width: 2, padding)
        case "D", "x": return expand("%m/%d/%y")
        case "e": return number(Int(time.tm_mday), width: 2, padding, standardPad: " ")
        case "F": return expand("%Y-%m-%d")
        case "g": return number(isoWeek(time).year % 100, width: 2, padding)
        case "G": return number(isoWeek(time).year, width: 1, padding)
        case "H": return number(Int(time.tm_hour), width: 2, padding)
        case "I": return number(hour12, width: 2, padding)
        case "j": return number(Int(time.tm_yday) + 1, width: 3, padding)
        case "k": return number(Int(time.tm_hour), width: 2, padding, standardPad: " ")
        case "l": return number(hour12, width: 2, padding, standardPad: " ")
        case "m": return number(Int(time.tm_mon) + 1, width: 2, padding)
        case "M": return number(Int(time.tm_min), width: 2, padding)
        case "n": return "\n"
        case "p": return time.tm_hour < 12 ? "AM" : "PM"
        case "P": return time.tm_hour < 12 ? "am" : "pm"
        case "r": return expand("%I:%M:%S %p")
        case "R": return expand("%H:%M")
        case "s": return String(fields.epochSeconds)
        case "S": return number(Int(time.tm_sec), width: 2, padding)
        case "t": return "\t"
        case "T", "X": return expand("%H:%M:%S")
        case "u": return String((Int(time.tm_wday) + 6) % 7 + 1)
        case "U": return number((Int(time.tm_yday) + 7 - Int(time.tm_wday)) / 7, width: 2, padding)
        case "V": return number(isoWeek(time).week, width: 2, padding)
        case "w": return String(time.tm_wday)
        case "W": return number((Int(time.tm_yday) + 7 - (Int(time.tm_wday) + 6) % 7) / 7, width: 2, padding)
        case "y": return number(year % 100, width: 2, padding)
        case "Y": return number(year, width: 1, padding)
        case "z":
            let minutes = abs(fields.offset) / 60
            return (fields.offset < 0 ? "-" : "+") + number(minutes / 60 * 100 + minutes % 60, width: 4, .zeros)
        case "Z": return fields.zoneName
        case "%": return "%"
        default: return nil
        }
    }

    /// ISO 8601 week number and week-based year (`%V`, `%G`).
    private static func isoWeek(_ time: tm) -> (year: Int, week: Int) {
        let year = Int(time.tm_year) + 1900
        let weekday = (Int(time.tm_wday) + 6) % 7  // Monday = 0
        let yearDay = Int(time.tm_yday)
        var week = (yearDay - weekday + 10) / 7
        if week < 1 {
            return (year - 1, weeksInISOYear(year - 1))
        }
        if week > weeksInISOYear(year) {
            week = 1
            return (year + 1, week)
        }
        return (year, week)
    }

    /// 53 when the year starts on a Thursday, or on a Wednesday in a leap year; else 52.
    private static func weeksInISOYear(_ year: Int) -> Int {
        func januaryFirstWeekday(_ year: Int) -> Int {
            // Gauss's algorithm; 0 = Sunday.
            let y = year - 1
            return (1 + 5 * (y % 4) + 4 * (y % 100) + 6 * (y % 400)) % 7
        }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let first = januaryFirstWeekday(year)
        return first == 4 || (isLeap && first == 3) ? 53 : 52
    }
}
