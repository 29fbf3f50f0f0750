import Foundation

/// Where Tidings keeps its files, following the XDG base directories:
/// `$XDG_CONFIG_HOME/tidings/urls`, `$XDG_CONFIG_HOME/tidings/config` and
/// `$XDG_DATA_HOME/tidings/cache.db`, with `~/.config` and `~/.local/share` when the variables are
/// unset, empty or relative (as the XDG specification says). The command line's `-u`, `-C` and
/// `-c` replace each path.
public struct AppPaths: Sendable, Equatable {
    public var urlsFile: URL
    public var configFile: URL
    public var cacheFile: URL
    /// Where the log goes when it cannot be written beside the cache (a read-only mount, another
    /// user's cache): `$XDG_STATE_HOME/tidings/tidings.log` (`~/.local/state`), the XDG place
    /// for logs.
    public var stateLogFile: URL
    /// The log, beside the cache (`tidings.log`): what the pipeline and the reader have to say
    /// that needs no person at once.
    public var logFile: URL { cacheFile.deletingLastPathComponent().appendingPathComponent("tidings.log") }
    /// The command line's history, kept between sessions beside the cache (newsboat's name,
    /// `history.cmdline`, in its data directory).
    public var commandLineHistoryFile: URL { cacheFile.deletingLastPathComponent().appendingPathComponent("history.cmdline") }
    /// The search prompt's history, beside the cache (newsboat's `history.search`).
    public var searchHistoryFile: URL { cacheFile.deletingLastPathComponent().appendingPathComponent("history.search") }

    /// - Parameters:
    ///   - environment: the process environment (injected by tests).
    ///   - urlsFile, configFile, cacheFile: overrides from the command line; `~/` is expanded and
    ///     relative paths are taken from the current directory.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        urlsFile: String? = nil, configFile: String? = nil, cacheFile: String? = nil
    ) {
        let home = AppPaths.home(environment)
        let configHome = AppPaths.baseDirectory(environment["XDG_CONFIG_HOME"], default: home + "/.config")
        let dataHome = AppPaths.baseDirectory(environment["XDG_DATA_HOME"], default: home + "/.local/share")
        let stateHome = AppPaths.baseDirectory(environment["XDG_STATE_HOME"], default: home + "/.local/state")
        stateLogFile = URL(fileURLWithPath: stateHome).appendingPathComponent("tidings/tidings.log")
        let configDirectory = URL(fileURLWithPath: configHome).appendingPathComponent("tidings")
        let dataDirectory = URL(fileURLWithPath: dataHome).appendingPathComponent("tidings")
        self.urlsFile = urlsFile.map { AppPaths.expand($0, home: home) } ?? configDirectory.appendingPathComponent("urls")
        self.configFile = configFile.map { AppPaths.expand($0, home: home) } ?? configDirectory.appendingPathComponent("config")
        self.cacheFile = cacheFile.map { AppPaths.expand($0, home: home) } ?? dataDirectory.appendingPathComponent("cache.db")
    }

    /// Creates the directories that hold the three files (first run); existing ones are left alone.
    public func createDirectories() throws {
        for file in [urlsFile, configFile, cacheFile] {
            let directory = file.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw DirectoryError(path: directory.path, underlying: error)
            }
        }
    }

    /// A directory for Tidings' files could not be created; one line naming it and the reason.
    public struct DirectoryError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String

        init(path: String, underlying: Error) {
            self.path = path
            // Foundation's own text for these is a multi-line dump of its error domains.
            let posix = ((underlying as NSError).userInfo[NSUnderlyingErrorKey] as? any Error)
                .map { $0 as NSError }
                .flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
            reason = posix.map { String(cString: strerror($0)) } ?? "cannot be created"
        }

        public var description: String { "cannot create the directory \(path): \(reason)" }
    }

    public static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    private static func baseDirectory(_ value: String?, default fallback: String) -> String {
        guard let value, value.hasPrefix("/") else { return fallback }
        return value
    }

    private static func expand(_ path: String, home: String) -> URL {
        if path == "~" { return URL(fileURLWithPath: home) }
        if path.hasPrefix("~/") { return URL(fileURLWithPath: home + path.dropFirst(1)) }
        return URL(fileURLWithPath: path)
    }
}
