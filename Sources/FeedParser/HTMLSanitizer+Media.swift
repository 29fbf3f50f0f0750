extension HTMLSanitizer {
    /// What an `iframe`, `object` or `embed` plays, when it plays a media file or the player of
    /// a video or audio site: the sanitiser writes a `video` or `audio` element in its place, for
    /// the article view to show as a numbered link to open in a player or a browser (a terminal
    /// shows no frames and runs no plugins). Anything else embedded — an advertisement, a widget,
    /// Flash — is no media: it goes as before.
    enum MediaKind {
        case video, audio

        var elementName: StaticString {
            switch self {
            case .video: "video"
            case .audio: "audio"
            }
        }
    }

    /// A player's address, by host (the host itself or a subdomain of it; nil: any host) and the
    /// start of its path.
    struct MediaPlayer {
        var host: String?
        var pathPrefix: String
        var kind: MediaKind
    }

    /// The players of video and audio sites, as their embed codes address them.
    static let mediaPlayers: [MediaPlayer] = [
        MediaPlayer(host: "youtube.com", pathPrefix: "/embed/", kind: .video),
        MediaPlayer(host: "youtube.com", pathPrefix: "/v/", kind: .video),
        MediaPlayer(host: "youtube-nocookie.com", pathPrefix: "/embed/", kind: .video),
        MediaPlayer(host: "player.vimeo.com", pathPrefix: "/video/", kind: .video),
        MediaPlayer(host: "dailymotion.com", pathPrefix: "/embed/", kind: .video),
        MediaPlayer(host: "player.twitch.tv", pathPrefix: "/", kind: .video),
        MediaPlayer(host: "clips.twitch.tv", pathPrefix: "/embed", kind: .video),
        MediaPlayer(host: "fast.wistia.net", pathPrefix: "/embed/", kind: .video),
        MediaPlayer(host: "players.brightcove.net", pathPrefix: "/", kind: .video),
        MediaPlayer(host: "embed.ted.com", pathPrefix: "/talks/", kind: .video),
        MediaPlayer(host: "streamable.com", pathPrefix: "/e/", kind: .video),
        MediaPlayer(host: "rumble.com", pathPrefix: "/embed/", kind: .video),
        MediaPlayer(host: "player.bilibili.com", pathPrefix: "/", kind: .video),
        MediaPlayer(host: "archive.org", pathPrefix: "/embed/", kind: .video),
        MediaPlayer(host: "facebook.com", pathPrefix: "/plugins/video.php", kind: .video),
        // PeerTube instances, on any host.
        MediaPlayer(host: nil, pathPrefix: "/videos/embed/", kind: .video),
        MediaPlayer(host: "w.soundcloud.com", pathPrefix: "/player", kind: .audio),
        MediaPlayer(host: "open.spotify.com", pathPrefix: "/embed", kind: .audio),
        MediaPlayer(host: "bandcamp.com", pathPrefix: "/EmbeddedPlayer", kind: .audio),
        MediaPlayer(host: "mixcloud.com", pathPrefix: "/widget/", kind: .audio),
        MediaPlayer(host: "embed.podcasts.apple.com", pathPrefix: "/", kind: .audio),
    ]

    /// Media files by their extension.
    static let mediaExtensions: [String: MediaKind] = {
        var kinds: [String: MediaKind] = [:]
        for name in ["mp4", "m4v", "webm", "ogv", "mov", "mkv", "avi", "wmv", "flv", "3gp", "mpg", "mpeg", "m3u8"] { kinds[name] = .video }
        for name in ["mp3", "m4a", "aac", "oga", "ogg", "opus", "wav", "flac", "wma"] { kinds[name] = .audio }
        return kinds
    }()

    /// The kind of media at `url` (cleaned: absolute when the document had a base), by the
    /// element's `type` (`video/…`, `audio/…`), else by its site's player, else by its file
    /// extension; nil when it is no media this reader knows.
    static func embeddedMediaKind(url: String, type: String?) -> MediaKind? {
        if let type = type?.trimmingSpaces().lowercased() {
            if type.hasPrefix("video/") { return .video }
            if type.hasPrefix("audio/") { return .audio }
        }
        guard let schemeEnd = url.range(of: "://"), ["http", "https"].contains(url[..<schemeEnd.lowerBound].lowercased()) else {
            return nil
        }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        let host = String(authority.split(separator: "@").last?.split(separator: ":").first ?? "").lowercased()
        let pathEnd = afterScheme[authorityEnd...].firstIndex { $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let path = String(afterScheme[authorityEnd..<pathEnd])
        for player in mediaPlayers where path.hasPrefix(player.pathPrefix) {
            guard let playerHost = player.host else { return player.kind }
            if host == playerHost || host.hasSuffix("." + playerHost) { return player.kind }
        }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return mediaExtensions[path[path.index(after: dot)...].lowercased()]
    }
}
