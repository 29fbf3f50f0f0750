import Foundation

// A child process started by the store benchmark's two-process test does its part and exits.
StoreChildProcess.runIfRequested()
ReaderBenchmark.runChildIfRequested()
MillionBenchmark.runChildIfRequested()
MillionBenchmark.runPurgeChildIfRequested()
ReloadBenchmark.runScenarioIfRequested()

// `tidings-bench [NAME [ARGUMENT…]]…`: runs the named benchmarks (all when none is named). Each benchmark lives
// in its own `XBenchmark.swift` and registers here with one line.
let benchmarks: [(name: String, run: ([String]) -> Void)] = [
    ("parser", ParserBenchmark.run),
    ("store", { _ in StoreBenchmark.run() }),
    ("reader", { _ in ReaderBenchmark.run() }),
    ("keys", ReaderLatencyBenchmark.run),
    ("reload", ReloadBenchmark.run),
    ("versus", VersusNewsboatBenchmark.run),
    ("text", { _ in TextBenchmark.run() }),
    ("cells", { _ in CellBenchmark.run() }),
    ("extract", { _ in ExtractBenchmark.run() }),
    ("sync", { _ in SyncBenchmark.run() }),
    ("filters", { _ in FilterBenchmark.run() }),
    ("stories", { _ in StoryBenchmark.run() }),
    ("pictures", { _ in PictureLatencyBenchmark.run() }),
    ("million", MillionBenchmark.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
if let first = arguments.first, let internalRun = ParserBenchmark.subcommand(first) {
    internalRun(Array(arguments.dropFirst()))
    exit(0)
}
// Words after a benchmark's name that name no benchmark are its own (`reload one-host`).
var selected: [(name: String, arguments: [String])] = arguments.isEmpty ? benchmarks.map { ($0.name, []) } : []
for word in arguments {
    if benchmarks.contains(where: { $0.name == word }) || selected.isEmpty {
        selected.append((word, []))
    } else {
        selected[selected.count - 1].arguments.append(word)
    }
}
for (name, benchmarkArguments) in selected {
    guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("tidings-bench: unknown benchmark \(name); known: \(benchmarks.map(\.name).joined(separator: ", "))\n".utf8))
        exit(1)
    }
    benchmark.run(benchmarkArguments)
}
