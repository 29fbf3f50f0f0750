import CVectorScan

/// Makes a `String` from bytes that are almost always valid UTF-8 (libxml2's output, and the
/// sanitiser's, which only replaces ASCII tokens in it) at a fraction of the cost of
/// `String(decoding:as:)`, whose validation goes a byte at a time: a field is checked 32 or 64
/// bytes at a time with vector instructions (CVectorScan) where the processor has them, short
/// ones eight ASCII bytes at a time, and the validated bytes are handed over with
/// `UTF8Span(unchecked:)`. Bytes that are not valid UTF-8 take `String(decoding:as:)`, which
/// repairs them with U+FFFD. The general path (`ParsePaths.general`) checks every field with the
/// portable scalar kernel.
enum ValidatedUTF8 {
    /// What `validate` found in bytes that are well-formed UTF-8.
    struct Verdict: Equatable {
        /// Every byte is below 0x80: no repair changes the text.
        var isASCII: Bool
        /// The bytes hold the pair `MojibakeRepair.mayBeDoublyEncoded` looks for first: C3 82–B4
        /// (U+00C2–U+00F4) followed at once by a byte ≥ 0xC2. Noted by the validation itself (three
        /// more vector comparisons, or a look at each C3 the scalar loop walks through): without
        /// the pair, that check cannot succeed, and text need not be scanned again for it.
        var mayBeDoublyEncoded: Bool
    }

    /// A `String` made from UTF-8 bytes, with whether `MojibakeRepair` may find doubly encoded
    /// text in it.
    struct Text {
        var string: String
        /// False only when the bytes were validated as a whole and hold no pair that can begin a
        /// doubly encoded character; true when unsure.
        var mayBeDoublyEncoded: Bool
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>, paths: ParsePaths) -> String {
        guard let verdict = validate(bytes, paths: paths) else { return String(decoding: bytes, as: UTF8.self) }
        return string(validated: bytes, isASCII: verdict.isASCII)
    }

    /// The same, with the verdict on double encoding. Invalid bytes are repaired with U+FFFD,
    /// which can join the characters around them into a pair: "maybe" then.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, paths: ParsePaths) -> Text {
        guard let verdict = validate(bytes, paths: paths) else {
            return Text(string: String(decoding: bytes, as: UTF8.self), mayBeDoublyEncoded: true)
        }
        return Text(string: string(validated: bytes, isASCII: verdict.isASCII), mayBeDoublyEncoded: verdict.mayBeDoublyEncoded)
    }

    static func text(_ bytes: [UInt8], paths: ParsePaths) -> Text {
        bytes.withUnsafeBufferPointer { text($0, paths: paths) }
    }

    /// The `String` of bytes that `validate` accepted, with its verdict: for callers that need
    /// the verdict too, without validating twice.
    static func string(validated bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        // A String of invalid UTF-8 is undefined behaviour: debug builds (tests, fuzzers) check
        // the verdict against the standard library's.
        assert(String(validating: bytes, as: UTF8.self) != nil, "ValidatedUTF8 accepted invalid UTF-8")
        assert(!isASCII || bytes.allSatisfy { $0 < 0x80 }, "ValidatedUTF8 given a wrong ASCII verdict")
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    }

    static func string(_ bytes: [UInt8], paths: ParsePaths) -> String {
        bytes.withUnsafeBufferPointer { string($0, paths: paths) }
    }

    /// What the bytes hold when they are well-formed UTF-8 (Unicode's table 3-7: no overlong
    /// forms, surrogates or code points above U+10FFFF); nil when they are not.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, paths: ParsePaths) -> Verdict? {
        guard let base = bytes.baseAddress else { return Verdict(isASCII: true, mayBeDoublyEncoded: false) }
        guard paths.isFast else {
            return verdict(ofVectorCheck: tidings_utf8_check_using(Int32(TIDINGS_SCAN_SCALAR), base, bytes.count))
        }
        // Vectors from 32 bytes on (fields of feed text, where characters that are not ASCII
        // come every few dozen bytes and the loop below mispredicts one branch each); short
        // fields are mostly ASCII, which the loop skips eight bytes at a time.
        if bytes.count >= 32 { return verdict(ofVectorCheck: tidings_utf8_check(base, bytes.count)) }
        return validateByWords(bytes)
    }

    /// The verdict of `tidings_utf8_check` (CVectorScan.h), nil for bytes that are not well-formed.
    static func verdict(ofVectorCheck check: Int32) -> Verdict? {
        guard check > 0 else { return nil }
        return Verdict(isASCII: check & Int32(TIDINGS_UTF8_NOT_ASCII) == 0,
                       mayBeDoublyEncoded: check & Int32(TIDINGS_UTF8_MOJIBAKE_PAIR) != 0)
    }

    /// The same verdict for short fields, skipping ASCII eight bytes at a time.
    static func validateByWords(_ bytes: UnsafeBufferPointer<UInt8>) -> Verdict? {
        guard let base = bytes.baseAddress else { return Verdict(isASCII: true, mayBeDoublyEncoded: false) }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        // Most short fields (links, ids, dates, names) are ASCII: all their words, the last one
        // overlapping, settle it without the loop's exits.
        if count >= 8 {
            var high = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            var offset = 0
            while offset &+ 8 <= count {
                high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
            if high & 0x8080_8080_8080_8080 == 0 { return Verdict(isASCII: true, mayBeDoublyEncoded: false) }
        }
        var isASCII = true
        var mayBeDoublyEncoded = false
        var index = 0
        while index < count {
            // Sixteen ASCII bytes a step while they last (most of a field is runs of ASCII),
            // then eight at a time up to the next byte that is not ASCII.
            if index &+ 16 <= count,
               (raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                   | raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0 {
                index &+= 16
                continue
            }
            if index &+ 8 <= count {
                let high = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080
                if high == 0 {
                    index &+= 8
                    continue
                }
                // Straight to the first byte that is not ASCII (the load is little-endian).
                index &+= high.trailingZeroBitCount >> 3
            } else if base[index] < 0x80 {
                index &+= 1
                continue
            }
            isASCII = false
            guard let length = sequenceLength(at: index, in: bytes) else { return nil }
            // Every 0xC3 of valid UTF-8 is a lead byte, so this sees each one `mayBeDoublyEncoded`
            // would: U+00C2–U+00F4 before another character that is not ASCII.
            if base[index] == 0xC3, base[index &+ 1] &- 0x82 <= 0xB4 - 0x82, index &+ 2 < count, base[index &+ 2] >= 0xC2 {
                mayBeDoublyEncoded = true
            }
            index &+= length
        }
        return Verdict(isASCII: isASCII, mayBeDoublyEncoded: mayBeDoublyEncoded)
    }

    /// The length of the well-formed multi-byte sequence at `index`, or nil.
    @inline(__always)
    static func sequenceLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lead = bytes[index]
        // The second byte's range depends on the lead; the others are any continuation byte.
        let length: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowest = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; highest = 0x9F
        case 0xF0: length = 4; lowest = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; highest = 0x8F
        default: return nil
        }
        // One unsigned comparison for the range of the second byte.
        guard bytes.count - index >= length, bytes[index + 1] &- lowest <= highest &- lowest else { return nil }
        if length > 2, bytes[index + 2] & 0xC0 != 0x80 { return nil }
        if length > 3, bytes[index + 3] & 0xC0 != 0x80 { return nil }
        return length
    }
}
