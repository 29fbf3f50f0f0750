import CVectorScan
import Testing
@testable import FeedParser

/// `ValidatedUTF8` hands bytes to `String` without the standard library's validation, so it must
/// never call bytes valid that the standard library would not.
struct ValidatedUTF8Tests {
    @Test func agreesWithTheStandardLibraryOnEveryTwoByteSequence() {
        for first in 0...255 {
            for second in 0...255 {
                expectAgreement([UInt8(first), UInt8(second)])
                // After seven ASCII bytes the pair straddles the eight-byte step.
                expectAgreement(Array("abcdefg".utf8) + [UInt8(first), UInt8(second)])
            }
        }
    }

    @Test func agreesOnThreeAndFourByteSequencesAroundTheirBounds() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in 0xC0...0xFF {
            for second in edges {
                for third in edges {
                    expectAgreement([UInt8(lead), second, third])
                    for fourth in edges { expectAgreement(Array("abcdef".utf8) + [UInt8(lead), second, third, fourth, 0x41]) }
                }
            }
        }
    }

    @Test func keepsTextAndRepairsTheRest() {
        #expect(ValidatedUTF8.string(Array("café 日本語 😀 and plain ASCII text".utf8), paths: .fast) == "café 日本語 😀 and plain ASCII text")
        #expect(ValidatedUTF8.string([0x61, 0xC3, 0x28, 0x62], paths: .fast) == "a\u{FFFD}(b")
        #expect(ValidatedUTF8.string([0xED, 0xA0, 0x80], paths: .fast) == String(decoding: [0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self))
        #expect(ValidatedUTF8.string([], paths: .fast) == "")
    }

    /// ASCII is skipped sixteen and eight bytes at a time: a sequence, valid or not, or a lone
    /// byte that is not ASCII, at every position of text of every length up to 40 is still seen.
    @Test func seesEveryPositionOfLongerText() {
        for length in 0...40 {
            let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            expectAgreement(ascii)
            for position in 0...length {
                for inserted: [UInt8] in [[0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xFF], [0xC3], [0x80], [0xE6, 0x97]] {
                    expectAgreement(Array(ascii[..<position]) + inserted + Array(ascii[position...]))
                }
            }
        }
    }

    /// The vector kernels against the scalar one: every pair of bytes and the bounds of every
    /// longer sequence, where a vector or a 16-byte lane of one begins, ends or is cut short by
    /// the end of the text; and cut and damaged pieces of real feed text.
    @Test(.runs(kernel: Int32(TIDINGS_SCAN_AVX2))) func avx2KernelAgreesWithTheScalarOne() {
        expectAgreementWithTheScalarKernel(kernel: Int32(TIDINGS_SCAN_AVX2))
    }

    @Test(.runs(kernel: Int32(TIDINGS_SCAN_AVX512))) func avx512KernelAgreesWithTheScalarOne() {
        expectAgreementWithTheScalarKernel(kernel: Int32(TIDINGS_SCAN_AVX512))
    }

    private func expectAgreementWithTheScalarKernel(kernel: Int32) {
        var disagreements = 0
        func compare(_ bytes: [UInt8]) {
            if check(bytes, kernel: kernel) != check(bytes, kernel: Int32(TIDINGS_SCAN_SCALAR)) {
                disagreements += 1
                if disagreements <= 5 { Issue.record("disagree on \(bytes)") }
            }
        }
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x81, 0x8F, 0x90, 0x9F, 0xA0, 0xB4, 0xB5, 0xBF,
                              0xC0, 0xC1, 0xC2, 0xC3, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for offset in [0, 13, 14, 15, 29, 30, 31] + (kernel == 64 ? [45, 46, 47, 61, 62, 63] : []) {
            let before = [UInt8](repeating: UInt8(ascii: "a"), count: offset)
            for first in 0...255 {
                for second in 0...255 {
                    let pair = before + [UInt8(first), UInt8(second)]
                    compare(pair)
                    guard first >= 0xC0, second >= 0x80, second < 0xC0 || second == 0xC3 else { continue }
                    for third in edges {
                        compare(pair + [third])
                        compare(pair + [third, 0x80])
                        compare(pair + [third, 0x80] + Array("and text after it".utf8))
                    }
                }
            }
        }
        var random = SplitMix64(seed: 12)
        let text = Array("Café naïve über 日本語 😀 Ã© Ã¼ and plain text, <p>&amp; ’quotes’ — ok".utf8)
        for _ in 0..<20_000 {
            let start = Int(random.next() % UInt64(text.count))
            var piece = Array((text + text)[start..<min(start + Int(random.next() % 150), 2 * text.count)])
            for _ in 0..<Int(random.next() % 3) where !piece.isEmpty {
                piece[Int(random.next() % UInt64(piece.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            compare(piece)
        }
        #expect(disagreements == 0)
    }

    /// The verdict of a kernel.
    private func check(_ bytes: [UInt8], kernel: Int32) -> Int32 {
        bytes.withUnsafeBufferPointer { tidings_utf8_check_using(kernel, $0.baseAddress, $0.count) }
    }

    /// Both paths (the words of short text and the scalar kernel) against the standard library.
    private func expectAgreement(_ bytes: [UInt8]) {
        let standard = String(validating: bytes, as: UTF8.self)
        for paths in [ParsePaths.fast, .general] {
            let ours = bytes.withUnsafeBufferPointer { ValidatedUTF8.validate($0, paths: paths) }
            #expect((ours != nil) == (standard != nil), "\(bytes)")
            if let ours { #expect(ours.isASCII == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)") }
        }
    }
}
