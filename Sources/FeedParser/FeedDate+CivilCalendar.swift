extension FeedDate {
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
}
