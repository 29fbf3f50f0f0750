import CLibFuzzer
import Foundation

/// The `main` shared by the fuzz targets.
///
/// Built by `make fuzz` with `-sanitize=fuzzer,address -D TIDINGS_FUZZ`, a target is a libFuzzer
/// binary (`fuzz-feed CORPUS_DIR -max_total_time=60`). Built plainly, it replays the files it is
/// given, so that a crash input can be run under a debugger or valgrind: `fuzz-feed crash-1234…`.
public enum FuzzDriver {
    /// libFuzzer's callback: one input, always answered with 0 (a finding traps instead).
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    public static func run(_ name: String, _ testOneInput: TestOneInput) -> Never {
        #if TIDINGS_FUZZ
        var argumentCount = CommandLine.argc
        var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argumentCount, &argumentValues, testOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let input = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(name): cannot read \(path)\n".utf8))
                exit(1)
            }
            input.withUnsafeBytes { _ = testOneInput($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
            print("\(name): \(path): passed")
        }
        exit(0)
        #endif
    }
}
