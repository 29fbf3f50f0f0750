import HTMLText
extension HTMLSanitizer {
    /// A URL attribute value (already entity-decoded) made safe and appended to `out`: false,
    /// and nothing appended, when its scheme is not on the allow-list; otherwise the URL resolved
    /// against `base` (relative URLs stay relative when there is no base). `out` is the caller's,
    /// to be reused from URL to URL.
    ///
    /// The scheme is read the way browsers read it — leading spaces and control characters
    /// skipped, tabs and line breaks inside ignored, case folded — so `" JaVa\tScRiPt:"` is seen as
    /// `javascript:`. The general path (`ParsePaths`) cleans and splits every URL.
    static func cleanURL(_ value: UnsafeBufferPointer<UInt8>, base: URLResolver.Base?, into out: inout [UInt8],
                         paths: ParsePaths) -> Bool {
        var start = 0
        var end = value.count
        while start < end, value[start] <= 0x20 { start += 1 }
        while end > start, value[end - 1] <= 0x20 { end -= 1 }

        var scheme: [UInt8] = []
        var hasScheme = false
        var isPlain = true
        // A control character other than tab or line break inside the scheme: browsers would read
        // the URL as relative, and it would come out of a second pass as a different URL.
        var schemeHasControl = false
        for index in start..<end {
            let byte = value[index]
            if byte == UInt8(ascii: ":") {
                hasScheme = !scheme.isEmpty && (scheme[0] | 0x20) &- UInt8(ascii: "a") < 26
                break
            }
            if byte < 0x20 || byte == 0x7F {
                isPlain = false
                if byte != 0x09, byte != 0x0A, byte != 0x0D { schemeHasControl = true }
                continue
            }
            if CharacterReference.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
                scheme.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
                continue
            }
            break
        }
        if isPlain {
            for index in start..<end where value[index] <= 0x20 || value[index] == 0x7F {
                isPlain = false
                break
            }
        }
        let trimmed = UnsafeBufferPointer(rebasing: value[start..<end])
        if hasScheme {
            guard isAllowedScheme(scheme), !schemeHasControl else { return false }
            if isPlain, paths.isFast {
                out.append(contentsOf: trimmed)
            } else {
                out.append(contentsOf: URLResolver.cleanReference(bytes: Array(value)))
            }
            return true
        }
        // Nearly every relative link is a clean absolute path (`/img/1.png`): joined straight to
        // the base's origin, without splitting it into components first.
        if isPlain, paths.isFast, let base, let scheme = base.parts.scheme, isAllowedScheme(scheme),
           base.appendResolved(absolutePath: trimmed, to: &out) {
            return true
        }
        let reference = URLResolver.cleanReference(bytes: Array(value))
        guard let base else {
            out.append(contentsOf: reference)
            return true
        }
        let parts = URLResolver.Components(bytes: reference)
        // The base comes from the feed too: check the scheme resolution produces.
        guard let scheme = base.resolvedScheme(parts), isAllowedScheme(scheme) else { return false }
        out.append(contentsOf: base.resolvedBytes(parts))
        return true
    }

    /// True when a part of `url` after a comma reads as an address of a scheme not allowed
    /// (`.,data:x`). The HTML standard keeps such commas inside the address, and so does Tidings'
    /// own `ImageSourceSet`, but a reader that splits `srcset` at every comma would load it (found
    /// by fuzz-sanitizer). Commas followed by anything else stay (image CDNs write `w_300,h_200`).
    static func hasForbiddenSchemeAfterComma(_ url: [UInt8]) -> Bool {
        var searchStart = 0
        var scheme: [UInt8] = []
        while let comma = url[searchStart...].firstIndex(of: UInt8(ascii: ",")) {
            scheme.removeAll(keepingCapacity: true)
            var end = comma + 1
            while end < url.count {
                let byte = url[end]
                // Readers drop tabs and line breaks anywhere in an address (`javasc\tript:`).
                if byte <= 0x20 || byte == 0x7F {
                    end += 1
                    continue
                }
                guard CharacterReference.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".") else { break }
                scheme.append(byte)
                end += 1
            }
            if !scheme.isEmpty, end < url.count, url[end] == UInt8(ascii: ":"), !isAllowedScheme(scheme) { return true }
            searchStart = comma + 1
        }
        return false
    }

    /// A `srcset` descriptor as the HTML standard defines them: a number followed by `w`
    /// (width), `x` (density) or `h` (height).
    static func isValidSrcsetDescriptor(_ word: ArraySlice<UInt8>) -> Bool {
        guard let unit = word.last, unit == UInt8(ascii: "w") || unit == UInt8(ascii: "x") || unit == UInt8(ascii: "h") else {
            return false
        }
        let number = word.dropLast()
        return number.contains { $0 &- UInt8(ascii: "0") < 10 } && number.allSatisfy {
            $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
        }
    }

    /// A `srcset` value with each candidate's URL cleaned; candidates with a forbidden scheme are
    /// removed, and nil is returned when none is left.
    static func cleanSrcset(_ value: [UInt8], base: URLResolver.Base?, paths: ParsePaths) -> [UInt8]? {
        var out: [UInt8] = []
        var url: [UInt8] = []
        var index = 0
        let count = value.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        func isDroppedControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F }
        // The bytes `cleanURL` trims from an address's ends (control bytes, white space) count as
        // separators here: a comma they hid would otherwise end up at the cleaned address's edge,
        // and the next pass would read it as one (found by fuzz-sanitizer: `\u{1},r` gave `,r`).
        func isTrimmed(_ byte: UInt8) -> Bool { byte <= 0x20 }
        func isCandidateEnd(_ byte: UInt8) -> Bool { isTrimmed(byte) || byte == UInt8(ascii: ",") }
        while index < count {
            while index < count, isCandidateEnd(value[index]) { index += 1 }
            guard index < count else { break }
            let urlStart = index
            while index < count, !isSpace(value[index]) { index += 1 }
            var urlEnd = index
            while urlEnd > urlStart, isTrimmed(value[urlEnd - 1]) { urlEnd -= 1 }
            var descriptor: ArraySlice<UInt8> = []
            if value[urlEnd - 1] == UInt8(ascii: ",") {
                while urlEnd > urlStart, isCandidateEnd(value[urlEnd - 1]) { urlEnd -= 1 }
            } else {
                let descriptorStart = index
                var depth = 0
                while index < count {
                    let byte = value[index]
                    if byte == UInt8(ascii: "(") { depth += 1 }
                    if byte == UInt8(ascii: ")") { depth = max(0, depth - 1) }
                    if byte == UInt8(ascii: ","), depth == 0 { break }
                    index += 1
                }
                // Without the control bytes that escaping drops: what they stood between would
                // otherwise be trimmed only by the next sanitising (`\u{3} 2x`, a lone `\u{3}`).
                // Its words one space apart: a CR or a tab between them would come back otherwise
                // as the next parse normalises it (CR to LF), and sanitising twice would differ
                // (found by fuzz-sanitizer).
                let words = value[descriptorStart..<index].filter { !isDroppedControl($0) }.split(whereSeparator: isSpace)
                index += 1
                // A candidate with a descriptor that is not a width, density or height is dropped,
                // as browsers drop it: its words would otherwise stand beside the address, where
                // a reader splitting at commas joins them (`javasc` and `ript:`, found by
                // fuzz-sanitizer).
                guard words.allSatisfy(isValidSrcsetDescriptor) else { continue }
                descriptor = ArraySlice(Array(words.joined(separator: [0x20])))
            }
            url.removeAll(keepingCapacity: true)
            // A candidate whose address cleans to nothing (control bytes alone) is dropped with its
            // descriptor: written alone, the descriptor would be read as the next pass's address.
            guard urlEnd > urlStart,
                  value.withUnsafeBufferPointer({ cleanURL(UnsafeBufferPointer(rebasing: $0[urlStart..<urlEnd]), base: base, into: &url, paths: paths) }),
                  !url.isEmpty, !hasForbiddenSchemeAfterComma(url)
            else { continue }
            if !out.isEmpty { out.append(contentsOf: [UInt8(ascii: ","), 0x20]) }
            out.append(contentsOf: url)
            if !descriptor.isEmpty {
                out.append(0x20)
                out.append(contentsOf: descriptor)
            }
        }
        return out.isEmpty ? nil : out
    }
}
