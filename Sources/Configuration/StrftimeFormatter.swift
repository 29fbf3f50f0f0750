import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Formats dates with a strftime(3) format (`datetime-format`), in a given time zone, with the
/// POSIX locale's English names: the same text whatever the process's locale and `TZ`.
///
/// glibc's own `strftime_l` does the formatting, so every conversion and flag it knows works
/// (`%-d`, `%_m`, `%G-W%V`…) and anything it does not know is copied as written.
///
/// ```swift
/// let formatter = StrftimeFormatter("%d %b %H:%M", timeZone: TimeZone(identifier: "UTC")!)
/// formatter.string(from: Date(timeIntervalSince1970: 0))   // "01 Jan 00:00"
/// ```
///
/// The zone is applied by shifting the time by the zone's offset at that instant and reading
/// the fields with `gmtime_r`, then giving the fields the zone's offset and name for `%z` and
/// `%Z`, so the process-wide `TZ` is never set.
public struct StrftimeFormatter: Sendable {
    let format: String
    let timeZone: TimeZone

    /// The "C" locale, created once and never changed or freed: English names for `%a`, `%b`…
    nonisolated(unsafe) private static let posixLocale = newlocale(1 << LC_TIME, "C", nil)

    public init(_ format: String, timeZone: TimeZone) {
        self.format = format
        self.timeZone = timeZone
    }

    public func string(from date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        var shifted = time_t(Int(date.timeIntervalSince1970.rounded(.down)) + offset)
        var fields = tm()
        guard gmtime_r(&shifted, &fields) != nil else { return "" }
        fields.tm_gmtoff = offset
        let zoneName = timeZone.abbreviation(for: date) ?? timeZone.identifier
        return zoneName.withCString { zone in
            fields.tm_zone = zone
            // strftime returns 0 both for "too small" and for an empty result: grow a few times.
            for capacity in [256, 4096, 65536] {
                var buffer = [CChar](repeating: 0, count: capacity)
                let length = strftime_l(&buffer, capacity, format, &fields, Self.posixLocale)
                if length > 0 || format.isEmpty { return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            }
            return ""
        }
    }
}
