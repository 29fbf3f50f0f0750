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
        #expect(ValidatedUTF8.string(Array("café 日本語 😀 and plain ASCII text".utf8)) == "café 日本語 😀 and plain ASCII text")
        #expect(ValidatedUTF8.string([0x61, 0xC3, 0x28, 0x62]) == "a\u{FFFD}(b")
        #expect(ValidatedUTF8.string([0xED, 0xA0, 0x80]) == String(decoding: [0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self))
        #expect(ValidatedUTF8.string([]) == "")
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

    private func expectAgreement(_ bytes: [UInt8]) {
        let ours = bytes.withUnsafeBufferPointer { ValidatedUTF8.validate($0) }
        let standard = String(validating: bytes, as: UTF8.self)
        #expect((ours != nil) == (standard != nil), "\(bytes)")
        if let ours { #expect(ours.isASCII == bytes.allSatisfy { $0 < 0x80 }, "\(bytes)") }
    }
}
