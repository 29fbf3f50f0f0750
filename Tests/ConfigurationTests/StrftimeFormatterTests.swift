@testable import Configuration
import Foundation
import Testing

/// `datetime-format`: strftime(3) conversions, computed in the preferences' zone without `TZ`.
/// Expected strings are glibc strftime's output for the same instants.
@Suite struct StrftimeFormatterTests {
    private let utc = TimeZone(identifier: "UTC")!
    /// 2025-11-21 04:40:00 UTC, a Friday.
    private let instant = Date(timeIntervalSince1970: 1_763_700_000)

    private func format(_ format: String, _ date: Date? = nil, zone: TimeZone? = nil) -> String {
        StrftimeFormatter(format, timeZone: zone ?? utc).string(from: date ?? instant)
    }

    private func utcDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12) -> Date {
        var components = DateComponents(year: year, month: month, day: day, hour: hour)
        components.timeZone = utc
        return Calendar(identifier: .gregorian).date(from: components)!
    }

    @Test func everyConversionAsGlibcWritesIt() {
        #expect(format("%a %A %b %B %c %C %d %D %e %F %g %G %H %I %j %k %l %m %M %p %r %R %S %T %u %U %V %w %W %x %X %y %Y")
            == "Fri Friday Nov November Fri Nov 21 04:40:00 2025 20 21 11/21/25 21 2025-11-21 25 2025 04 04 325  4  4 11 40 AM 04:40:00 AM 04:40 00 04:40:00 5 46 47 5 46 11/21/25 04:40:00 25 2025")
        #expect(format("%s %h %P %n%t%%") == "1763700000 Nov am \n\t%")
        #expect(format(OptionTable.shared.datetimeFormat.defaultValue) == "2025-11-21")
    }

    @Test func isoWeeksAtTheEdgesOfTheYear() {
        #expect(format("%G-W%V-%u %g", utcDate(2021, 1, 3)) == "2020-W53-7 20")
        #expect(format("%G-W%V-%u %U %W %j", utcDate(2026, 12, 31, 23)) == "2026-W53-4 52 52 365")
        #expect(format("%G-W%V-%u", utcDate(2024, 12, 30)) == "2025-W01-1")
    }

    @Test func glibcPaddingFlags() {
        #expect(format("%-d %_m %0e %-H", utcDate(2026, 3, 5, 7)) == "5  3 05 7")
    }

    @Test func theZoneIsThePreferencesNotTheProcesss() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(format("%Y-%m-%d %H:%M %z %Z", zone: tokyo) == "2025-11-21 13:40 +0900 GMT+9")
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(format("%d %H:%M %z", zone: newYork) == "20 23:40 -0500")
        // Summer time is the offset at that instant.
        #expect(format("%H:%M %z", utcDate(2025, 7, 1), zone: newYork) == "08:00 -0400")
        #expect(format("%Z") == "GMT")
    }

    @Test func unknownConversionsAreShownAsWritten() {
        #expect(format("%Q %E %-q 100%") == "%Q %E %-q 100%")
        #expect(format("%Y%") == "2025%")
    }
}
