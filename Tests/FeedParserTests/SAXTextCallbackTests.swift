import CLibXML2
import CSAXText
import Foundation
import Testing

/// The C `characters` callbacks, called directly with a parser context of their own. The masked
/// one copies every piece of up to 64 bytes with a masked load and store: it must leave the
/// bytes the plain one leaves, for every length and order of pieces, write nothing past them,
/// and read nothing past a piece that ends right before memory the process cannot read.
@Suite(.enabled(if: tidings_sax_masked_copy_available() != 0, "the processor has no AVX-512"))
struct SAXTextCallbackTests {
    typealias Callback = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int32) -> Void

    /// A parser context whose `_private` is a text buffer of `capacity` bytes, all `unwritten`.
    final class Target {
        let parser: xmlParserCtxtPtr
        let text: UnsafeMutablePointer<TidingsSAXText>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            parser = xmlNewParserCtxt()
            text = .allocate(capacity: 1)
            text.initialize(to: TidingsSAXText(
                storage: .allocate(capacity: capacity), count: 0, plainTextLimit: capacity,
                slowPath: { _, _, _ in fatalError("no piece should leave the fast path here") }, owner: nil))
            text.pointee.storage.initialize(repeating: Self.unwritten, count: capacity)
            parser.pointee._private = UnsafeMutableRawPointer(text)
        }

        static let unwritten: UInt8 = 0xEE

        /// Whether the bytes past those appended are still as they were.
        var isUnwrittenPastTheEnd: Bool {
            UnsafeBufferPointer(start: text.pointee.storage + text.pointee.count, count: capacity - text.pointee.count)
                .allSatisfy { $0 == Self.unwritten }
        }

        deinit {
            text.pointee.storage.deallocate()
            text.deallocate()
            xmlFreeParserCtxt(parser)
        }

        func append(_ piece: UnsafeBufferPointer<UInt8>, with callback: Callback) {
            callback(UnsafeMutableRawPointer(parser), piece.baseAddress, Int32(piece.count))
        }

        var bytes: [UInt8] { Array(UnsafeBufferPointer(start: text.pointee.storage, count: text.pointee.count)) }
    }

    @Test func maskedCopyLeavesThePlainCallbacksBytes() {
        var random = SplitMix64(seed: 7)
        let source = (0..<256).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        // Pieces of every length from 1 to 130 (past the masked copy's 64, into the plain path),
        // in the order of the lengths and shuffled, entities of one byte between them.
        var lengths = Array(1...130)
        for round in 0..<3 {
            let plain = Target(capacity: 1 << 16)
            let masked = Target(capacity: 1 << 16)
            source.withUnsafeBufferPointer { source in
                for length in lengths {
                    let start = (length * 37) % (source.count - length)
                    let piece = UnsafeBufferPointer(rebasing: source[start..<(start + length)])
                    let entity = UnsafeBufferPointer(rebasing: source[length..<(length + 1)])
                    for target in [(plain, tidings_sax_characters as Callback), (masked, tidings_sax_characters_masked as Callback)] {
                        target.0.append(piece, with: target.1)
                        target.0.append(entity, with: target.1)
                    }
                }
            }
            #expect(masked.bytes == plain.bytes, "round \(round)")
            #expect(masked.isUnwrittenPastTheEnd && plain.isUnwrittenPastTheEnd, "round \(round)")
            #expect(masked.bytes.count == lengths.reduce(0) { $0 + $1 + 1 })
            lengths.shuffle(using: &random)
        }
    }

    @Test func maskedCopyReadsNothingPastThePiece() throws {
        // A page the process can read and, right after it, one it cannot: a piece that ends at
        // the boundary crashes the test if one byte past it is read.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let memory = try #require(mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        #expect(memory != MAP_FAILED)
        defer { munmap(memory, 2 * page) }
        #expect(mprotect(memory + page, page, PROT_NONE) == 0)
        let bytes = memory.bindMemory(to: UInt8.self, capacity: page)
        for offset in 0..<page { bytes[offset] = UInt8(truncatingIfNeeded: offset * 7 + 1) }
        let target = Target(capacity: 1 << 16)
        var expected: [UInt8] = []
        for length in 1...64 {
            let piece = UnsafeBufferPointer(start: bytes + page - length, count: length)
            target.append(piece, with: tidings_sax_characters_masked)
            expected += piece
        }
        #expect(target.bytes == expected)
    }
}
