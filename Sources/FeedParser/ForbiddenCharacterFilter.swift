import CVectorScan
import Foundation

/// Drops the characters XML 1.0 forbids before libxml2 reads them, so that they lose only
/// themselves.
///
/// libxml2 in recovery mode reacts badly to them: a C0 control character inside CDATA ends the
/// document (every later item is lost), one in text or a reference to one (`&#27;`) marks the
/// document malformed, a lone surrogate in UTF-16 stops the decoder, and a NUL stops the parser.
/// The filter removes, in the document's own encoding and across chunk boundaries (a byte at a
/// time works): NUL and the C0 controls other than tab, LF and CR; character references to those
/// controls; in UTF-16 and UTF-32 also U+FFFE, U+FFFF and lone surrogates. Every removal is
/// recorded with its byte offset.
///
/// Encodings in which those bytes carry characters are left alone except for NUL: ISO-2022 and
/// UTF-7 switch character sets with ESC and shifts, EBCDIC puts its line ends there.
struct ForbiddenCharacterFilter {
    /// How characters are laid out in bytes, as far as the filter needs to know.
    enum Layout: Equatable {
        /// No encoding forced and the XML declaration not read yet: bytes are held until it is.
        case undecided
        /// One byte per ASCII character, and no byte below 0x20 inside another character: UTF-8,
        /// ISO-8859, windows-125x, the EUC, GB, Big5 and Shift_JIS families, KOI8 and so on.
        case asciiCompatible
        /// Control bytes are part of the text (ISO-2022, UTF-7, EBCDIC): only NUL is dropped.
        case shiftCoded
        /// UTF-16 or UTF-32 of a known byte order.
        case wide(unitSize: Int, bigEndian: Bool)
        /// A wide encoding whose byte order is unknown: nothing can be filtered safely.
        case untouched
    }

    /// Recoveries beyond this many are counted but not listed.
    static let maxRecorded = 64
    /// The longest character reference looked at (`&#x0000001B;`); longer ones are not controls.
    static let maxReferenceLength = 16
    /// Bytes held waiting for an XML declaration before deciding it is absent.
    static let maxDeclarationLength = 512

    private(set) var layout: Layout
    private(set) var recoveries: [ParseRecovery] = []
    private(set) var recoveryCount = 0
    /// An ESC that began an ISO-2022 designation (`ESC $ B`, `ESC ( J`) was dropped: the document
    /// may be ISO-2022-JP that declared nothing.
    private(set) var droppedISO2022Escape = false
    /// Bytes from the end of the previous chunk that could begin something to drop.
    private var carry: [UInt8] = []
    /// Offset in the document of the first byte of `carry` (or of the next chunk).
    private var offset: Int
    /// With `general`, every chunk is copied through `clean` a unit at a time.
    private let paths: ParsePaths

    init(encoding: String?, startOffset: Int, paths: ParsePaths) {
        layout = encoding.map(Self.layout(forEncoding:)) ?? .undecided
        offset = startOffset
        self.paths = paths
    }

    var droppedAnything: Bool { recoveryCount > 0 }

    /// Passes `bytes` on to `emit` without the forbidden characters; some bytes at the end may be
    /// held back until the next chunk shows what they are. `isLast` releases everything.
    mutating func filter(_ bytes: UnsafeRawBufferPointer, isLast: Bool, emit: (UnsafeRawBufferPointer) -> Void) {
        if layout == .undecided {
            carry.append(contentsOf: bytes)
            guard decideLayout(isLast: isLast) else { return }
            let held = carry
            carry = []
            held.withUnsafeBytes { filterDecided($0, isLast: isLast, emit: emit) }
            return
        }
        filterDecided(bytes, isLast: isLast, emit: emit)
    }

    private mutating func filterDecided(_ bytes: UnsafeRawBufferPointer, isLast: Bool, emit: (UnsafeRawBufferPointer) -> Void) {
        var bytes = bytes
        while paths.isFast, !carry.isEmpty, layout == .asciiCompatible, bytes.count > Self.maxReferenceLength {
            bytes = finishCarriedReference(bytes, emit: emit)
        }
        if paths.isFast, carry.isEmpty {
            let length = uncopiedLength(bytes, isLast: isLast)
            if length == bytes.count {
                offset += bytes.count
                emit(bytes)
                return
            }
            if length > 0 {
                // Clean but for a reference the chunk's end cuts off (often a lone `&`, which
                // feeds write for every `&lt;`): the rest goes on uncopied, the tail is kept.
                offset += length
                emit(UnsafeRawBufferPointer(rebasing: bytes[..<length]))
                carry = Array(bytes[length...])
                return
            }
        }
        var input = carry
        carry = []
        input.append(contentsOf: bytes)
        let output = input.withUnsafeBytes { clean($0, isLast: isLast) }
        output.withUnsafeBytes(emit)
    }

    /// Reads the reference held from the previous chunk with the first bytes of this one, which
    /// are enough to tell what it is, instead of copying the whole chunk behind it. Returns the
    /// bytes after those.
    private mutating func finishCarriedReference(_ bytes: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) -> Void) -> UnsafeRawBufferPointer {
        let head = Self.maxReferenceLength
        var input = carry
        carry = []
        input.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[..<head]))
        let output = input.withUnsafeBytes { clean($0, isLast: false) }
        if !output.isEmpty { output.withUnsafeBytes(emit) }
        return UnsafeRawBufferPointer(rebasing: bytes[head...])
    }

    // MARK: Deciding the layout

    /// Reads the encoding from the XML declaration once it is complete (or known to be absent).
    private mutating func decideLayout(isLast: Bool) -> Bool {
        let declarationStart = Array("<?xml".utf8)
        let prefix = carry.prefix(declarationStart.count)
        let complete = isLast || carry.count >= Self.maxDeclarationLength
            || !declarationStart.starts(with: prefix) || Self.containsDeclarationEnd(carry)
        guard complete else { return false }
        let declared = carry.withUnsafeBytes { EncodingSniffer.declaredEncoding($0) }
        layout = declared.map(Self.layout(forEncoding:)) ?? .asciiCompatible
        // A declaration naming a wide encoding in ASCII bytes is wrong: the bytes are not wide.
        if case .wide = layout { layout = .asciiCompatible }
        if layout == .untouched { layout = .asciiCompatible }
        return true
    }

    private static func containsDeclarationEnd(_ bytes: [UInt8]) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "?"), byte == UInt8(ascii: ">") { return true }
            previous = byte
        }
        return false
    }

    static func layout(forEncoding name: String) -> Layout {
        let compact = String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        for (prefix, size) in [("utf16", 2), ("ucs2", 2), ("unicode", 2), ("utf32", 4), ("ucs4", 4)] where compact.hasPrefix(prefix) {
            let rest = compact.dropFirst(prefix.count)
            if rest.hasPrefix("le") || rest.hasPrefix("little") { return .wide(unitSize: size, bigEndian: false) }
            if rest.hasPrefix("be") || rest.hasPrefix("big") { return .wide(unitSize: size, bigEndian: true) }
            return .untouched
        }
        if compact.contains("2022") || compact.hasPrefix("utf7") || compact.hasPrefix("unicode11utf7") || isEBCDIC(compact) {
            return .shiftCoded
        }
        return .asciiCompatible
    }

    /// EBCDIC code pages by their glibc names and aliases (cp500, IBM037, csIBM500, ebcdic-us…).
    private static func isEBCDIC(_ compact: String) -> Bool {
        if compact.hasPrefix("ebcdic") { return true }
        let number = compact.drop(while: { $0.isLetter })
        let family = compact.prefix(while: { $0.isLetter })
        guard ["cp", "ibm", "csibm"].contains(family), let code = Int(number) else { return false }
        return ebcdicPages.contains(code)
    }

    private static let ebcdicPages: Set<Int> = [
        37, 38, 273, 274, 275, 277, 278, 280, 281, 284, 285, 290, 297, 420, 423, 424, 500, 870, 871, 875, 880, 905, 918,
        930, 933, 935, 937, 939, 1025, 1026, 1047, 1097, 1112, 1122, 1123, 1130, 1132, 1137, 1140, 1141, 1142, 1143, 1144,
        1145, 1146, 1147, 1148, 1149, 1153, 1154, 1155, 1156, 1157, 1158, 1160, 1164, 1166, 4971, 12712, 16804,
    ]

    // MARK: Finding what to drop

    /// How much of the chunk can go to libxml2 as it is, uncopied: all of it when it holds nothing
    /// the filter might remove or must hold back; in a UTF-8 feed, all but a reference its end
    /// cuts off (kept for the next chunk) when that is all; else nothing. The clean path of a
    /// UTF-8 feed costs a vector scan and a `memchr` per `#`. The general path copies every chunk.
    private func uncopiedLength(_ bytes: UnsafeRawBufferPointer, isLast: Bool) -> Int {
        switch layout {
        case .undecided, .wide: return 0
        case .untouched: return bytes.count
        case .shiftCoded: return bytes.contains(0) ? 0 : bytes.count
        case .asciiCompatible:
            if Self.hasControlByte(bytes) { return 0 }
            switch Self.firstReferenceToLookAt(bytes) {
            case .none: return bytes.count
            case .forbidden: return 0
            case .incomplete(let start): return isLast ? 0 : start
            }
        }
    }

    /// Whether a byte is a control character XML forbids (below 0x20, other than tab, line feed
    /// and carriage return), with the processor's vector instructions where it has them.
    private static func hasControlByte(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return tidings_has_forbidden_control(base.assumingMemoryBound(to: UInt8.self), bytes.count) == 1
    }

    private enum ReferenceToLookAt {
        case none
        case forbidden
        /// A reference (or a lone `&`) that runs to the end of the bytes, starting there.
        case incomplete(start: Int)
    }

    /// The first reference to a forbidden control (`&#27;`), else one cut off by the chunk's end
    /// (it runs to the end, so nothing can follow it). References to other characters
    /// (`&#8217;`, common in real feeds) leave the chunk on the clean path, uncopied.
    ///
    /// Every numeric reference has a `#` right after its `&`, so the search is for `#`: feeds
    /// escape their HTML with `&lt;` and `&amp;`, and a `memchr` per `&` cost more than the
    /// rest of the filter. An `&` that ends the chunk may begin a reference: it is incomplete.
    private static func firstReferenceToLookAt(_ bytes: UnsafeRawBufferPointer) -> ReferenceToLookAt {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .none }
        var index = 1
        while index < bytes.count, let found = memchr(base + index, 0x23, bytes.count - index) {
            let hash = base.distance(to: UnsafeRawPointer(found))
            index = hash + 1
            guard bytes[hash - 1] == 0x26 else { continue }
            switch forbiddenReference(fromUnit: hash - 1, unitCount: bytes.count, unitSize: 1, unit: { UInt32(bytes[$0]) }) {
            case .notForbidden: continue
            case .forbidden: return .forbidden
            case .incomplete: return .incomplete(start: hash - 1)
            }
        }
        if bytes[bytes.count - 1] == 0x26 { return .incomplete(start: bytes.count - 1) }
        return .none
    }

    @inline(__always)
    private static func isForbiddenControl(_ value: UInt32) -> Bool {
        value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D
    }

    // MARK: Removing

    /// The bytes without what must go; an unfinished tail goes to `carry` unless `isLast`.
    private mutating func clean(_ input: UnsafeRawBufferPointer, isLast: Bool) -> [UInt8] {
        // Nothing can be filtered safely (see `Layout.untouched`); only the general path, which
        // copies every chunk through here, gets here with such a layout.
        if layout == .untouched {
            offset += input.count
            return Array(input)
        }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        let unitSize: Int
        let bigEndian: Bool
        switch layout {
        case .wide(let size, let isBig): (unitSize, bigEndian) = (size, isBig)
        default: (unitSize, bigEndian) = (1, false)
        }
        func unit(at index: Int) -> UInt32 {
            var value: UInt32 = 0
            for byte in 0..<unitSize {
                let shift = bigEndian ? (unitSize - 1 - byte) * 8 : byte * 8
                value |= UInt32(input[index + byte]) << shift
            }
            return value
        }
        let unitCount = input.count / unitSize
        var index = 0
        var holdFrom: Int?
        let units = UnsafeBufferPointer(start: input.baseAddress?.assumingMemoryBound(to: UInt8.self), count: input.count)
        while index < unitCount {
            if unitSize == 1, paths.isFast {
                // Copy the run up to the next byte that may need a look in one go.
                let runStart = index
                while index < unitCount {
                    let byte = units[index]
                    // Tab, LF, CR and an `&` that starts no character reference need no look.
                    let isPlain = byte >= 0x20
                        ? byte != 0x26 || (index + 1 < unitCount && units[index + 1] != UInt8(ascii: "#"))
                        : byte == 0x09 || byte == 0x0A || byte == 0x0D
                    guard isPlain else { break }
                    index += 1
                }
                if index > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: units[runStart..<index])) }
                if index == unitCount { break }
            }
            let start = index * unitSize
            let value = unit(at: start)
            if value == 0 || (layout != .shiftCoded && Self.isForbiddenControl(value)) {
                if value == 0x1B, unitSize == 1, index + 1 < unitCount, input[start + 1] == 0x24 || input[start + 1] == 0x28 {
                    droppedISO2022Escape = true
                }
                record("control character \(Self.codePoint(value))", at: start)
                index += 1
                continue
            }
            if unitSize == 2, (0xD800...0xDBFF).contains(value) {
                if index + 1 >= unitCount, !isLast { holdFrom = start; break }
                if index + 1 < unitCount, (0xDC00...0xDFFF).contains(unit(at: start + 2)) {
                    output.append(contentsOf: input[start..<(start + 4)])
                    index += 2
                    continue
                }
                record("lone surrogate", at: start)
                index += 1
                continue
            }
            if unitSize > 1, (0xD800...0xDFFF).contains(value) || value == 0xFFFE || value == 0xFFFF || value > 0x10FFFF {
                record("non-character \(Self.codePoint(value))", at: start)
                index += 1
                continue
            }
            if value == 0x26, layout != .shiftCoded {
                switch Self.forbiddenReference(fromUnit: index, unitCount: unitCount, unitSize: unitSize, unit: unit) {
                case .incomplete where !isLast:
                    holdFrom = start
                case .forbidden(let length, let character):
                    record("reference to control character \(Self.codePoint(character))", at: start)
                    index += length
                    continue
                default:
                    break
                }
                if holdFrom != nil { break }
            }
            output.append(contentsOf: input[start..<(start + unitSize)])
            index += 1
        }
        let keptEnd = holdFrom ?? unitCount * unitSize
        if holdFrom == nil, !isLast { carry = Array(input[keptEnd...]) }  // A partial unit.
        if let holdFrom { carry = Array(input[holdFrom...]) }
        if isLast, holdFrom == nil { output.append(contentsOf: input[keptEnd...]) }
        offset += input.count - carry.count
        return output
    }

    private enum Reference {
        case notForbidden
        case incomplete
        case forbidden(units: Int, character: UInt32)
    }

    /// Reads `&#…;` or `&#x…;` at `first` (an `&`): whether it names a forbidden control.
    private static func forbiddenReference(fromUnit first: Int, unitCount: Int, unitSize: Int,
                                           unit: (Int) -> UInt32) -> Reference {
        var index = first + 1
        func next() -> UInt32? { index < unitCount ? unit(index * unitSize) : nil }
        guard let hash = next() else { return .incomplete }
        guard hash == 0x23 else { return .notForbidden }
        index += 1
        guard let marker = next() else { return .incomplete }
        let isHex = marker == 0x78 || marker == 0x58
        if isHex { index += 1 }
        var value: UInt32 = 0
        var digits = 0
        while true {
            guard index - first < maxReferenceLength else { return .notForbidden }
            guard let current = next() else { return .incomplete }
            let digit: UInt32?
            switch current {
            case 0x30...0x39: digit = current - 0x30
            case 0x61...0x66 where isHex: digit = current - 0x61 + 10
            case 0x41...0x46 where isHex: digit = current - 0x41 + 10
            default: digit = nil
            }
            guard let digit else {
                guard current == 0x3B, digits > 0 else { return .notForbidden }
                // NUL is left to the parser, which reads a reference to it as U+FFFD.
                return value != 0 && isForbiddenControl(value) ? .forbidden(units: index - first + 1, character: value) : .notForbidden
            }
            value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
            digits += 1
            index += 1
        }
    }

    /// `what` is made only for the recoveries listed: a document of control bytes has millions.
    private mutating func record(_ what: @autoclosure () -> String, at position: Int) {
        recoveryCount += 1
        guard recoveries.count < Self.maxRecorded else { return }
        recoveries.append(ParseRecovery(reason: "dropped \(what())", byteOffset: offset + position))
    }

    /// `U+001B`: four hexadecimal digits at least, as Unicode writes a code point (Foundation's
    /// `String(format:)` took a third of the time of a document full of control bytes).
    static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
