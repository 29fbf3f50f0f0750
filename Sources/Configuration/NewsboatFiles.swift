import Foundation

/// An existing newsboat set-up, which the welcome screen offers to bring over: its urls file and
/// its config, where newsboat itself looks for them.
public struct NewsboatFiles: Sendable, Hashable {
    public var urls: URL
    public var config: URL?

    /// newsboat's files: `~/.newsboat/` when that directory has a urls file (newsboat prefers it),
    /// else `$XDG_CONFIG_HOME/newsboat/` (`~/.config/newsboat/`); nil when neither has one.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> NewsboatFiles? {
        let home = AppPaths.home(environment)
        var configHome = environment["XDG_CONFIG_HOME"] ?? ""
        if !configHome.hasPrefix("/") { configHome = home + "/.config" }
        for directory in [home + "/.newsboat", configHome + "/newsboat"] {
            let urls = URL(fileURLWithPath: directory).appendingPathComponent("urls")
            guard FileManager.default.isReadableFile(atPath: urls.path) else { continue }
            let config = URL(fileURLWithPath: directory).appendingPathComponent("config")
            return NewsboatFiles(urls: urls, config: FileManager.default.isReadableFile(atPath: config.path) ? config : nil)
        }
        return nil
    }

    /// Brings the config over once newsboat's urls file has become the urls file (comments and
    /// `query:` lines included, see `UrlsFileEdit`): it becomes the config unless there is one
    /// already. newsboat's own files are left as they are. Returns the status line.
    public func copyConfig(to configPath: String?) -> String {
        guard let config, let configPath, !FileManager.default.fileExists(atPath: configPath) else {
            return "Using newsboat's \(feedCount) — reloading"
        }
        do {
            try FileManager.default.copyItem(atPath: config.path, toPath: configPath)
            return "Using newsboat's \(feedCount) and config (from the next start) — reloading"
        } catch {
            return "Using newsboat's \(feedCount); its config was not copied: \(Excerpt((error as NSError).localizedDescription)) — reloading"
        }
    }

    private var feedCount: String {
        let count = (try? UrlsFile.load(from: urls).subscriptions.count) ?? 0
        return count == 1 ? "1 feed" : "\(count) feeds"
    }
}
