@testable import Configuration
import Foundation
import Testing

@Suite struct AppPathsTests {
    @Test func followsXDGVariables() {
        let paths = AppPaths(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data"])
        #expect(paths.urlsFile.path == "/cfg/tidings/urls")
        #expect(paths.configFile.path == "/cfg/tidings/config")
        #expect(paths.cacheFile.path == "/data/tidings/cache.db")
        // newsboat's names, beside the cache (in the data directory, as newsboat keeps them).
        #expect(paths.commandLineHistoryFile.path == "/data/tidings/history.cmdline")
        #expect(paths.searchHistoryFile.path == "/data/tidings/history.search")
    }

    @Test func defaultsUnderHomeWhenUnsetEmptyOrRelative() {
        for environment in [["HOME": "/home/ana"], ["HOME": "/home/ana", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "rel/dir"]] {
            let paths = AppPaths(environment: environment)
            #expect(paths.urlsFile.path == "/home/ana/.config/tidings/urls")
            #expect(paths.configFile.path == "/home/ana/.config/tidings/config")
            #expect(paths.cacheFile.path == "/home/ana/.local/share/tidings/cache.db")
        }
    }

    @Test func commandLineOverridesExpandTilde() {
        let paths = AppPaths(environment: ["HOME": "/home/ana"], urlsFile: "~/newsboat/urls", configFile: "/etc/tidings.conf", cacheFile: "~/c.db")
        #expect(paths.urlsFile.path == "/home/ana/newsboat/urls")
        #expect(paths.configFile.path == "/etc/tidings.conf")
        #expect(paths.cacheFile.path == "/home/ana/c.db")
        #expect(paths.searchHistoryFile.path == "/home/ana/history.search")
    }

    @Test func createsItsDirectoriesOnFirstRun() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = AppPaths(environment: ["HOME": root.path, "XDG_DATA_HOME": root.path + "/share"])
        try paths.createDirectories()
        try paths.createDirectories()  // a second run finds them and is fine
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root.path + "/.config/tidings", isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(FileManager.default.fileExists(atPath: root.path + "/share/tidings", isDirectory: &isDirectory) && isDirectory.boolValue)
    }
}
