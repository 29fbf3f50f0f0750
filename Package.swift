// swift-tools-version:6.0
import PackageDescription

let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift")
let argumentParser: Target.Dependency = .product(name: "ArgumentParser", package: "swift-argument-parser")
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
/// What the reader's test targets build on.
let readerTestDependencies: [Target.Dependency] = [
    "TidingsApp", "ImageRendering", "FeedServices", "Configuration", "FilterLanguage", "TerminalUI", "FeedStore", "FeedModel",
    "FeedFetcher", "TestSupport", grdb,
]

let package = Package(
    name: "Tidings",
    products: [
        .executable(name: "tidings", targets: ["tidings"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // System libraries: a module map and a shim header each, nothing else.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CNcursesw", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CUchardet", pkgConfig: "uchardet", providers: [.apt(["libuchardet-dev"])]),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        // One variadic SQLite call (`sqlite3_db_config`), which Swift cannot make; GRDB links SQLite.
        .systemLibrary(name: "CSQLiteClose"),

        .target(name: "FeedModel"),
        // HTML to text, one tokenizer for every use (article, previews, excerpts, search text).
        .target(name: "HTMLText"),
        // The common case of the SAX `characters` callback (see CSAXText.h). DWARF 4: valgrind 3.19
        // cannot read the DWARF 5 clang writes by default, and would refuse the whole binary. No
        // frame for the callback, a leaf run half a million times per 5 MB feed.
        .target(name: "CSAXText", dependencies: ["CLibXML2"], cSettings: [.unsafeFlags(["-gdwarf-4", "-momit-leaf-frame-pointer"])]),
        // Scans over every byte of a feed with vector instructions (see CVectorScan.h).
        .target(name: "CVectorScan", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "FeedParser", dependencies: ["FeedModel", "HTMLText", "CLibXML2", "CUchardet", "CSAXText", "CVectorScan"]),
        // newsboat's filter language: the expression tree, its parser and its evaluation in Swift
        // (FeedStore evaluates it in SQL too).
        .target(name: "FilterLanguage", dependencies: ["FeedModel"]),
        .target(name: "FeedStore", dependencies: ["FeedModel", "FilterLanguage", "HTMLText", "CSQLiteClose", grdb]),
        .target(name: "ArticleExtraction", dependencies: ["CLibXML2", "FeedParser"]),
        .target(name: "FeedFetcher", dependencies: ["FeedModel", "FeedParser", "CCurl", logging]),
                // Pictures from the network: Debian's decoders behind one C file (their errors arrive by
        // longjmp), the size checks before decoding, and the terminal image protocols.
        .target(
            name: "CImageCodecs",
            cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("gif"), .linkedLibrary("webp"), .linkedLibrary("webpdemux")]
        ),
        .target(name: "ImageRendering", dependencies: ["CImageCodecs", "CChafa"]),
        // The screen: ncurses, and the pictures placed over its cells.
        .target(name: "TerminalUI", dependencies: ["CNcursesw", "ImageRendering"]),
        // newsboat's configuration language: the config and urls files, key map, colours,
        // formats, filters' text, file locations.
        .target(name: "Configuration", dependencies: ["FeedModel", "FilterLanguage", "TerminalUI"]),
        // What is done to the feeds without the screen, for the command line and the reader alike:
        // batch reload, sync runner, feed-list commands, OPML, the log file, the podcast queue, the
        // rules' effects.
        .target(name: "FeedServices", dependencies: ["Configuration", "FeedModel", "FilterLanguage", "FeedParser", "HTMLText", "FeedStore", "FeedFetcher", "ArticleExtraction", logging]),
        .target(
            name: "TidingsApp",
            dependencies: ["FeedServices", "Configuration", "FeedModel", "FilterLanguage", "FeedParser", "FeedStore", "FeedFetcher", "TerminalUI", "ImageRendering", "HTMLText", "ArticleExtraction", logging]
        ),
        .executableTarget(name: "tidings", dependencies: ["TidingsApp", "FeedServices", "FeedStore", "Configuration", "FilterLanguage", "FeedFetcher", "FeedParser", "FeedModel", "ArticleExtraction", argumentParser, logging]),

        // Benchmarks (`make bench`): raw libxml2 SAX with empty callbacks, and the bench driver.
        .target(name: "CRawSAX", dependencies: ["CLibXML2"]),
        .executableTarget(name: "tidings-bench", dependencies: ["CRawSAX", "FeedParser", "FeedStore", "FeedModel", "FeedFetcher", "TerminalUI", "TidingsApp", "FeedServices", "Configuration", "FilterLanguage", "ArticleExtraction", "ImageRendering", "TestSupport", "ReaderTesting"]),

        // Shared by the test targets (and the reload benchmark): the loopback feed server, tmux drivers.
        .target(name: "TestSupport", dependencies: ["FeedStore", "FeedModel"], path: "Tests/TestSupport"),
        // The whole reader on an in-memory terminal, for the tests and `tidings-bench reader`.
        .target(name: "ReaderTesting", dependencies: ["TidingsApp", "Configuration", "FeedServices", "FeedStore", "TerminalUI", "TestSupport", grdb], path: "Tests/ReaderTesting"),
        .testTarget(name: "FeedParserTests", dependencies: ["FeedParser", "FeedModel", "CVectorScan", "CSAXText", "CLibXML2"], exclude: ["Fixtures"]),
        .testTarget(name: "ArticleExtractionTests", dependencies: ["ArticleExtraction"], exclude: ["Fixtures"]),
        .testTarget(name: "HTMLTextTests", dependencies: ["HTMLText"]),
        .testTarget(name: "FeedStoreTests", dependencies: ["FeedStore", "FeedModel", "FilterLanguage"]),
        .testTarget(name: "FeedFetcherTests", dependencies: ["FeedFetcher", "FeedParser", "FeedModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ImageRenderingTests", dependencies: ["ImageRendering"], exclude: ["Fixtures"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
        // The real terminal in a pseudo-terminal, for TerminalUITests (TerminalPtyTests).
        .executableTarget(name: "terminal-probe", dependencies: ["TerminalUI"], path: "Tests/TerminalProbe"),
        .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "FilterLanguage", "FeedStore", "FeedModel", "FeedFetcher", "TerminalUI", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FeedServicesTests", dependencies: ["FeedServices", "Configuration", "FilterLanguage", "FeedStore", "FeedModel", "FeedFetcher", "TestSupport"], exclude: ["Fixtures"]),
        // The reader's tests, by level (README, Development): the core's `update` driven one message
        // at a time; whole frames; each runner against the real thing; the whole reader headless;
        // end to end through the binary, tmux and servers.
        .target(name: "ReaderDriving", dependencies: ["ReaderTesting"] + readerTestDependencies, path: "Tests/ReaderDriving"),
        .testTarget(name: "ReaderCoreTests", dependencies: ["ReaderDriving"] + readerTestDependencies),
        .testTarget(name: "ReaderScreenTests", dependencies: ["ReaderDriving"] + readerTestDependencies, exclude: ["Frames"]),
        .testTarget(name: "ReaderRunnerTests", dependencies: ["ReaderTesting"] + readerTestDependencies),
        .testTarget(name: "ReaderHeadlessTests", dependencies: ["ReaderTesting"] + readerTestDependencies),
        .testTarget(name: "EndToEndTests", dependencies: ["ReaderTesting"] + readerTestDependencies),

        // Fuzzing (`make fuzz`, SECURITY.md): libFuzzer targets, fuzzing only when built with
        // `-sanitize=fuzzer,address -D TIDINGS_FUZZ`; otherwise they replay the files they are given.
        .systemLibrary(name: "CLibFuzzer"),
        .target(name: "FuzzDriver", dependencies: ["CLibFuzzer", "FeedParser"]),
        .executableTarget(name: "fuzz-feed", dependencies: ["FuzzDriver", "FeedParser", "FeedModel"]),
        .executableTarget(name: "fuzz-sanitizer", dependencies: ["FuzzDriver", "FeedParser"]),
        .executableTarget(name: "fuzz-paths", dependencies: ["FuzzDriver", "FeedParser"]),
        .executableTarget(name: "fuzz-renderer", dependencies: ["FuzzDriver", "TidingsApp"]),
        .executableTarget(name: "fuzz-extractor", dependencies: ["FuzzDriver", "ArticleExtraction"]),
        .executableTarget(name: "fuzz-images", dependencies: ["FuzzDriver", "ImageRendering"]),
    ]
)
