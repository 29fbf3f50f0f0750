extension FeedDate {
    /// Reads the one layout nearly every RSS feed writes, RFC 1123's `Tue, 02 Mar 2024 11:21:00 +0000`
    /// (zone `±hhmm`, `GMT`, `UTC`, `UT` or `Z`), at fixed offsets and without `WordScanner`'s
    /// table of words: a `String` and a hash for the weekday and the month cost ten times the rest.
    ///
    /// A fast path, not a grammar: anything that differs in the slightest (another zone, no weekday,
    /// a one-digit day, a two-digit year, a fraction, extra spaces) is nil here and left to
    /// `WordScanner`, which reads this layout the same way. It comes before the ISO scanners,
    /// which never read a date that starts with a letter.
    enum RFC1123Scanner {
        static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
            // "Www, DD Mmm YYYY HH:MM:SS " is 26 bytes; the zone follows.
            guard bytes.count >= 27, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20, bytes[7] == 0x20,
                  bytes[11] == 0x20, bytes[16] == 0x20, bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"),
                  bytes[25] == 0x20, weekdays.contains(letters(bytes, at: 0, count: 3)),
                  let month = months.firstIndex(of: letters(bytes, at: 8, count: 3)),
                  let day = number(bytes, at: 5, digits: 2), let year = number(bytes, at: 12, digits: 4),
                  let hour = number(bytes, at: 17, digits: 2), let minute = number(bytes, at: 20, digits: 2),
                  let second = number(bytes, at: 23, digits: 2)
            else { return nil }
            var fields = Fields(year: year, month: month + 1, day: day)
            fields.hour = hour
            fields.minute = minute
            fields.second = second
            let zone = bytes.count - 26
            if zone == 5, bytes[26] == UInt8(ascii: "+") || bytes[26] == UInt8(ascii: "-") {
                // Out-of-range hours or minutes are left to `WordScanner` (which rejects the date).
                guard let hours = number(bytes, at: 27, digits: 2), let minutes = number(bytes, at: 29, digits: 2),
                      hours <= 23, minutes <= 59
                else { return nil }
                let seconds = hours * 3600 + minutes * 60
                fields.offset = bytes[26] == UInt8(ascii: "-") ? -seconds : seconds
                return fields
            }
            guard zone <= 3, universalZones.contains(letters(bytes, at: 26, count: zone)) else { return nil }
            return fields
        }

        private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map(pack)
        private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map(pack)
        private static let universalZones = ["gmt", "utc", "ut", "z"].map(pack)

        /// The lower-cased ASCII letters of a short word, one per byte.
        private static func pack(_ word: String) -> UInt32 {
            word.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }

        /// The `count` bytes at `start`, lower-cased and packed like `pack`, when all are ASCII
        /// letters; 0 otherwise.
        private static func letters(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, count: Int) -> UInt32 {
            var packed: UInt32 = 0
            for offset in 0..<count {
                let byte = bytes[start + offset] | 0x20
                guard byte &- UInt8(ascii: "a") < 26 else { return 0 }
                packed |= UInt32(byte) << (8 * offset)
            }
            return packed
        }

        /// The decimal number written with exactly `digits` (at most four) digits at `start`.
        /// Inlined, with wrapping arithmetic (four digits cannot overflow): seven calls a date.
        @inline(__always)
        private static func number(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, digits: Int) -> Int? {
            var value = 0
            for offset in 0..<digits {
                let digit = bytes[start &+ offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
    }
}
