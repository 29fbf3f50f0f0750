import ArgumentParser
import Configuration
import FeedServices
import Logging
import TidingsApp

/// newsboat's file options, accepted by every command, before or after its name
/// (`tidings -u U reload` and `tidings reload -u U`; see `ArgumentOrder`).
struct GlobalOptions: ParsableArguments {
    @Option(name: [.customShort("u"), .customLong("url-file")], help: "The urls file (default: $XDG_CONFIG_HOME/tidings/urls).")
    var urlFile: String?

    @Option(name: [.customShort("c"), .customLong("cache-file")], help: "The cache file (default: $XDG_DATA_HOME/tidings/cache.db).")
    var cacheFile: String?

    @Option(name: [.customShort("C"), .customLong("config-file")], help: "The config file (default: $XDG_CONFIG_HOME/tidings/config).")
    var configFile: String?

    var paths: AppPaths {
        AppPaths(urlsFile: urlFile, configFile: configFile, cacheFile: cacheFile)
    }

    /// Sends what the pipeline logs (bytes it recovered, a redirect followed) to the log file
    /// beside the cache: standard error carries only what needs a person — a feed that failed, a
    /// bad config line — since cron mails whatever lands there.
    ///
    /// Returns the `error-log` sink, for the command to open once it has read the config.
    @discardableResult
    func logToFile() -> ErrorLog {
        let file = LogFile(path: paths.logFile.path)
        let errorLog = ErrorLog()
        LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: file, errorLog: errorLog) }
        return errorLog
    }
}
