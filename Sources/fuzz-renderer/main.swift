import CLibFuzzer
import Foundation

// `fuzz-renderer`: throws libFuzzer's inputs at the article HTML-to-text renderer (see RendererFuzzCase).
// Built by `make fuzz` with `-sanitize=fuzzer,address -D TIDINGS_FUZZ` it is a libFuzzer binary
// (`fuzz-renderer CORPUS_DIR -max_total_time=60`); built plainly it replays the files it is given, so
// that a crash input can be run under a debugger or valgrind: `fuzz-renderer crash-1234…`.

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    RendererFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}

#if TIDINGS_FUZZ
var argumentCount = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &argumentValues, testOneInput))
#else
for path in CommandLine.arguments.dropFirst() {
    guard let input = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("fuzz-renderer: cannot read \(path)\n".utf8))
        exit(1)
    }
    input.withUnsafeBytes { _ = testOneInput($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
    print("fuzz-renderer: \(path): passed")
}
#endif
