import CVectorScan
import Testing

/// The sanitiser's stops are found for a whole document at once, as bits: every kernel must mark
/// exactly the bytes it must look at, at every position of a 64-byte block and of the bytes after
/// the last whole one, and leave the bits past the end clear.
struct HTMLAttentionScanTests {
    @Test func scalarKernel() { expectExactMarks(kernel: Int32(TIDINGS_SCAN_SCALAR)) }

    @Test(.runs(kernel: Int32(TIDINGS_SCAN_AVX2))) func avx2Kernel() { expectExactMarks(kernel: Int32(TIDINGS_SCAN_AVX2)) }

    @Test(.runs(kernel: Int32(TIDINGS_SCAN_AVX512))) func avx512Kernel() { expectExactMarks(kernel: Int32(TIDINGS_SCAN_AVX512)) }

    private static let stops: [UInt8] = [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x0E, 0x1F, 0x26, 0x3C, 0x3E, 0x7F]
    private static let others: [UInt8] = [0x09, 0x0A, 0x0D, 0x20, 0x21, 0x25, 0x27, 0x3B, 0x3D, 0x3F, 0x7E, 0x80, 0xBC, 0xFF]

    private func expectExactMarks(kernel: Int32) {
        var disagreements = 0
        // Lengths around the vectors' and the blocks' edges.
        for length in [0, 1, 7, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 95, 127, 128, 129, 140] {
            let filler = Array("aé".utf8)
            let text = (0..<length).map { filler[$0 % filler.count] }
            for position in 0..<max(length, 1) {
                for byte in Self.stops + Self.others {
                    var bytes = text
                    if length > 0 { bytes[position] = byte }
                    if marks(bytes, kernel: kernel) != expectedMarks(bytes) {
                        disagreements += 1
                        if disagreements <= 5 { Issue.record("disagree on \(bytes)") }
                    }
                }
            }
        }
        // Every byte value at every position in a block: one wrong comparison would miss or
        // invent a stop.
        for shift in 0..<64 {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: shift) + (0...255).map(UInt8.init) + Array("tail".utf8)
            #expect(marks(bytes, kernel: kernel) == expectedMarks(bytes), "shifted by \(shift)")
        }
        #expect(disagreements == 0)
    }

    private func expectedMarks(_ bytes: [UInt8]) -> [UInt64] {
        var expected = [UInt64](repeating: 0, count: (bytes.count + 63) / 64)
        for (index, byte) in bytes.enumerated() where Self.isStop(byte) {
            expected[index / 64] |= 1 << UInt64(index % 64)
        }
        return expected
    }

    private static func isStop(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D)
            || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == 0x7F
    }

    /// The bits the kernel sets. The words start out full, so that a bit left set past the end
    /// would show.
    private func marks(_ bytes: [UInt8], kernel: Int32) -> [UInt64] {
        var words = [UInt64](repeating: .max, count: (bytes.count + 63) / 64)
        let done = bytes.withUnsafeBufferPointer { input in
            words.withUnsafeMutableBufferPointer { tidings_html_attention_using(kernel, input.baseAddress, input.count, $0.baseAddress) }
        }
        #expect(done == 1)
        return words
    }
}
