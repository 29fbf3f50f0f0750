extension FeedDate {
    /// Reads ISO 8601 family dates: RFC 3339, W3C-DTF and the compact, ordinal and week forms.
    ///
    /// Returns nil as soon as the text leaves the grammar, so that `WordScanner` can try it.
    enum ISOScanner {
        static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
            var cursor = ByteCursor(bytes)
            guard let year = cursor.number(digits: 4) else { return nil }
            guard var fields = scanDate(year: year, &cursor) else { return nil }
            if cursor.isAtEnd { return fields }

            // Date and time are separated by `T` or, in the wild, by spaces.
            if cursor.peek == UInt8(ascii: "T") || cursor.peek == UInt8(ascii: "t") {
                cursor.advance()
            } else if FeedDate.isSpace(cursor.peek) {
                cursor.skipSpaces()
            } else {
                return nil
            }
            guard scanTime(into: &fields, &cursor) else { return nil }
            cursor.skipSpaces()
            if cursor.isAtEnd { return fields }
            guard let offset = scanZone(&cursor), cursor.isAtEnd else { return nil }
            fields.offset = offset
            return fields
        }

        /// ISO 8601's two-digit-year dates, date only: `YY-MM-DD`, `YYMMDD`, `-YY-MM`, `-YYMM`.
        /// The century follows RFC 2822 (00–49 are 20xx). The five-digit ordinal `YYDDD` is not
        /// read: a bare five-digit number is more likely anything else than a date.
        static func scanTwoDigitYear(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
            var cursor = ByteCursor(bytes)
            func fullYear(_ year: Int) -> Int { year < 50 ? 2000 + year : 1900 + year }
            if cursor.take(UInt8(ascii: "-")) {
                guard let year = cursor.number(digits: 2) else { return nil }
                _ = cursor.take(UInt8(ascii: "-"))
                guard let month = cursor.number(minDigits: 2, maxDigits: 2), cursor.isAtEnd else { return nil }
                return Fields(year: fullYear(year), month: month, day: 1)
            }
            switch cursor.digitRunLength {
            case 6 where bytes.count == 6:
                return Fields(year: fullYear(cursor.number(digits: 2)!), month: cursor.number(digits: 2)!, day: cursor.number(digits: 2)!)
            case 2 where bytes.count == 8:
                let year = cursor.number(digits: 2)!
                guard cursor.take(UInt8(ascii: "-")), let month = cursor.number(minDigits: 2, maxDigits: 2),
                      cursor.take(UInt8(ascii: "-")), let day = cursor.number(minDigits: 2, maxDigits: 2)
                else { return nil }
                return Fields(year: fullYear(year), month: month, day: day)
            default:
                return nil
            }
        }

        private static func scanDate(year: Int, _ cursor: inout ByteCursor) -> Fields? {
            if cursor.isAtEnd { return Fields(year: year, month: 1, day: 1) }
            let extended = cursor.peek == UInt8(ascii: "-")
            if extended { cursor.advance() }
            if cursor.peek == UInt8(ascii: "W") || cursor.peek == UInt8(ascii: "w") {
                cursor.advance()
                return scanWeekDate(year: year, extended: extended, &cursor)
            }
            if extended, let month = cursor.monthWord() {
                // Hungarian feeds write `2004-július-13`.
                guard cursor.take(UInt8(ascii: "-")), let day = cursor.number(minDigits: 1, maxDigits: 2) else { return nil }
                return Fields(year: year, month: month, day: day)
            }
            let run = cursor.digitRunLength
            if extended {
                switch run {
                case 2:
                    let month = cursor.number(digits: 2)!
                    guard cursor.take(UInt8(ascii: "-")) else {
                        return cursor.isAtEnd ? Fields(year: year, month: month, day: 1) : nil
                    }
                    guard let day = cursor.number(minDigits: 1, maxDigits: 2) else { return nil }
                    return Fields(year: year, month: month, day: day)
                case 3 where cursor.peek == UInt8(ascii: "0") && cursor.peek(at: 3) == UInt8(ascii: "-"):
                    // Google once wrote `2003-012-31`: a month with an extra zero.
                    cursor.advance()
                    let month = cursor.number(digits: 2)!
                    guard cursor.take(UInt8(ascii: "-")), let day = cursor.number(minDigits: 1, maxDigits: 2) else { return nil }
                    return Fields(year: year, month: month, day: day)
                case 3:
                    return ordinalDate(year: year, day: cursor.number(digits: 3)!)
                default:
                    return nil
                }
            }
            switch run {
            case 4:
                let month = cursor.number(digits: 2)!
                let day = cursor.number(digits: 2)!
                return Fields(year: year, month: month, day: day)
            case 3:
                return ordinalDate(year: year, day: cursor.number(digits: 3)!)
            default:
                return nil
            }
        }

        private static func ordinalDate(year: Int, day: Int) -> Fields? {
            guard (1...9999).contains(year), day >= 1, day <= (CivilCalendar.isLeap(year) ? 366 : 365) else { return nil }
            let days = CivilCalendar.days(year: year, month: 1, day: 1) + Int64(day - 1)
            let civil = CivilCalendar.civil(fromDays: days)
            return Fields(year: Int(civil.year), month: Int(civil.month), day: Int(civil.day))
        }

        private static func scanWeekDate(year: Int, extended: Bool, _ cursor: inout ByteCursor) -> Fields? {
            guard (1...9999).contains(year), let week = cursor.number(digits: 2) else { return nil }
            var weekday = 1
            if !cursor.isAtEnd, cursor.peek != UInt8(ascii: "T"), !FeedDate.isSpace(cursor.peek) {
                if extended { guard cursor.take(UInt8(ascii: "-")) else { return nil } }
                guard let value = cursor.number(digits: 1) else { return nil }
                weekday = value
            }
            let january4 = CivilCalendar.days(year: year, month: 1, day: 4)
            let firstMonday = january4 - Int64(CivilCalendar.isoWeekday(days: january4) - 1)
            let january1Weekday = CivilCalendar.isoWeekday(days: CivilCalendar.days(year: year, month: 1, day: 1))
            let hasWeek53 = january1Weekday == 4 || (january1Weekday == 3 && CivilCalendar.isLeap(year))
            guard week >= 1, week <= (hasWeek53 ? 53 : 52), (1...7).contains(weekday) else { return nil }
            let civil = CivilCalendar.civil(fromDays: firstMonday + Int64((week - 1) * 7 + weekday - 1))
            return Fields(year: Int(civil.year), month: Int(civil.month), day: Int(civil.day))
        }

        /// Reads `hh[:mm[:ss]][.fff]` or the compact `hh[mm[ss]][.fff]`; one-digit hours as
        /// written by some Hungarian feeds.
        private static func scanTime(into fields: inout Fields, _ cursor: inout ByteCursor) -> Bool {
            let run = cursor.digitRunLength
            if run == 1 || (run == 2 && cursor.peek(at: 2) == UInt8(ascii: ":")) {
                fields.hour = cursor.number(minDigits: 1, maxDigits: 2)!
                guard cursor.take(UInt8(ascii: ":")), let minute = cursor.number(digits: 2) else { return false }
                fields.minute = minute
                if cursor.take(UInt8(ascii: ":")) {
                    guard let second = cursor.number(digits: 2) else { return false }
                    fields.second = second
                }
            } else {
                switch run {
                case 2, 4, 6:
                    fields.hour = cursor.number(digits: 2)!
                    if run >= 4 { fields.minute = cursor.number(digits: 2)! }
                    if run == 6 { fields.second = cursor.number(digits: 2)! }
                default:
                    return false
                }
            }
            if cursor.peek == UInt8(ascii: ".") || cursor.peek == UInt8(ascii: ",") {
                cursor.advance()
                guard let fraction = cursor.fraction() else { return false }
                fields.fraction = fraction
            }
            return true
        }

        /// `Z`, `±hh`, `±hhmm`, `±hh:mm`, or a zone name (`GMT`, `EST`…).
        private static func scanZone(_ cursor: inout ByteCursor) -> Int? {
            if cursor.take(UInt8(ascii: "Z")) || cursor.take(UInt8(ascii: "z")) { return 0 }
            if let offset = cursor.numericOffset() { return offset }
            guard let word = cursor.word(), case .zone(let offset) = WordScanner.meaning(of: word) else { return nil }
            return offset
        }
    }
}
