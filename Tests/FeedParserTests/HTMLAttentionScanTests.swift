import CVectorScan
import Testing

/// The sanitiser's stops are found for a whole document at once, as bits: every way of finding
/// them (a byte at a time, 16, 32 or 64 bytes at a time) must mark exactly the bytes it must look
/// at, at every position of a 64-byte block and of the bytes after the last whole one, and leave
/// the bits past the end clear.
struct HTMLAttentionScanTests {
    @Test(arguments: [Int32(0), 16, 32, 64])
    func marksExactlyTheBytesTheSanitiserStopsAt(vectorBytes: Int32) {
        // A processor without them (no AVX2 before 2013) takes another width: nothing to compare.
        guard marks(Array("plain text".utf8), vectorBytes: vectorBytes) != nil else { return }
        let stops: [UInt8] = [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x0E, 0x1F, 0x26, 0x3C, 0x3E, 0x7F]
        let others: [UInt8] = [0x09, 0x0A, 0x0D, 0x20, 0x21, 0x25, 0x27, 0x3B, 0x3D, 0x3F, 0x7E, 0x80, 0xBC, 0xFF]
        var disagreements = 0
        // Lengths around the vectors' and the blocks' edges.
        for length in [0, 1, 7, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 95, 127, 128, 129, 140] {
            let filler = Array("aé".utf8)
            let text = (0..<length).map { filler[$0 % filler.count] }
            for position in 0..<max(length, 1) {
                for byte in stops + others {
                    var bytes = text
                    if length > 0 { bytes[position] = byte }
                    var expected = [UInt64](repeating: 0, count: (length + 63) / 64)
                    for (index, byte) in bytes.enumerated() where stops.contains(byte) {
                        expected[index / 64] |= 1 << UInt64(index % 64)
                    }
                    if marks(bytes, vectorBytes: vectorBytes) != expected {
                        disagreements += 1
                        if disagreements <= 5 { Issue.record("disagree on \(bytes)") }
                    }
                }
            }
        }
        #expect(disagreements == 0)
    }

    /// Every byte value, at every position in a block (the 64-byte scan classifies bytes by
    /// table lookups, where one wrong entry would miss or invent a stop).
    @Test(arguments: [Int32(0), 16, 32, 64])
    func classifiesEveryByteValue(vectorBytes: Int32) {
        guard marks(Array("plain text".utf8), vectorBytes: vectorBytes) != nil else { return }
        func isStop(_ byte: UInt8) -> Bool {
            (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D)
                || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == 0x7F
        }
        for shift in 0..<64 {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: shift) + (0...255).map(UInt8.init) + Array("tail".utf8)
            var expected = [UInt64](repeating: 0, count: (bytes.count + 63) / 64)
            for (index, byte) in bytes.enumerated() where isStop(byte) {
                expected[index / 64] |= 1 << UInt64(index % 64)
            }
            #expect(marks(bytes, vectorBytes: vectorBytes) == expected, "shifted by \(shift)")
        }
    }

    /// The bits the scan sets, or nil when the processor cannot run it. The words start out full,
    /// so that a bit left set past the end would show.
    private func marks(_ bytes: [UInt8], vectorBytes: Int32) -> [UInt64]? {
        var words = [UInt64](repeating: .max, count: (bytes.count + 63) / 64)
        let done = bytes.withUnsafeBufferPointer { input in
            words.withUnsafeMutableBufferPointer { tidings_html_attention_using(vectorBytes, input.baseAddress, input.count, $0.baseAddress) }
        }
        return done < 0 ? nil : words
    }
}
