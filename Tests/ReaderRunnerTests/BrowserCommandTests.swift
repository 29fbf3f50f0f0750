@testable import Configuration
import Foundation
import TestSupport
import Testing
@testable import TidingsApp

@Suite struct BrowserCommandTests {
    @Test func splitsLikeNewsboatAndReplacesThePlaceholder() throws {
        let command = try BrowserCommand(parsing: "lynx -accept_all_cookies %u")
        #expect(command.arguments(for: "https://example.org/a") == ["lynx", "-accept_all_cookies", "https://example.org/a"])
        let quoted = try BrowserCommand(parsing: #"'/opt/My Browser/run' --title "two words" --url=%u\ x"#)
        #expect(quoted.arguments(for: "U") == ["/opt/My Browser/run", "--title", "two words", "--url=U x"])
        #expect(try BrowserCommand(parsing: "firefox").arguments(for: "https://e.org") == ["firefox", "https://e.org"])
        #expect(try BrowserCommand(parsing: "echo 100%% %u %x").arguments(for: "U") == ["echo", "100%", "U", "%x"])
    }

    @Test(arguments: [
        "https://example.org/$(touch /tmp/pwned)",
        "https://example.org/`id`;rm -rf ~",
        "https://example.org/a b 'c' \"d\" \\e",
        "https://example.org/?q=%u&x=|true",
    ])
    func hostileURLsStayOneLiteralArgument(url: String) throws {
        let command = try BrowserCommand(parsing: "w3m -o x=1 %u")
        #expect(command.arguments(for: url) == ["w3m", "-o", "x=1", url])
    }

    @Test func badCommandsAreRefusedWithAReason() {
        #expect(throws: BrowserCommand.ParseError.empty) { try BrowserCommand(parsing: "   ") }
        #expect(throws: BrowserCommand.ParseError.unterminatedQuote("\"")) { try BrowserCommand(parsing: "lynx \"%u") }
    }

    @Test func textModeDetection() throws {
        let graphical = ["DISPLAY": ":0"]
        #expect(try BrowserCommand(parsing: "/usr/bin/lynx %u").isTextMode(environment: graphical))
        #expect(try BrowserCommand(parsing: "w3m").isTextMode(environment: graphical))
        #expect(try !BrowserCommand(parsing: "firefox --new-tab %u").isTextMode(environment: graphical))
        #expect(try BrowserCommand(parsing: "firefox").isTextMode(environment: [:]))
    }

    @Test func resolutionOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("browsers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["w3m", "mybrowser"] {
            let file = directory.appendingPathComponent(name)
            try ExecutableScript.write("#!/bin/sh\n", to: file.path)
        }
        let path = directory.path
        #expect(try BrowserCommand.resolve(configured: "lynx %u", environment: ["PATH": path])?.words == ["lynx", "%u"])
        #expect(try BrowserCommand.resolve(configured: nil, environment: ["PATH": path, "BROWSER": "missing:mybrowser"])?.words == ["mybrowser"])
        #expect(try BrowserCommand.resolve(configured: nil, environment: ["PATH": path])?.words == ["w3m"])
        #expect(try BrowserCommand.resolve(configured: nil, environment: ["PATH": "/nonexistent"]) == nil)
    }

    @Test func detachedLaunchPassesArgumentsExactly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("launch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("record")
        let output = directory.appendingPathComponent("argv")
        try ExecutableScript.write("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(output.path)'\n", to: script.path)
        let url = "https://example.org/$(touch \(directory.path)/pwned);`id`"
        let command = try BrowserCommand(parsing: "'\(script.path)' --flag %u")
        let failure: ChildProcess.Failure? = await withCheckedContinuation { continuation in
            ChildProcess.runDetached(command.arguments(for: url), queue: .global()) { continuation.resume(returning: $0) }
        }
        #expect(failure == nil)
        #expect(try String(contentsOf: output, encoding: .utf8) == "--flag\n\(url)\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("pwned").path))

        let missing: ChildProcess.Failure? = await withCheckedContinuation { continuation in
            ChildProcess.runDetached(["/nonexistent/browser", "x"], queue: .global()) { continuation.resume(returning: $0) }
        }
        #expect(missing?.message == "cannot start /nonexistent/browser: No such file or directory")
    }
}
