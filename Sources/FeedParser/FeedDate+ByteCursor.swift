extension FeedDate {
    /// A read position in the UTF-8 bytes of a date, with the small readers both scanners share.
    struct ByteCursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { position >= bytes.count }

        /// The current byte, or 0 at the end (0 never matches anything the scanners look for).
        var peek: UInt8 { position < bytes.count ? bytes[position] : 0 }

        func peek(at distance: Int) -> UInt8 {
            position + distance < bytes.count ? bytes[position + distance] : 0
        }

        mutating func advance() { position += 1 }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        mutating func skipSpaces() {
            while position < bytes.count, FeedDate.isSpace(bytes[position]) { position += 1 }
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

        var digitRunLength: Int {
            var end = position
            while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
            return end - position
        }

        /// The next `digits` digits, whatever follows them (compact forms run fields together).
        mutating func number(digits: Int) -> Int? {
            guard digitRunLength >= digits else { return nil }
            var value = 0
            for _ in 0..<digits {
                value = value * 10 + Int(bytes[position] - 0x30)
                position += 1
            }
            return value
        }

        /// A run of `minDigits…maxDigits` digits; nil (and nothing consumed) when the run is
        /// shorter or longer.
        mutating func number(minDigits: Int, maxDigits: Int) -> Int? {
            let run = digitRunLength
            guard run >= minDigits, run <= maxDigits else { return nil }
            var value = 0
            for _ in 0..<run {
                value = value * 10 + Int(bytes[position] - 0x30)
                position += 1
            }
            return value
        }

        /// The digits after a decimal point as a fraction of one (at most nine are significant).
        mutating func fraction() -> Double? {
            let run = digitRunLength
            guard run > 0 else { return nil }
            var value = 0.0
            var scale = 0.1
            for index in 0..<run where index < 9 {
                value += Double(bytes[position + index] - 0x30) * scale
                scale /= 10
            }
            position += run
            return value
        }

        /// `+hh`, `+hhmm`, `+hh:mm`, `+h` (and `-`), in seconds east of UTC.
        mutating func numericOffset() -> Int? {
            let sign = peek
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            let saved = position
            position += 1
            var hours = 0
            var minutes = 0
            switch digitRunLength {
            case 4:
                hours = number(digits: 2)!
                minutes = number(digits: 2)!
            case 3:
                hours = number(digits: 1)!
                minutes = number(digits: 2)!
            case 1, 2:
                hours = number(minDigits: 1, maxDigits: 2)!
                if take(UInt8(ascii: ":")) {
                    guard let value = number(digits: 2) else { position = saved; return nil }
                    minutes = value
                }
            default:
                position = saved
                return nil
            }
            guard hours <= 23, minutes <= 59 else { position = saved; return nil }
            let seconds = hours * 3600 + minutes * 60
            return sign == UInt8(ascii: "-") ? -seconds : seconds
        }

        static func isWordByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte >= 0x80
        }

        /// A run of letters (ASCII or any non-ASCII character), lower-cased.
        mutating func word() -> String? {
            let start = position
            while position < bytes.count, Self.isWordByte(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
            guard slice.allSatisfy({ $0 < 0x80 }) else { return String(decoding: slice, as: UTF8.self).lowercased() }
            // ASCII (nearly every date): lower-case the bytes directly, skipping Unicode case mapping.
            return String(unsafeUninitializedCapacity: slice.count) { buffer in
                for (index, byte) in slice.enumerated() { buffer[index] = byte | 0x20 }
                return slice.count
            }
        }

        /// A month name at the cursor; nothing consumed when the word is not one.
        mutating func monthWord() -> Int? {
            let saved = position
            if let word = word(), case .month(let month) = WordScanner.meaning(of: word) { return month }
            position = saved
            return nil
        }
    }
}
