import CVectorScan
import Testing
@testable import FeedParser

/// The forbidden-character filter looks for control characters with vector instructions where
/// the processor has them: both widths must find what the word-at-a-time scan finds, at every
/// position of a block, in its tail and at the edges of the byte ranges.
struct ControlByteScanTests {
    @Test(arguments: [Int32(16), 32])
    func vectorScanFindsWhatTheWordScanFinds(vectorBytes: Int32) {
        // A processor without them (no AVX2 before 2013) takes the word scan: nothing to compare.
        guard scan(Array("a line of text with no control byte in it".utf8), vectorBytes: vectorBytes) != nil else { return }
        var disagreements = 0
        for length in 0...70 {
            let filler = Array("aé".utf8)
            let text = (0..<length).map { filler[$0 % filler.count] }
            for position in 0..<max(length, 1) {
                for byte: UInt8 in [0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1F, 0x20, 0x7F, 0x80, 0xFF] {
                    var bytes = text
                    if length > 0 { bytes[position] = byte }
                    let words = bytes.withUnsafeBytes { ForbiddenCharacterFilter.hasControlByteByWords($0) }
                    let expected = bytes.contains(where: isForbidden)
                    if words != expected || scan(bytes, vectorBytes: vectorBytes) != expected {
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

    /// What the vector scan found, or nil when the processor cannot run it.
    private func scan(_ bytes: [UInt8], vectorBytes: Int32) -> Bool? {
        let found = bytes.withUnsafeBufferPointer { tidings_has_forbidden_control_using(vectorBytes, $0.baseAddress, $0.count) }
        return found < 0 ? nil : found == 1
    }
}
