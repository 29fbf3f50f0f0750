import CVectorScan
import Testing

/// The forbidden-character filter looks for control characters with the widest vector kernel
/// the processor has: each kernel must find what the definition finds, at every position of a
/// vector, in its tail and at the edges of the byte ranges.
struct ControlByteScanTests {
    @Test func scalarKernel() { expectAgreement(kernel: Int32(TIDINGS_SCAN_SCALAR)) }

    @Test(.runs(kernel: Int32(TIDINGS_SCAN_AVX2))) func avx2Kernel() { expectAgreement(kernel: Int32(TIDINGS_SCAN_AVX2)) }

    @Test(.runs(kernel: Int32(TIDINGS_SCAN_AVX512))) func avx512Kernel() { expectAgreement(kernel: Int32(TIDINGS_SCAN_AVX512)) }

    private func expectAgreement(kernel: Int32) {
        var disagreements = 0
        for length in 0...140 {
            let filler = Array("aé".utf8)
            let text = (0..<length).map { filler[$0 % filler.count] }
            for position in 0..<max(length, 1) {
                for byte: UInt8 in [0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1F, 0x20, 0x7F, 0x80, 0xFF] {
                    var bytes = text
                    if length > 0 { bytes[position] = byte }
                    let found = bytes.withUnsafeBufferPointer { tidings_has_forbidden_control_using(kernel, $0.baseAddress, $0.count) }
                    if found != (bytes.contains(where: isForbidden) ? 1 : 0) {
                        disagreements += 1
                        if disagreements <= 5 { Issue.record("disagree on \(bytes)") }
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }

    private func isForbidden(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }
}
