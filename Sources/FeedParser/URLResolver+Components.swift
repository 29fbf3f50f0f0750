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

        private init(
            scheme: ArraySlice<UInt8>?, authority: ArraySlice<UInt8>?, path: ArraySlice<UInt8>,
            query: ArraySlice<UInt8>?, fragment: ArraySlice<UInt8>?
        ) {
            self.scheme = scheme
            self.authority = authority
            self.path = path
            self.query = query
            self.fragment = fragment
        }

        static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
            guard let first = bytes.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
            return bytes.allSatisfy { byte in
                (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
        }

        /// RFC 3986 §5.2.2, with `self` as the base.
        func resolving(_ reference: Components) -> Components {
            if reference.scheme != nil {
                return Components(
                    scheme: reference.scheme, authority: reference.authority,
                    path: Self.removingDotSegments(reference.path), query: reference.query, fragment: reference.fragment)
            }
            if reference.authority != nil {
                return Components(
                    scheme: scheme, authority: reference.authority,
                    path: Self.removingDotSegments(reference.path), query: reference.query, fragment: reference.fragment)
            }
            if reference.path.isEmpty {
                return Components(
                    scheme: scheme, authority: authority, path: path, query: reference.query ?? query, fragment: reference.fragment)
            }
            let mergedPath: ArraySlice<UInt8>
            if reference.path.first == UInt8(ascii: "/") {
                mergedPath = Self.removingDotSegments(reference.path)
            } else if authority != nil && path.isEmpty {
                mergedPath = Self.removingDotSegments([UInt8(ascii: "/")] + reference.path)
            } else {
                let directory = path.lastIndex(of: UInt8(ascii: "/")).map { path[...$0] } ?? []
                mergedPath = Self.removingDotSegments(directory + reference.path)
            }
            return Components(
                scheme: scheme, authority: authority, path: mergedPath, query: reference.query, fragment: reference.fragment)
        }

        /// RFC 3986 §5.2.4.
        static func removingDotSegments<Path: Collection<UInt8>>(_ path: Path) -> ArraySlice<UInt8> {
            let input = Array(path)
            guard input.contains(UInt8(ascii: ".")) else { return input[...] }
            let slash = UInt8(ascii: "/")
            let dot = UInt8(ascii: ".")
            var output: [UInt8] = []
            output.reserveCapacity(input.count)
            var index = 0
            let count = input.count
            func at(_ offset: Int) -> UInt8 { index + offset < count ? input[index + offset] : 0 }
            func removeLastSegment() {
                if let last = output.lastIndex(of: slash) { output.removeSubrange(last...) } else { output.removeAll() }
            }
            // `pendingSlash` stands for the "/" that the RFC's algorithm writes back into the input.
            var pendingSlash = false
            while index < count || pendingSlash {
                if pendingSlash {
                    pendingSlash = false
                    // Re-read a lone "/" followed by the rest of the input: it starts the next segment.
                    output.append(slash)
                    while index < count, input[index] != slash {
                        output.append(input[index])
                        index += 1
                    }
                    // A "/" produced by "/." or "/.." followed by more dots is handled by the loop.
                    continue
                }
                if at(0) == dot, at(1) == dot, at(2) == slash {
                    index += 3
                } else if at(0) == dot, at(1) == slash {
                    index += 2
                } else if at(0) == slash, at(1) == dot, at(2) == slash {
                    index += 2
                } else if at(0) == slash, at(1) == dot, index + 2 == count {
                    index += 2
                    pendingSlash = true
                } else if at(0) == slash, at(1) == dot, at(2) == dot, at(3) == slash {
                    index += 3
                    removeLastSegment()
                } else if at(0) == slash, at(1) == dot, at(2) == dot, index + 3 == count {
                    index += 3
                    removeLastSegment()
                    pendingSlash = true
                } else if (at(0) == dot && index + 1 == count) || (at(0) == dot && at(1) == dot && index + 2 == count) {
                    index = count
                } else {
                    // Move the first segment, with its leading "/" if any, to the output.
                    if input[index] == slash {
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

        var bytes: [UInt8] {
            var result: [UInt8] = []
            if let scheme {
                result += scheme
                result.append(UInt8(ascii: ":"))
            }
            if let authority {
                result += [UInt8(ascii: "/"), UInt8(ascii: "/")]
                result += authority
            }
            result += path
            if let query {
                result.append(UInt8(ascii: "?"))
                result += query
            }
            if let fragment {
                result.append(UInt8(ascii: "#"))
                result += fragment
            }
            return result
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }
}
