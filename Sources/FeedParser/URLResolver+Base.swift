extension URLResolver {
    /// A base URL kept as the text the feed wrote, with its parts parsed once.
    ///
    /// Bases stay text rather than `URL`: Foundation on Linux rewrites a non-ASCII host to punycode
    /// (`http://www.詹姆斯.com/` becomes `http://www.xn--8ws00zhy3a.com/`), which would change the
    /// links a feed wrote as IRIs. Parsing once matters because every link, enclosure and `href`
    /// of a document is resolved against the same few bases.
    ///
    /// A class, so that the builder's current base is passed around with one reference count
    /// rather than one per component slice.
    final class Base: Sendable {
        /// The absolute base, cleaned as `cleanReference` does.
        let text: String
        /// Its components; a `Base` always has a scheme.
        let parts: Components
        /// `scheme:` and `//authority` (when there is one): what every absolute-path reference
        /// resolved against this base starts with, built once rather than once per link.
        let origin: [UInt8]

        /// Nil when `text` has no scheme, so that nothing relative can be resolved against it.
        init?(_ text: String) {
            guard let parts = URLResolver.parsedBase(text) else { return nil }
            self.text = text
            self.parts = parts
            var origin = Array(parts.scheme ?? [])
            origin.append(UInt8(ascii: ":"))
            if let authority = parts.authority {
                origin.append(UInt8(ascii: "/"))
                origin.append(UInt8(ascii: "/"))
                origin.append(contentsOf: authority)
            }
            self.origin = origin
        }

        /// Whether `reference`, already cleaned, resolves to `origin` followed by the reference as
        /// written: true for the commonest relative link, an absolute path (`/img/1.png?s=2#t`,
        /// not `//host/…`) whose path has no `.` or `..` segment.
        func joinsOrigin(absolutePath reference: UnsafeBufferPointer<UInt8>) -> Bool {
            guard reference.first == UInt8(ascii: "/") else { return false }
            if reference.count >= 2, reference[1] == UInt8(ascii: "/") { return false }
            let pathEnd = reference.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? reference.endIndex
            return !Components.hasDotSegment(UnsafeBufferPointer(rebasing: reference[..<pathEnd]))
        }

        /// `resolvedBytes` for a reference that `joinsOrigin`, appended to `out`. False, and
        /// nothing appended, for any other reference, which must take the general path.
        func appendResolved(absolutePath reference: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
            guard joinsOrigin(absolutePath: reference) else { return false }
            out.append(contentsOf: origin)
            out.append(contentsOf: reference)
            return true
        }

        /// The absolute form of `reference` against this base (an absolute reference is
        /// returned cleaned, as written).
        func resolve(_ reference: String, paths: ParsePaths) -> String? {
            URLResolver.resolve(reference, againstParts: parts, paths: paths)
        }

        /// The scheme `reference` gets when resolved against this base. Asked of the base rather
        /// than of `base.parts`, which copied the five component slices out of it first.
        func resolvedScheme(_ reference: Components) -> ArraySlice<UInt8>? {
            parts.resolvedScheme(reference)
        }

        /// The bytes of `reference` resolved against this base (see `Components.resolvedBytes`).
        func resolvedBytes(_ reference: Components) -> [UInt8] {
            parts.resolvedBytes(reference)
        }
    }

    /// `reference` resolved against an already parsed base (parts with a scheme); nil when it is
    /// relative and there is no base.
    static func resolve(_ reference: String, againstParts base: Components?, paths: ParsePaths) -> String? {
        if paths.isFast, isCleanAbsolute(reference) { return reference }
        let cleaned = cleanReference(reference)
        let parsed = Components(cleaned)
        if parsed.scheme != nil { return cleaned }
        guard let base else { return nil }
        return String(decoding: base.resolvedBytes(parsed), as: UTF8.self)
    }

    /// True when `reference` has a scheme and nothing for `cleanReference` to change (no white
    /// space or control character anywhere): most links in a feed, returned as written without
    /// splitting them into components.
    static func isCleanAbsolute(_ reference: String) -> Bool {
        var reference = reference
        return reference.withUTF8 { isCleanAbsolute($0) }
    }

    /// The same for the bytes of a reference.
    static func isCleanAbsolute(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let first = bytes.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
        let count = bytes.count
        var index = 1
        // The scheme: letters, digits, `+`, `-`, `.` up to the first `:`.
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { break }
            guard (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return false }
            index += 1
        }
        guard index < count else { return false }
        // No byte up to 0x20, nor DEL: eight at a time (the last eight overlapping), a link being
        // a few dozen bytes with none of them.
        guard count >= 8 else { return !bytes.contains { $0 <= 0x20 || $0 == 0x7F } }
        let raw = UnsafeRawPointer(base)
        func holdsSpaceOrControl(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let delete = word ^ (ones &* 0x7F)
            return ((word &- ones &* 0x21) & ~word | (delete &- ones) & ~delete) & highs != 0
        }
        var offset = 0
        while offset + 8 <= count {
            if holdsSpaceOrControl(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
            offset += 8
        }
        return offset == count || !holdsSpaceOrControl(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }
}
