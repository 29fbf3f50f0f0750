import ArgumentParser
import Configuration
import FeedServices
import Foundation
import Logging
import TidingsApp

/// newsboat's file and log options, accepted by every command, before or after its name
/// (`tidings -u U reload` and `tidings reload -u U`; see `ArgumentOrder`).
struct GlobalOptions: ParsableArguments {
    @Option(name: [.customShort("u"), .customLong("url-file")], help: ArgumentHelp("The urls file (default: $XDG_CONFIG_HOME/tidings/urls).", valueName: "file"))
    var urlFile: String?

    @Option(name: [.customShort("c"), .customLong("cache-file")], help: ArgumentHelp("The cache file (default: $XDG_DATA_HOME/tidings/cache.db).", valueName: "file"))
    var cacheFile: String?

    @Option(name: [.customShort("C"), .customLong("config-file")], help: ArgumentHelp("The config file (default: $XDG_CONFIG_HOME/tidings/config).", valueName: "file"))
    var configFile: String?

    @Option(
        name: [.customShort("l"), .customLong("log-level")],
        help: ArgumentHelp("How much the log says, as newsboat counts: 1 user errors, 2 critical, 3 errors, 4 warnings, 5 information (the default), 6 debugging.", valueName: "level"))
    var logLevel: NewsboatLogLevel?

    @Option(name: [.customShort("d"), .customLong("log-file")], help: ArgumentHelp("The log file (default: tidings.log beside the cache).", valueName: "file"))
    var logFile: String?

    var paths: AppPaths {
        AppPaths(urlsFile: urlFile, configFile: configFile, cacheFile: cacheFile)
    }

    /// Where the log goes: `-d`, else beside the cache, else — beside a cache in a directory this
    /// user cannot write (a read-only mount, another user's cache) — in `$XDG_STATE_HOME/tidings`,
    /// else in the temporary directory.
    var logPath: String {
        if let logFile { return (logFile as NSString).expandingTildeInPath }
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tidings-\(getuid()).log").path
        return [paths.logFile.path, paths.stateLogFile.path].first(where: Self.canWrite) ?? temporary
    }

    /// Whether a file can be appended to at `path`: it is writable, or it can be made (in the
    /// nearest directory above it that exists, the ones missing made first).
    private static func canWrite(_ path: String) -> Bool {
        if FileManager.default.fileExists(atPath: path) { return access(path, W_OK) == 0 }
        var directory = (path as NSString).deletingLastPathComponent
        while !directory.isEmpty, directory != "/", !FileManager.default.fileExists(atPath: directory) {
            directory = (directory as NSString).deletingLastPathComponent
        }
        return access(directory.isEmpty ? "." : directory, W_OK) == 0
    }

    /// The least severe message the log keeps.
    var leastLoggedLevel: Logger.Level { logLevel?.level ?? .info }

    /// Sends what the pipeline logs (bytes it recovered, a redirect followed) to the log file
    /// beside the cache: standard error carries only what needs a person — a feed that failed, a
    /// bad config line — since cron mails whatever lands there.
    ///
    /// Returns the `error-log` sink, for the command to open once it has read the config.
    @discardableResult
    func logToFile() -> ErrorLog {
        let file = LogFile(path: logPath)
        let errorLog = ErrorLog()
        let level = leastLoggedLevel
        LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: file, errorLog: errorLog, level: level) }
        return errorLog
    }
}

/// newsboat's `-l` levels, 1 to 6, as swift-log's.
enum NewsboatLogLevel: Int, ExpressibleByArgument, CaseIterable {
    case userErrors = 1, critical, errors, warnings, information, debugging

    var level: Logger.Level {
        switch self {
        case .userErrors, .critical: .critical
        case .errors: .error
        case .warnings: .warning
        case .information: .info
        case .debugging: .trace
        }
    }
}
