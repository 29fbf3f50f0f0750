import Foundation

/// Where the article actions put things and what opens enclosures: newsboat's `player`,
/// `download-path`, `download-filename-format` and `save-path`, and Tidings' `queue-file`.
public struct ArticleActionOptions: Sendable, Equatable {
    /// The command that opens an enclosure from the URL view (`player`); nil: the browser.
    public var player: String?
    /// The directory podboat downloads enqueued enclosures to (`download-path`); may hold
    /// `%`-specifiers (see `PodcastQueue.target`).
    public var downloadPath = "~/"
    /// The name of a download in it (`download-filename-format`): newsboat's default, the URL's
    /// file name, else the date.
    public var downloadFileNameFormat = ArticleActionOptions.defaultDownloadFileNameFormat
    /// The directory `save` proposes (`save-path`).
    public var savePath = "~/"
    /// The podcast queue file (`queue-file`); nil: the one podboat reads (see `resolved`).
    public var queueFile: String?

    public static let defaultDownloadFileNameFormat = "%?u?%u&%Y-%b-%d-%H%M%S.unknown?"

    public init(
        player: String? = nil, downloadPath: String = "~/", downloadFileNameFormat: String = ArticleActionOptions.defaultDownloadFileNameFormat,
        savePath: String = "~/", queueFile: String? = nil
    ) {
        self.player = player
        self.downloadPath = downloadPath
        self.downloadFileNameFormat = downloadFileNameFormat
        self.savePath = savePath
        self.queueFile = queueFile
    }

    /// The options with `~` expanded from `$HOME` and the queue file found as newsboat and podboat
    /// find theirs: `$XDG_DATA_HOME/newsboat/queue` when `$XDG_CONFIG_HOME/newsboat` is a
    /// directory, else `~/.newsboat/queue`.
    public func resolved(environment: [String: String]) -> ArticleActionOptions {
        resolved(home: environment["HOME"] ?? NSHomeDirectory(), defaultQueueFile: Self.newsboatQueueFile(environment: environment))
    }

    /// The options with `~` expanded to `home`, the queue file `defaultQueueFile` unless one is set
    /// (looked up once, with ``newsboatQueueFile(environment:)``: this reads no file).
    public func resolved(home: String, defaultQueueFile: String) -> ArticleActionOptions {
        var resolved = self
        resolved.downloadPath = Self.expand(downloadPath, home: home)
        resolved.savePath = Self.expand(savePath, home: home)
        resolved.queueFile = queueFile.map { Self.expand($0, home: home) } ?? defaultQueueFile
        return resolved
    }

    /// Where newsboat and podboat keep the queue: `$XDG_DATA_HOME/newsboat/queue` when
    /// `$XDG_CONFIG_HOME/newsboat` is a directory, else `~/.newsboat/queue`.
    public static func newsboatQueueFile(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: configHome + "/newsboat", isDirectory: &isDirectory), isDirectory.boolValue {
            return dataHome + "/newsboat/queue"
        }
        return home + "/.newsboat/queue"
    }

    /// `path` with a leading `~` replaced by `home`.
    public static func expand(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        return path
    }
}
