import CVectorScan
import Testing

/// The scan kernels (CVectorScan.h) that the tests run one by one.
enum ScanKernel {
    static let vector: [Int32] = [Int32(TIDINGS_SCAN_AVX2), Int32(TIDINGS_SCAN_AVX512)]

    static func isAvailable(_ kernel: Int32) -> Bool { tidings_scan_kernel_available(kernel) != 0 }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where the processor has the instructions of `kernel`: elsewhere it is
    /// reported as skipped, never as passed.
    static func runs(kernel: Int32) -> Self {
        .enabled(if: ScanKernel.isAvailable(kernel), "the processor cannot run the \(kernel)-byte kernel")
    }
}

/// The kernel chosen at start-up is the widest the processor runs.
@Test func theWidestKernelTheProcessorRunsIsChosen() {
    let widest = ScanKernel.vector.reversed().first(where: ScanKernel.isAvailable) ?? Int32(TIDINGS_SCAN_SCALAR)
    #expect(tidings_scan_kernel() == widest)
}
