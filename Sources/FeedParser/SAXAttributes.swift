import CLibXML2

/// The attributes libxml2 passes to `startElementNs`: five pointers each (local name, prefix, URI,
/// value start, value end); values are not NUL-terminated.
struct SAXAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int
    let paths: ParsePaths

    /// The value of the attribute whose local name is `name` (any namespace unless `prefix` is given).
    func value(_ name: StaticString, prefix: StaticString? = nil) -> String? {
        entry(name, prefix: prefix).map { Self.decode(begin: $0[3], end: $0[4], paths: paths) }
    }

    /// The value of the attribute whose local name is `name` in any letter case (CDF writes
    /// `HREF`), in any namespace.
    func value(anyCase name: StaticString) -> String? {
        guard let base else { return nil }
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0], Self.equalsIgnoringCase(local, name) else { continue }
            return Self.decode(begin: entry[3], end: entry[4], paths: paths)
        }
        return nil
    }

    /// Whether the value of the attribute `name` is exactly `expected`, compared as bytes without
    /// making a `String` (nil when there is no such attribute). `expected` holds no `&`, so the
    /// bytes as libxml2 reports them are the value.
    func value(_ name: StaticString, equals expected: StaticString) -> Bool? {
        guard let entry = entry(name, prefix: nil) else { return nil }
        guard let begin = entry[3], let end = entry[4], end > begin else { return expected.utf8CodeUnitCount == 0 }
        return expected.withUTF8Buffer { $0.elementsEqual(UnsafeBufferPointer(start: begin, count: end - begin)) }
    }

    /// The five pointers of the first attribute whose local name is `name` (and prefix `prefix`).
    private func entry(_ name: StaticString, prefix: StaticString?) -> UnsafeMutablePointer<UnsafePointer<xmlChar>?>? {
        guard let base else { return nil }
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0], Self.equals(local, name) else { continue }
            if let prefix {
                guard let actual = entry[1], Self.equals(actual, prefix) else { continue }
            }
            return entry
        }
        return nil
    }

    /// Visits every attribute as (local name, prefix, value bytes).
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, UnsafePointer<xmlChar>?, UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base else { return }
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0], let begin = entry[3], let end = entry[4] else { continue }
            body(UnsafeBufferPointer(start: local, count: Self.strlen(local)), entry[1],
                 UnsafeBufferPointer(start: begin, count: end - begin))
        }
    }

    static func equals(_ text: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { expected in
            for (index, byte) in expected.enumerated() where text[index] != byte { return false }
            return text[expected.count] == 0
        }
    }

    /// `equals` for a lower-case `name`, the text in any ASCII letter case.
    private static func equalsIgnoringCase(_ text: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { expected in
            for (index, byte) in expected.enumerated() {
                let written = text[index]
                guard written == byte || (written &- UInt8(ascii: "A") < 26 && written | 0x20 == byte) else { return false }
            }
            return text[expected.count] == 0
        }
    }

    private static func strlen(_ text: UnsafePointer<xmlChar>) -> Int {
        var length = 0
        while text[length] != 0 { length += 1 }
        return length
    }

    /// libxml2 (without entity substitution) writes `&amp;` in attribute values back as `&#38;`.
    /// Decided on the bytes: most values hold no `&` at all, and a `String` search costs more
    /// than the rest of reading the attribute.
    private static func decode(begin: UnsafePointer<xmlChar>?, end: UnsafePointer<xmlChar>?, paths: ParsePaths) -> String {
        guard let begin, let end, end > begin else { return "" }
        let bytes = UnsafeBufferPointer(start: begin, count: end - begin)
        if paths.isFast, !bytes.contains(UInt8(ascii: "&")) { return ValidatedUTF8.string(bytes, paths: paths) }
        let escapedAmpersand: [UInt8] = Array("&#38;".utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), index + 5 <= bytes.count,
               bytes[index..<index + 5].elementsEqual(escapedAmpersand) {
                decoded.append(UInt8(ascii: "&"))
                index += 5
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return ValidatedUTF8.string(decoded, paths: paths)
    }
}
