/// The candidates of an `<img>`'s `srcset` (and its `src`), and the one that best fits the
/// width a picture will be drawn at.
///
///     let set = ImageSourceSet(src: "a.jpg", srcset: "a-320.jpg 320w, a-1280.jpg 1280w")
///     set.best(forPixelWidth: 700)   // "a-1280.jpg": the smallest at least as wide
///
/// Parsed as the HTML standard says (a URL may hold commas; descriptors `Nw`, `Nx`, `Nh`); a
/// candidate with a descriptor it cannot read is dropped, as browsers drop it.
public struct ImageSourceSet: Sendable, Hashable {
    public struct Candidate: Sendable, Hashable {
        public var url: String
        /// Its width in pixels (`640w`), when given.
        public var width: Int?
        /// Its pixel density (`2x`; 1 when nothing is given).
        public var density: Double

        public init(url: String, width: Int? = nil, density: Double = 1) {
            self.url = url
            self.width = width
            self.density = density
        }
    }

    public var candidates: [Candidate]

    public init(src: String?, srcset: String?) {
        candidates = srcset.map(Self.parse) ?? []
        if let src = src?.trimmingWhitespace(), !src.isEmpty, !candidates.contains(where: { $0.width == nil && $0.density == 1 }) {
            candidates.append(Candidate(url: src))
        }
    }

    /// The candidate to download for a picture drawn `pixelWidth` pixels wide: with widths, the
    /// narrowest at least that wide (else the widest); with densities only, 1x (else the
    /// smallest above 1, else the largest). nil when there is no candidate.
    public func best(forPixelWidth pixelWidth: Int) -> String? {
        let sized = candidates.filter { $0.width != nil }
        if !sized.isEmpty {
            let ordered = sized.sorted { $0.width! < $1.width! }
            return (ordered.first { $0.width! >= pixelWidth } ?? ordered.last)?.url
        }
        let ordered = candidates.sorted { $0.density < $1.density }
        return (ordered.first { $0.density >= 1 } ?? ordered.last)?.url
    }

    static func parse(_ text: String) -> [Candidate] {
        var candidates: [Candidate] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "," }
            guard !rest.isEmpty else { return candidates }
            var url = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(url.count)
            var descriptors: [Substring] = []
            if url.hasSuffix(",") {
                // "a.jpg, b.jpg 2x": a URL that ends the candidate, without descriptors.
                while url.hasSuffix(",") { url = url.dropLast() }
            } else {
                // Descriptors up to the next comma outside parentheses.
                var depth = 0
                var current = Substring()
                var index = rest.startIndex
                while index < rest.endIndex {
                    let character = rest[index]
                    if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
                    if character == "," && depth == 0 { break }
                    index = rest.index(after: index)
                }
                current = rest[rest.startIndex..<index]
                rest = rest[index...]
                descriptors = current.split(whereSeparator: \.isWhitespace)
            }
            guard !url.isEmpty, let candidate = Self.candidate(url: String(url), descriptors: descriptors) else { continue }
            candidates.append(candidate)
        }
    }

    private static func candidate(url: String, descriptors: [Substring]) -> Candidate? {
        var candidate = Candidate(url: url)
        var seenWidth = false, seenDensity = false
        for descriptor in descriptors {
            let number = descriptor.dropLast()
            switch descriptor.last {
            case "w":
                guard !seenWidth, !seenDensity, let width = Int(number), width > 0 else { return nil }
                candidate.width = width
                seenWidth = true
            case "x":
                guard !seenWidth, !seenDensity, let density = Double(number), density > 0, density.isFinite else { return nil }
                candidate.density = density
                seenDensity = true
            case "h":
                guard let height = Int(number), height > 0 else { return nil }  // a hint only
            default:
                return nil
            }
        }
        return candidate
    }
}

extension ImageFormat {
    /// The format a `<source type="…">` names, nil for one the reader cannot decode (AVIF, SVG…),
    /// whose `<source>` is skipped for the next.
    public init?(mimeType: String) {
        switch mimeType.split(separator: ";").first?.trimmingWhitespace().lowercased() {
        case "image/png", "image/apng": self = .png
        case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
        case "image/gif": self = .gif
        case "image/webp": self = .webp
        default: return nil
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
