extension URLResolver {
    /// A base URL kept as the text the feed wrote, with its parts parsed once.
    ///
    /// Bases stay text rather than `URL`: Foundation on Linux rewrites a non-ASCII host to punycode
    /// (`http://www.詹姆斯.com/` becomes `http://www.xn--8ws00zhy3a.com/`), which would change the
    /// links a feed wrote as IRIs. Parsing once matters because every link, enclosure and `href`
    /// of a document is resolved against the same few bases.
    struct Base {
        /// The absolute base, cleaned as `cleanReference` does.
        let text: String
        /// Its components; a `Base` always has a scheme.
        let parts: Components

        /// Nil when `text` has no scheme, so that nothing relative can be resolved against it.
        init?(_ text: String) {
            guard let parts = URLResolver.parsedBase(text) else { return nil }
            self.text = text
            self.parts = parts
        }

        /// The absolute form of `reference` against this base (an absolute reference is
        /// returned cleaned, as written).
        func resolve(_ reference: String) -> String? {
            URLResolver.resolve(reference, againstParts: parts)
        }
    }

    /// `reference` resolved against an already parsed base (parts with a scheme); nil when it is
    /// relative and there is no base.
    static func resolve(_ reference: String, againstParts base: Components?) -> String? {
        let cleaned = cleanReference(reference)
        let parsed = Components(cleaned)
        if parsed.scheme != nil { return cleaned }
        guard let base else { return nil }
        return String(decoding: base.resolvedBytes(parsed), as: UTF8.self)
    }
}
