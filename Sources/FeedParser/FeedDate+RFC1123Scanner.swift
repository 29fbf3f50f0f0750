extension FeedDate {
    /// Reads the one layout nearly every RSS feed writes, RFC 1123's `Tue, 02 Mar 2024 11:21:00 +0000`
    /// (zone `±hhmm`, `GMT`, `UTC`, `UT` or `Z`), without `WordScanner`'s table of words: a `String`
    /// and a hash for the weekday and the month cost ten times the rest of the date.
    ///
    /// A fast path, not a grammar: anything that differs in the slightest (another zone, no weekday,
    /// a two-digit year, a fraction, extra spaces) is nil here and left to `WordScanner`, which
    /// reads this layout the same way. It comes before the ISO scanners, which never read a date
    /// that starts with a letter.
    enum RFC1123Scanner {
        static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
            var cursor = ByteCursor(bytes)
            guard weekdays.contains(threeLetters(&cursor)), cursor.take(UInt8(ascii: ",")), cursor.take(0x20),
                  let day = cursor.number(minDigits: 1, maxDigits: 2), cursor.take(0x20),
                  let month = months.firstIndex(of: threeLetters(&cursor)), cursor.take(0x20),
                  let year = cursor.number(minDigits: 4, maxDigits: 4), cursor.take(0x20),
                  let hour = cursor.number(minDigits: 2, maxDigits: 2), cursor.take(UInt8(ascii: ":")),
                  let minute = cursor.number(minDigits: 2, maxDigits: 2), cursor.take(UInt8(ascii: ":")),
                  let second = cursor.number(minDigits: 2, maxDigits: 2), cursor.take(0x20)
            else { return nil }
            var fields = Fields(year: year, month: month + 1, day: day)
            fields.hour = hour
            fields.minute = minute
            fields.second = second
            if let offset = cursor.numericOffset() {
                fields.offset = offset
            } else {
                guard universalZones.contains(threeLetters(&cursor, allowingFewer: true)) else { return nil }
            }
            return cursor.isAtEnd ? fields : nil
        }

        private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map(pack)
        private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map(pack)
        private static let universalZones = ["gmt", "utc", "ut", "z"].map(pack)

        /// The lower-cased ASCII letters of a short word, one per byte.
        private static func pack(_ word: String) -> UInt32 {
            word.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }

        /// The next word, lower-cased and packed like `pack`, when it is three ASCII letters (or,
        /// `allowingFewer`, one to three) and ends where `WordScanner`'s words end; 0 otherwise.
        private static func threeLetters(_ cursor: inout ByteCursor, allowingFewer: Bool = false) -> UInt32 {
            var packed: UInt32 = 0
            var count = 0
            while count < 3, case let byte = cursor.peek(at: count), (byte | 0x20) &- UInt8(ascii: "a") < 26 {
                packed |= UInt32(byte | 0x20) << (8 * count)
                count += 1
            }
            guard count == 3 || (allowingFewer && count > 0), !ByteCursor.isWordByte(cursor.peek(at: count)) else { return 0 }
            cursor.position += count
            return packed
        }
    }
}
