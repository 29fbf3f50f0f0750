import Foundation
import Testing

/// Issue 45 §12: the manual page and the shell completions `make install` installs, generated
/// from the command line's declarations as the Makefile generates them: the manual by
/// swift-argument-parser's `generate-manual` (built beside the binary), the completions by
/// `tidings --generate-completion-script`. Every option of `tidings --help` is in the page, and
/// bash completes the commands, the options and `-x`'s and `-l`'s values.
@Suite struct ManualAndCompletionTests {
    static let generateManual = URL(fileURLWithPath: CommandLineTests.binary).deletingLastPathComponent()
        .appendingPathComponent("generate-manual").path

    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let (status, output) = try PictureProtocolTests.run(program, arguments)
        return (status, String(decoding: output, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: generateManual), "needs generate-manual beside the binary (swift build builds it)"))
    func theManualPageHasEveryOptionAndCommand() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let generated = try Self.run(Self.generateManual, [CommandLineTests.binary, "--date", "2026-12-06", "--output-directory", directory.path])
        #expect(generated.status == 0)
        let page = try String(contentsOf: directory.appendingPathComponent("tidings.1"), encoding: .utf8)
        #expect(page.contains(".Dt TIDINGS 1"))
        for option in ["Fl u , -url-file", "Fl c , -cache-file", "Fl C , -config-file", "Fl x , -execute", "Fl e , -export-to-opml",
                       "Fl i , -import-from-opml", "Fl r , -refresh-on-start", "Fl X , -vacuum", "Fl v", "Fl l , -log-level",
                       "Fl d , -log-file"] {
            #expect(page.contains(".It \(option)"), "the page lacks \(option)")
        }
        for command in ["read", "reload", "import", "export", "unread", "add", "parse", "extract"] {
            #expect(page.contains(".It Em \(command)"), "the page lacks the command \(command)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashCompletesCommandsOptionsAndValues() throws {
        let script = try Self.run(CommandLineTests.binary, ["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-completion-\(UUID().uuidString).bash")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(script.output.utf8).write(to: file)
        // COMP_WORDS as bash fills them, then the function bash would call.
        let driver = """
            source '\(file.path)'
            complete_line() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                _tidings tidings "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
                echo "${COMPREPLY[*]}"
            }
            complete_line tidings re
            complete_line tidings reload --t
            complete_line tidings -x ''
            complete_line tidings -l ''
            complete_line tidings --ex
            """
        let completed = try Self.run("/bin/bash", ["-c", driver])
        #expect(completed.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(5) == [
            "read reload", "--tag", "reload print-unread", "1 2 3 4 5 6", "--export-to-opml --execute",
        ])
        for shell in ["zsh", "fish"] {
            let other = try Self.run(CommandLineTests.binary, ["--generate-completion-script", shell])
            #expect(other.status == 0 && other.output.contains("export-to-opml"), "\(shell)")
        }
    }
}
