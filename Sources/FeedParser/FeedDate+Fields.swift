import Foundation

extension FeedDate {
    /// The parts of a date as read from text, before they are checked and turned into a `Date`.
    struct Fields {
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
}
