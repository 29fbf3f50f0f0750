import Foundation

/// A video or audio of an article, read from its `<video>` or `<audio>` element (which the
/// sanitiser also makes of a video site's player, or of a plugin playing a media file): shown at
/// its place as a numbered link, `[video 3: caption]`, its poster drawn as a picture, its tracks
/// (subtitles, captions) as links after it. What the element holds for readers without players
/// (its fallback) is not shown: a player is what this link opens.
struct ArticleMedia {
    enum Kind: String {
        case video, audio
    }

    /// A `<track>`: its address, what it is (`subtitles`, `captions`, `chapters`…), its label.
    struct Track {
        var src: String
        var kind: String
        var label: String?
    }

    var kind: Kind
    /// The element's `src`, else its first `<source>`'s.
    private(set) var src: String?
    var poster: String?
    var title: String?
    private(set) var tracks: [Track] = []

    init(kind: Kind, src: String?, poster: String?, title: String?) {
        self.kind = kind
        self.src = Self.nonEmpty(src)
        self.poster = Self.nonEmpty(poster)
        self.title = Self.nonEmpty(title)
    }

    mutating func addSource(_ source: String?) {
        if src == nil { src = Self.nonEmpty(source) }
    }

    mutating func addTrack(src: String?, kind: String?, label: String?, language: String?) {
        guard let src = Self.nonEmpty(src), tracks.count < Self.maximumTracks else { return }
        let kind = Self.nonEmpty(kind)?.lowercased() ?? "subtitles"
        tracks.append(Track(src: src, kind: kind.allSatisfy(\.isLetter) ? kind : "subtitles", label: Self.nonEmpty(label) ?? Self.nonEmpty(language)))
    }

    /// Most tracks listed for one video: a hostile item's thousand `<track>`s cost no more.
    static let maximumTracks = 8

    /// `[video 3: caption]`, or `[video]` without a number (no address a reader can open). The
    /// caption is the title, else the file's name, else the player's address without its query
    /// (`www.youtube.com/embed/abc`).
    func label(number: Int?, absoluteSource: String?) -> String {
        let name = number.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue
        guard let caption = title ?? absoluteSource.flatMap(Self.caption(of:)) else { return "[\(name)]" }
        return "[\(name): \(caption)]"
    }

    /// `[captions 4: English]`.
    static func label(of track: Track, number: Int?) -> String {
        let name = number.map { "\(track.kind) \($0)" } ?? track.kind
        return track.label.map { "[\(name): \($0)]" } ?? "[\(name)]"
    }

    /// The last part of a media file's path (`talk.mp4`), or the host and path of a player's
    /// address, which names a page rather than a file.
    static func caption(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        let address = rest.prefix { $0 != "?" && $0 != "#" }
        let path = address.drop { $0 != "/" }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        let name = (last.removingPercentEncoding ?? last).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if name.contains("."), !name.hasPrefix(".") { return name }
        let shown = address.hasSuffix("/") ? address.dropLast() : address[...]
        return shown.isEmpty ? nil : String(shown)
    }

    /// The text with white space collapsed and control characters left out; nil when empty.
    private static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
        let collapsed = printable.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return collapsed.isEmpty ? nil : collapsed
    }
}
