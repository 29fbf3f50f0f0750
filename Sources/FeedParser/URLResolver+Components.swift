extension URLResolver {
    /// A URI reference split into its five RFC 3986 components, as slices of its UTF-8 bytes.
    struct Components {
        var scheme: ArraySlice<UInt8>?
        var authority: ArraySlice<UInt8>?
        var path: ArraySlice<UInt8>
        var query: ArraySlice<UInt8>?
        var fragment: ArraySlice<UInt8>?

        init(_ text: String) {
            self.init(bytes: Array(text.utf8))
        }

        init(bytes: [UInt8]) {
            var rest = bytes[...]
            if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
                fragment = rest[(hash + 1)...]
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
                query = rest[(question + 1)...]
                rest = rest[..<question]
            }
            if let colon = rest.firstIndex(of: UInt8(ascii: ":")), Self.isScheme(rest[..<colon]) {
                scheme = rest[..<colon]
                rest = rest[(colon + 1)...]
            }
            if rest.count >= 2, rest[rest.startIndex] == UInt8(ascii: "/"), rest[rest.startIndex + 1] == UInt8(ascii: "/") {
                let afterSlashes = rest.startIndex + 2
                let slash = rest[afterSlashes...].firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
                authority = rest[afterSlashes..<slash]
                rest = rest[slash...]
            }
            path = rest
        }

        static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
            guard let first = bytes.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
            return bytes.allSatisfy { byte in
                (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
        }

        /// The scheme a reference resolved against `self` gets.
        func resolvedScheme(_ reference: Components) -> ArraySlice<UInt8>? {
            reference.scheme ?? scheme
        }

        /// RFC 3986 §5.2.2 and §5.3, with `self` as the base: the target URL's bytes, written
        /// straight into one array (building an intermediate value cost more in reference
        /// counting than the resolution itself).
        func resolvedBytes(_ reference: Components) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity((scheme?.count ?? 0) + (authority?.count ?? 0) + path.count + reference.path.count + 16)
            let targetScheme = reference.scheme ?? scheme
            if let targetScheme {
                out.append(contentsOf: targetScheme)
                out.append(UInt8(ascii: ":"))
            }
            var query = reference.query
            let usesOwnAuthority = reference.scheme != nil || reference.authority != nil
            if let targetAuthority = usesOwnAuthority ? reference.authority : authority {
                out.append(UInt8(ascii: "/"))
                out.append(UInt8(ascii: "/"))
                out.append(contentsOf: targetAuthority)
            }
            if usesOwnAuthority {
                Self.append(reference.path, removingDotSegmentsTo: &out)
            } else {
                if reference.path.isEmpty {
                    out.append(contentsOf: path)
                    if query == nil { query = self.query }
                } else if reference.path.first == UInt8(ascii: "/") {
                    Self.append(reference.path, removingDotSegmentsTo: &out)
                } else if authority != nil && path.isEmpty {
                    out.append(contentsOf: Self.removingDotSegments([UInt8(ascii: "/")] + reference.path))
                } else {
                    let directory = path.lastIndex(of: UInt8(ascii: "/")).map { path[...$0] } ?? []
                    out.append(contentsOf: Self.removingDotSegments(directory + reference.path))
                }
            }
            if let query {
                out.append(UInt8(ascii: "?"))
                out.append(contentsOf: query)
            }
            if let fragment = reference.fragment {
                out.append(UInt8(ascii: "#"))
                out.append(contentsOf: fragment)
            }
            return out
        }

        /// Appends `path` without its dot segments: as it is when it has none (`/img/a.png`, nearly
        /// every path), without the copy that `removingDotSegments` makes of it first.
        private static func append(_ path: ArraySlice<UInt8>, removingDotSegmentsTo out: inout [UInt8]) {
            if path.withUnsafeBufferPointer({ hasDotSegment($0) }) {
                out.append(contentsOf: removingDotSegments(path))
            } else {
                out.append(contentsOf: path)
            }
        }

        /// RFC 3986 §5.2.4.
        static func removingDotSegments<Path: Collection<UInt8>>(_ path: Path) -> ArraySlice<UInt8> {
            let input = Array(path)
            guard input.withUnsafeBufferPointer({ hasDotSegment($0) }) else { return input[...] }
            let slash = UInt8(ascii: "/")
            let dot = UInt8(ascii: ".")
            let count = input.count
            var output: [UInt8] = []
            output.reserveCapacity(count)
            var index = 0
            // `pendingSlash` stands for the "/" that the RFC's algorithm writes back into the input
            // when it consumes a final "/." or "/..".
            var pendingSlash = false
            while index < count || pendingSlash {
                if pendingSlash {
                    pendingSlash = false
                    output.append(slash)
                    continue
                }
                let first = input[index]
                let second = index + 1 < count ? input[index + 1] : 0
                let third = index + 2 < count ? input[index + 2] : 0
                let fourth = index + 3 < count ? input[index + 3] : 0
                if first == dot, second == dot, third == slash {
                    index += 3
                } else if first == dot, second == slash {
                    index += 2
                } else if first == slash, second == dot, third == slash {
                    index += 2
                } else if first == slash, second == dot, index + 2 == count {
                    index += 2
                    pendingSlash = true
                } else if first == slash, second == dot, third == dot, fourth == slash {
                    index += 3
                    removeLastSegment(&output)
                } else if first == slash, second == dot, third == dot, index + 3 == count {
                    index += 3
                    removeLastSegment(&output)
                    pendingSlash = true
                } else if (first == dot && index + 1 == count) || (first == dot && second == dot && index + 2 == count) {
                    index = count
                } else {
                    // Move the first segment, with its leading "/" if any, to the output.
                    if first == slash {
                        output.append(slash)
                        index += 1
                    }
                    while index < count, input[index] != slash {
                        output.append(input[index])
                        index += 1
                    }
                }
            }
            return output[...]
        }

        private static func removeLastSegment(_ output: inout [UInt8]) {
            if let last = output.lastIndex(of: UInt8(ascii: "/")) { output.removeSubrange(last...) } else { output.removeAll() }
        }

        /// True when some segment of `path` is `.` or `..`: only then is there work to do (dots in
        /// file names, `/img/a.png`, are the common case).
        static func hasDotSegment(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
            let slash = UInt8(ascii: "/")
            let dot = UInt8(ascii: ".")
            var segmentStart = 0
            for index in 0...path.count where index == path.count || path[index] == slash {
                let length = index - segmentStart
                if length == 1, path[segmentStart] == dot { return true }
                if length == 2, path[segmentStart] == dot, path[segmentStart + 1] == dot { return true }
                segmentStart = index + 1
            }
            return false
        }
    }
}
