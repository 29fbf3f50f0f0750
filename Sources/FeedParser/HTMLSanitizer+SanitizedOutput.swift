import Foundation

extension HTMLSanitizer {
    /// What a sanitising pass writes, copy-on-first-change: nothing while every token seen so far
    /// is already in canonical form; the first replacement copies the clean prefix, and from then
    /// on clean runs are copied in bulk between replacements. `finish()` returns nil when nothing
    /// changed, so clean HTML costs one scan and no allocation.
    ///
    /// Not copyable, like the pass that holds it: a copy would retain its string and array.
    struct SanitizedOutput: ~Copyable {
        private let input: UnsafeBufferPointer<UInt8>
        /// The input as a `String` when the caller has one: clean runs are then copied from it
        /// as already-valid text, and only the small replacements are validated as UTF-8.
        private let source: String?
        private let paths: ParsePaths
        private var output = ""
        /// Output bytes not yet moved into `output`.
        private var pending: [UInt8] = []
        private var hasChanged = false
        /// Input before this index is accounted for: copied to `output` or replaced.
        private var copiedUpTo = 0

        /// Takes `pending`'s memory from the caller's workspace until `returnPending`.
        init(input: UnsafeBufferPointer<UInt8>, source: String?, pending: inout [UInt8], paths: ParsePaths) {
            self.input = input
            self.source = source
            self.paths = paths
            swap(&self.pending, &pending)
        }

        mutating func returnPending(to workspace: inout [UInt8]) {
            swap(&pending, &workspace)
        }

        /// Replaces `input[range]` with `bytes` in the output.
        mutating func replace(_ range: Range<Int>, with bytes: UnsafeBufferPointer<UInt8>) {
            if !hasChanged {
                hasChanged = true
                // Without a source string everything passes through `pending`, which then becomes
                // the output in one piece: size that, not `output`, to spare regrowing it.
                if source == nil {
                    pending.reserveCapacity(input.count + input.count / 8 + 64)
                } else {
                    output.reserveCapacity(input.count + 64)
                }
            }
            if range.lowerBound > copiedUpTo {
                appendVerbatim(copiedUpTo..<range.lowerBound)
            }
            pending.append(contentsOf: bytes)
            copiedUpTo = range.upperBound
        }

        mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { replace(range, with: $0) }
        }

        mutating func replace(_ range: Range<Int>, literal: StaticString) {
            replace(range, with: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        mutating func drop(_ range: Range<Int>) {
            replace(range, with: UnsafeBufferPointer(start: nil, count: 0))
        }

        /// Replaces `input[range]` with `bytes`, unless they are the same bytes.
        mutating func replace(_ range: Range<Int>, withIfDifferent bytes: [UInt8]) {
            let same = bytes.count == range.count && bytes.withUnsafeBufferPointer { rendered in
                memcmp(rendered.baseAddress!, input.baseAddress! + range.lowerBound, range.count) == 0
            }
            if !same { replace(range, with: bytes) }
        }

        /// The whole output once the input has been read to its end, with its verdict on double
        /// encoding; nil when nothing changed.
        mutating func finish() -> ValidatedUTF8.Text? {
            guard hasChanged else { return nil }
            if copiedUpTo < input.count {
                appendVerbatim(copiedUpTo..<input.count)
            }
            if output.isEmpty {
                // The whole output is in `pending` (always, without a source string): validated in
                // one piece, it comes with the verdict on double encoding.
                return ValidatedUTF8.text(pending, paths: paths)
            }
            // Pieces validated apart can form the pair across their seam: unsure.
            flushPending()
            return ValidatedUTF8.Text(string: output, mayBeDoublyEncoded: true)
        }

        /// Appends `input[range]`, which starts and ends at token boundaries (ASCII bytes), so
        /// it is whole scalars. Short runs join the pending bytes; long ones are copied from the
        /// source `String` as already-valid text.
        private mutating func appendVerbatim(_ range: Range<Int>) {
            if paths.isFast, let source, range.count >= 256 {
                let utf8 = source.utf8
                let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                let end = utf8.index(start, offsetBy: range.count)
                if let text = String(utf8[start..<end]) {
                    flushPending()
                    output.append(text)
                    return
                }
            }
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
        }

        /// Moves the pending bytes (replacements and short clean runs) into `output`, validating
        /// them as UTF-8 once.
        private mutating func flushPending() {
            guard !pending.isEmpty else { return }
            output.append(ValidatedUTF8.string(pending, paths: paths))
            pending.removeAll(keepingCapacity: true)
        }
    }
}
