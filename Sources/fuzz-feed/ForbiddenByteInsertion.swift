/// The document of a fuzz input with bytes XML forbids put into its character data, for the
/// invariant of issue 11 §1: a valid feed with such bytes inserted into its text or CDATA reads as
/// the same feed (same items, every field the same once they are removed), only not well-formed.
///
/// Character data is found by a small scan of UTF-8 markup: text between tags inside the root
/// element, and the inside of CDATA sections. Not inside tags, comments, processing instructions,
/// declarations, entity or character references, nor between the bytes of one UTF-8 character.
struct ForbiddenByteInsertion {
    /// C0 controls other than tab, line feed and carriage return, and NUL.
    static let forbidden: [UInt8] = [0x00] + Array(0x01...0x08) + [0x0B, 0x0C] + Array(0x0E...0x1F)

    /// The document with forbidden bytes inserted at up to eight character-data positions picked
    /// by `seed`; nil when the document has no character data.
    static func insert(into document: UnsafeRawBufferPointer, seed: UInt32) -> [UInt8]? {
        let positions = characterDataPositions(document)
        guard !positions.isEmpty else { return nil }
        var state = seed | 1
        var chosen: [(position: Int, byte: UInt8)] = []
        for _ in 0..<min(8, positions.count) {
            state = state &* 1_664_525 &+ 1_013_904_223
            let position = positions[Int(state >> 8) % positions.count]
            var byte = forbidden[Int(state >> 3) % forbidden.count]
            // `ESC $` starts an ISO-2022 character set: a document holding it may be ISO-2022-JP
            // that declared nothing, and is read again as such. That is no insertion of junk.
            if byte == 0x1B, position < document.count, document[position] == UInt8(ascii: "$") { byte = 0x01 }
            chosen.append((position, byte))
        }
        chosen.sort { $0.position < $1.position }
        var result: [UInt8] = []
        result.reserveCapacity(document.count + chosen.count)
        var next = 0
        for (position, byte) in chosen {
            result.append(contentsOf: document[next..<position])
            result.append(byte)
            next = position
        }
        result.append(contentsOf: document[next...])
        return result
    }

    /// Offsets before which a byte can be inserted into character data.
    static func characterDataPositions(_ bytes: UnsafeRawBufferPointer) -> [Int] {
        var positions: [Int] = []
        var index = 0
        var depth = 0
        var sawRoot = false
        func startsWith(_ text: String, at offset: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard offset + pattern.count <= bytes.count else { return false }
            return pattern.indices.allSatisfy { bytes[offset + $0] == pattern[$0] }
        }
        func skip(past terminator: String, from offset: Int) -> Int {
            var at = offset
            while at < bytes.count, !startsWith(terminator, at: at) { at += 1 }
            return min(bytes.count, at + terminator.utf8.count)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if startsWith("<![CDATA[", at: index) {
                    let start = index + 9
                    let end = skip(past: "]]>", from: start) - 3
                    if depth > 0 { positions += (start...max(start, end)).filter { isCharacterStart(bytes, $0) } }
                    index = end + 3
                } else if startsWith("<!--", at: index) {
                    index = skip(past: "-->", from: index + 4)
                } else if startsWith("<?", at: index) {
                    index = skip(past: "?>", from: index + 2)
                } else if startsWith("<!", at: index) {
                    index = skip(past: ">", from: index + 2)
                } else {
                    let isEnd = startsWith("</", at: index)
                    var at = index + 1
                    var quote: UInt8 = 0
                    while at < bytes.count {
                        let current = bytes[at]
                        if quote != 0 { if current == quote { quote = 0 } }
                        else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") { quote = current }
                        else if current == UInt8(ascii: ">") { break }
                        at += 1
                    }
                    let isEmpty = at > 0 && at < bytes.count && bytes[at - 1] == UInt8(ascii: "/")
                    if isEnd { depth -= 1 } else if !isEmpty { depth += 1; sawRoot = true }
                    index = at + 1
                    // Nothing after the root element ends: that is outside the document's data.
                    if sawRoot, depth <= 0 { return positions }
                }
            } else if byte == UInt8(ascii: "&") {
                if depth > 0 { positions.append(index) }
                while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: "<") { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            } else {
                if depth > 0, isCharacterStart(bytes, index) { positions.append(index) }
                index += 1
            }
        }
        return positions
    }

    /// True unless the byte at `offset` continues a UTF-8 character.
    private static func isCharacterStart(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Bool {
        offset >= bytes.count || bytes[offset] & 0xC0 != 0x80
    }
}
