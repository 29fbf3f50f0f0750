extension FeedDate {
    /// Reads dates built from words and numbers in a loose order: RFC 822 and its variants,
    /// RFC 850, asctime, `yyyy/mm/dd hh:mm:ss zone`, and the Korean and Greek forms.
    ///
    /// Every token must be understood: one unknown word makes the whole date nil.
    enum WordScanner {
        enum Meaning: Equatable {
            case weekday
            case month(Int)
            /// Seconds east of UTC.
            case zone(Int)
            case meridiem(isAfternoon: Bool)
            case koreanYear, koreanMonth, koreanDay
        }

        static func meaning(of word: String) -> Meaning? {
            table[word]
        }

        // swiftlint:disable:next cyclomatic_complexity function_body_length
        static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
            var cursor = ByteCursor(bytes)
            var year: Int?
            var month: Int?
            var day: Int?
            var time: (hour: Int, minute: Int, second: Int, fraction: Double)?
            var offset: Int?
            var offsetIsUniversalWord = false
            var afternoon: Bool?
            var isKorean = false

            while !cursor.isAtEnd {
                let byte = cursor.peek
                if FeedDate.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                    cursor.advance()
                    continue
                }
                if byte == UInt8(ascii: "(") {
                    // A trailing comment such as `(PST)` or `(Coordinated Universal Time)`.
                    while !cursor.isAtEnd, cursor.peek != UInt8(ascii: ")") { cursor.advance() }
                    cursor.advance()
                    continue
                }
                if ByteCursor.isDigit(byte) {
                    let run = cursor.digitRunLength
                    let after = cursor.peek(at: run)
                    if after == UInt8(ascii: ":") {
                        guard time == nil, run <= 2 else { return nil }
                        let hour = cursor.number(minDigits: 1, maxDigits: 2)!
                        cursor.advance()
                        guard let minute = cursor.number(minDigits: 2, maxDigits: 2) else { return nil }
                        var second = 0
                        var fraction = 0.0
                        if cursor.take(UInt8(ascii: ":")) {
                            guard let value = cursor.number(digits: 2) else { return nil }
                            second = value
                            if cursor.peek == UInt8(ascii: "."), ByteCursor.isDigit(cursor.peek(at: 1)) {
                                cursor.advance()
                                fraction = cursor.fraction() ?? 0
                            }
                        }
                        time = (hour, minute, second, fraction)
                        continue
                    }
                    if run == 4, after == UInt8(ascii: "-") || after == UInt8(ascii: "/"), ByteCursor.isDigit(cursor.peek(at: 5)) {
                        // `2006/09/15` (Perforce) or `2004-05-25` (Korean Nate).
                        guard year == nil, month == nil, day == nil else { return nil }
                        year = cursor.number(digits: 4)
                        cursor.advance()
                        month = cursor.number(minDigits: 1, maxDigits: 2)
                        guard month != nil, cursor.take(after), let value = cursor.number(minDigits: 1, maxDigits: 2) else { return nil }
                        day = value
                        continue
                    }
                    guard run <= 4 else { return nil }
                    let value = cursor.number(minDigits: 1, maxDigits: 4)!
                    let saved = cursor.position
                    if let word = cursor.word(), let unit = meaning(of: word) {
                        isKorean = true
                        switch unit {
                        case .koreanYear where year == nil: year = value
                        case .koreanMonth where month == nil: month = value
                        case .koreanDay where day == nil: day = value
                        default: return nil
                        }
                        continue
                    }
                    cursor.position = saved
                    switch run {
                    case 4:
                        guard year == nil else { return nil }
                        year = value
                    case 3:
                        guard year == nil else { return nil }
                        year = value + 1900
                    default:
                        if day == nil {
                            day = value
                        } else if year == nil {
                            // RFC 2822 §4.3: 00–49 are 2000–2049, 50–99 are 1950–1999.
                            year = value < 50 ? value + 2000 : value + 1900
                        } else {
                            return nil
                        }
                    }
                    continue
                }
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    if time != nil, offset == nil || offsetIsUniversalWord, let value = cursor.numericOffset() {
                        offset = value
                        offsetIsUniversalWord = false
                        continue
                    }
                    guard byte == UInt8(ascii: "-") else { return nil }
                    cursor.advance()  // RFC 850 writes `06-Nov-94`.
                    continue
                }
                guard let word = cursor.word() else { return nil }
                if word == "etc", cursor.take(UInt8(ascii: "/")) { continue }  // `Etc/GMT`, tz database style
                if word == "at", time == nil { continue }  // "5 Jan 2004 at 10:00"; after a time, Atlantic
                guard let meaning = meaning(of: word) else { return nil }
                switch meaning {
                case .weekday:
                    break
                case .month(let value):
                    guard month == nil else { return nil }
                    month = value
                case .zone(let value):
                    // Single letters are RFC 822 military zones; only read them after a time so that
                    // a stray letter elsewhere is not taken for one.
                    guard offset == nil, word.utf8.count > 1 || time != nil else { return nil }
                    offset = value
                    offsetIsUniversalWord = value == 0 && (word == "gmt" || word == "utc" || word == "ut")
                case .meridiem(let isAfternoon):
                    guard afternoon == nil else { return nil }
                    afternoon = isAfternoon
                    if word.utf8.first ?? 0 >= 0x80 { isKorean = true }
                case .koreanYear, .koreanMonth, .koreanDay:
                    return nil
                }
            }

            guard let year, let month, let day else { return nil }
            var fields = Fields(year: year, month: month, day: day)
            if let time {
                fields.hour = time.hour
                fields.minute = time.minute
                fields.second = time.second
                fields.fraction = time.fraction
            }
            if let afternoon {
                guard (1...12).contains(fields.hour) else { return nil }
                fields.hour = fields.hour % 12 + (afternoon ? 12 : 0)
            }
            fields.offset = offset ?? (isKorean ? 9 * 3600 : 0)
            return fields
        }

        private static let table: [String: Meaning] = {
            var table: [String: Meaning] = [:]
            let englishMonths = [
                "january", "february", "march", "april", "may", "june",
                "july", "august", "september", "october", "november", "december",
            ]
            for (index, name) in englishMonths.enumerated() {
                table[name] = .month(index + 1)
                table[String(name.prefix(3))] = .month(index + 1)
            }
            table["sept"] = .month(9)
            let hungarianMonths = [
                "január", "február", "március", "április", "május", "június",
                "július", "augusztus", "szeptember", "október", "november", "december",
            ]
            for (index, name) in hungarianMonths.enumerated() { table[name] = .month(index + 1) }
            let greekMonths: [(String, Int)] = [
                ("Ιαν", 1), ("Φεβ", 2), ("Μάώ", 3), ("Μαώ", 3), ("Μαρ", 3), ("Απρ", 4), ("Μάι", 5), ("Μαϊ", 5),
                ("Μαι", 5), ("Ιούν", 6), ("Ιον", 6), ("Ιούλ", 7), ("Ιολ", 7), ("Αύγ", 8), ("Αυγ", 8),
                ("Σεπ", 9), ("Οκτ", 10), ("Νοέ", 11), ("Νοε", 11), ("Δεκ", 12),
            ]
            for (name, month) in greekMonths { table[name.lowercased()] = .month(month) }

            let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
            for name in weekdays {
                table[name] = .weekday
                table[String(name.prefix(3))] = .weekday
            }
            for name in ["tues", "wed", "weds", "thur", "thurs"] { table[name] = .weekday }
            for name in ["Κυρ", "Δευ", "Τρι", "Τετ", "Πεμ", "Παρ", "Σαβ"] { table[name.lowercased()] = .weekday }

            table["am"] = .meridiem(isAfternoon: false)
            table["pm"] = .meridiem(isAfternoon: true)
            table["오전"] = .meridiem(isAfternoon: false)
            table["오후"] = .meridiem(isAfternoon: true)
            table["년"] = .koreanYear
            table["월"] = .koreanMonth
            table["일"] = .koreanDay

            let zoneHours: [(String, Double)] = [
                ("ut", 0), ("utc", 0), ("gmt", 0), ("z", 0), ("wet", 0), ("west", 1), ("bst", 1),
                ("cet", 1), ("cest", 2), ("met", 1), ("mest", 2), ("mez", 1), ("mesz", 2), ("eet", 2), ("eest", 3),
                ("msk", 3), ("jst", 9), ("kst", 9), ("hkt", 8), ("sgt", 8),
                ("awst", 8), ("acst", 9.5), ("acdt", 10.5), ("aest", 10), ("aedt", 11), ("nzst", 12), ("nzdt", 13),
                ("ast", -4), ("adt", -3), ("est", -5), ("edt", -4), ("cst", -6), ("cdt", -5),
                ("mst", -7), ("mdt", -6), ("pst", -8), ("pdt", -7), ("akst", -9), ("akdt", -8), ("hst", -10),
                ("at", -4), ("et", -5), ("ct", -6), ("mt", -7), ("pt", -8),
            ]
            for (name, hours) in zoneHours { table[name] = .zone(Int(hours * 3600)) }
            // RFC 822 military zones, with the signs as RFC 822 wrote them (A = -1 … M = -12,
            // N = +1 … Y = +12), which is also how established feed libraries read them.
            for (index, letter) in "abcdefghiklm".enumerated() { table[String(letter)] = .zone(-(index + 1) * 3600) }
            for (index, letter) in "nopqrstuvwxy".enumerated() { table[String(letter)] = .zone((index + 1) * 3600) }
            return table
        }()
    }
}
