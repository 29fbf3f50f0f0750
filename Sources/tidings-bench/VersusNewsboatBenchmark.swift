import Foundation
import TestSupport

/// `tidings reload --all` against `newsboat -x reload` (newsboat's defaults), the real programs on
/// the same feeds from the same loopback server, which adds 50 ms to every request (issue 46):
///
/// - `200-feeds`: 200 feeds × 100 items on 20 loopback addresses, as feeds are spread over sites.
///   Targets: cold ≥ 10 × newsboat and ≤ 2 × the network floor, daily ≥ 10 × newsboat,
///   all-304 ≤ 0.8 s.
/// - `one-host`: the same feeds on one address (an RSSHub instance, YouTube channels). Target:
///   cold ≤ 2.5 s.
/// - `thousand`: 1,000 feeds × 100 items on 20 addresses. Targets: cold ≤ 10 s, all-304 ≤ 2 s,
///   peak memory ≤ 150 MB.
///
/// Each program reloads three times into a cache of its own: cold (an empty cache), daily (every
/// feed then has 5 new items on top, see `BenchFeedSet`) and all-304 (nothing changed). Times
/// are wall times of the whole process, start-up and closing the cache included; memory and
/// CPU are each process's own. The network floor is curl fetching every feed once, as many at
/// once as Tidings may (6 connections a host), with nothing parsed or stored. After each reload
/// both caches are counted (`tidings unread`, `newsboat -x print-unread`): every item must have
/// landed, and the all-304 reload must report every feed unchanged.
/// `TIDINGS_BENCH_SKIP_NEWSBOAT=1` leaves newsboat out (the thousand takes it minutes).
/// `TIDINGS_BENCH_KEEP=1` keeps the folder (its path is printed).
enum VersusNewsboatBenchmark {
    struct Scenario {
        let name: String
        let feedCount: Int
        let hostCount: Int
        let itemsPerFeed = 100
    }

    static let scenarios = [
        Scenario(name: "200-feeds", feedCount: 200, hostCount: 20),
        Scenario(name: "one-host", feedCount: 200, hostCount: 1),
        Scenario(name: "thousand", feedCount: 1000, hostCount: 20),
    ]
    static let latency = 0.05
    static let connectionsPerHost = 6

    static func run(_ names: [String]) {
        for name in names where !scenarios.contains(where: { $0.name == name }) {
            print("versus: unknown scenario \(name); known: \(scenarios.map(\.name).joined(separator: ", "))")
        }
        for scenario in names.isEmpty ? scenarios : scenarios.filter({ names.contains($0.name) }) {
            do {
                try measure(scenario)
            } catch {
                print("versus: \(scenario.name): failed: \(error)")
            }
        }
    }

    /// One program's home: its urls file, an empty config, its cache.
    struct Client {
        enum Kind: String { case tidings, newsboat }
        let kind: Kind
        let program: String
        var name: String { kind.rawValue }
        let home: URL
        var urls: URL { home.appendingPathComponent("urls") }
        var cache: URL { home.appendingPathComponent("cache.db") }
        var config: URL { home.appendingPathComponent("config") }
        var fileArguments: [String] { ["-u", urls.path, "-c", cache.path, "-C", config.path] }
        var reloadArguments: [String] {
            switch kind {
            case .tidings: ["reload", "--all"] + fileArguments
            case .newsboat: fileArguments + ["-x", "reload"]
            }
        }
        var unreadArguments: [String] {
            switch kind {
            case .tidings: ["unread"] + fileArguments
            case .newsboat: fileArguments + ["-x", "print-unread"]
            }
        }
        var environment: [String: String] {
            ["HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_DATA_HOME": home.path, "XDG_STATE_HOME": home.path,
             "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "dumb"]
        }

        init(_ kind: Kind, program: String, directory: URL, feedURLs: [String]) throws {
            self.kind = kind
            self.program = program
            home = directory.appendingPathComponent(kind.rawValue)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try Data((feedURLs.joined(separator: "\n") + "\n").utf8).write(to: urls)
            // `TIDINGS_BENCH_TIDINGS_CONFIG='reload-threads 32'` measures other settings.
            let lines = kind == .tidings ? ProcessInfo.processInfo.environment["TIDINGS_BENCH_TIDINGS_CONFIG"] ?? "" : ""
            try Data(lines.utf8).write(to: config)
        }

        func reload(log: URL) throws -> MeasuredRun {
            try MeasuredRun.run(program, reloadArguments, environment: environment, outputFile: log)
        }

        /// The unread articles its cache holds, as the program itself counts them.
        func unread(log: URL) throws -> Int? {
            let run = try MeasuredRun.run(program, unreadArguments, environment: environment, outputFile: log)
            return run.output.split(whereSeparator: { !$0.isNumber }).first.flatMap { Int($0) }
        }
    }

    private static func measure(_ scenario: Scenario) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-versus-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // `TIDINGS_BENCH_KEEP=1` keeps the feeds and both homes, to profile a program by hand.
        defer { if ProcessInfo.processInfo.environment["TIDINGS_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(at: directory) } }
        var feeds = try BenchFeedSet(folder: directory.appendingPathComponent("feeds"), count: scenario.feedCount,
                                     itemsPerFeed: scenario.itemsPerFeed)
        let hosts = (1...scenario.hostCount).map { "127.0.0.\($0)" }
        let server = try LoopbackServer(routes: [:], hosts: hosts, delay: latency, directory: feeds.folder.path, lifetime: 3600)
        defer { server.stop() }
        let urls = (0..<scenario.feedCount).map { "http://\(hosts[$0 % hosts.count]):\(server.port)/\($0).xml" }
        let label = "versus: \(scenario.name):"
        if ProcessInfo.processInfo.environment["TIDINGS_BENCH_KEEP"] != nil { print("\(label) kept in \(directory.path)") }
        print("\(label) \(scenario.feedCount) feeds × \(scenario.itemsPerFeed) items (\(feeds.totalBytes / 1_000_000) MB"
            + "\(feeds.compresses ? ", sent gzipped" : "")) on \(scenario.hostCount) loopback host\(scenario.hostCount == 1 ? "" : "s"), "
            + "\(Int(latency * 1000)) ms added per request")

        let floor = try networkFloor(urls, hostCount: scenario.hostCount, directory: directory)
        print(String(format: "\(label) network floor %.2f s (curl, %d at once, nothing parsed or stored)",
                     floor, connectionsPerHost * scenario.hostCount))

        let tidingsProgram = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tidings").path
        guard FileManager.default.isExecutableFile(atPath: tidingsProgram) else {
            return print("\(label) no \(tidingsProgram): build it with `swift build -c release --product tidings`")
        }
        var clients = [try Client(.tidings, program: tidingsProgram, directory: directory, feedURLs: urls)]
        if ProcessInfo.processInfo.environment["TIDINGS_BENCH_SKIP_NEWSBOAT"] == nil {
            if let newsboat = ["/usr/bin/newsboat", "/usr/local/bin/newsboat"].first(where: FileManager.default.isExecutableFile) {
                clients.append(try Client(.newsboat, program: newsboat, directory: directory, feedURLs: urls))
            } else {
                print("\(label) newsboat is not installed (`make test` installs it): Tidings alone")
            }
        }
        let log = directory.appendingPathComponent("log")
        print("\(label)          " + clients.map { $0.name.padding(toLength: 30, withPad: " ", startingAt: 0) }.joined()
            + (clients.count > 1 ? "newsboat ÷ tidings" : ""))

        var expectedUnread = scenario.feedCount * scenario.itemsPerFeed
        for round in ["cold", "daily", "all-304"] {
            if round == "daily" {
                try feeds.writeDailyVersion()
                expectedUnread += scenario.feedCount * BenchFeedSet.newItemsPerDay
            }
            var runs: [MeasuredRun] = []
            var checks: [String] = []
            for client in clients {
                let run = try client.reload(log: log)
                runs.append(run)
                let unread = try client.unread(log: log)
                if run.exitStatus != 0 { checks.append("\(client.name) exited with \(run.exitStatus): \(run.lastLine)") }
                if unread != expectedUnread {
                    checks.append("\(client.name) holds \(unread.map(String.init) ?? "?") unread, not \(expectedUnread)")
                }
                if client.kind == .tidings {
                    checks.append("tidings: \(run.lastLine)")
                    if round == "all-304" && !run.lastLine.contains("\(scenario.feedCount) unchanged") {
                        checks.append("tidings: not every feed answered 304")
                    }
                }
            }
            let columns = runs.map {
                String(format: "%6.2f s  %5.0f MB  CPU %5.2f s  ", $0.seconds, $0.peakMegabytes, $0.cpuSeconds)
            }
            let ratio = runs.count > 1 ? String(format: "%.1f×", runs[1].seconds / runs[0].seconds) : ""
            print("\(label) \(round.padding(toLength: 8, withPad: " ", startingAt: 0)) " + columns.joined() + ratio)
            for check in checks { print("\(label)          \(check)") }
            if round == "cold" {
                print(String(format: "\(label)          tidings' cold reload is %.2f × the network floor", runs[0].seconds / floor))
            }
        }
    }

    /// Seconds for curl to fetch every feed once (gzipped, kept-alive connections), as many at
    /// once as Tidings' reload may have.
    private static func networkFloor(_ urls: [String], hostCount: Int, directory: URL) throws -> Double {
        let list = directory.appendingPathComponent("curl-urls")
        try Data(urls.map { "url = \"\($0)\"\noutput = \"/dev/null\"\n" }.joined().utf8).write(to: list)
        let run = try MeasuredRun.run(
            "/usr/bin/curl", ["--silent", "--compressed", "--parallel", "--parallel-max", "\(connectionsPerHost * hostCount)", "--config", list.path],
            environment: ["PATH": "/usr/bin:/bin"], outputFile: directory.appendingPathComponent("curl-log"))
        return run.seconds
    }
}
