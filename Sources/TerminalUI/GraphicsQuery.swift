import Glibc

/// Asks the terminal, once at start and before full-screen mode, whether it draws pictures.
///
/// Two questions go out together: kitty's graphics query (a one-pixel picture with `a=q`, which
/// a kitty-protocol terminal checks and answers `OK` without keeping) and the primary device
/// attributes request (DA1), which every terminal since the VT100 answers, after the first. So
/// the DA1 reply ends the wait, and a terminal that knows nothing of kitty costs no timeout.
///
///     let (capabilities, typed) = GraphicsQuery.ask(input: STDIN_FILENO, output: STDOUT_FILENO, timeout: 0.3)
///
/// Keys typed while waiting are not lost: everything read that is not part of a reply comes back
/// in order, for the key decoder; what arrives after the DA1 reply is not read at all.
public enum GraphicsQuery {
    /// kitty's query, then DA1.
    public static let request: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

    /// What `bytes` (read from the terminal since the request) say: nil while the DA1 reply is
    /// not complete; otherwise the capabilities and the bytes that were no reply.
    public static func parse(_ bytes: [UInt8]) -> (capabilities: GraphicsCapabilities, typed: [UInt8])? {
        var capabilities = GraphicsCapabilities.none
        var typed: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == 0x5F, bytes[index + 2] == 0x47 {
                // ESC _ G … ESC \ : kitty's answer.
                guard let end = terminator(in: bytes, from: index + 3) else { return nil }
                let body = String(decoding: bytes[(index + 3)..<end], as: UTF8.self)
                if body.hasPrefix("i=31;") && body.hasSuffix(";OK") { capabilities.kittyGraphics = true }
                index = end + 2
            } else if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == 0x5B, bytes[index + 2] == 0x3F {
                // ESC [ ? digits and semicolons c : DA1, the last answer.
                var end = index + 3
                while end < bytes.count, bytes[end] == 0x3B || (0x30...0x39).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return nil }
                guard bytes[end] == 0x63 else {
                    typed += bytes[index...end]
                    index = end + 1
                    continue
                }
                let attributes = String(decoding: bytes[(index + 3)..<end], as: UTF8.self).split(separator: ";")
                capabilities.sixel = attributes.dropFirst().contains("4")
                return (capabilities, typed + bytes[(end + 1)...])
            } else if bytes[index] == 0x1B && index + 2 >= bytes.count {
                return nil  // a reply may be starting: wait for more
            } else {
                typed.append(bytes[index])
                index += 1
            }
        }
        return nil
    }

    /// Sends the request to `output` and reads `input` (both the terminal) until the DA1 reply or
    /// `timeout` seconds; the terminal's modes are put back as they were. On a timeout nothing
    /// is known and every byte read comes back as typed.
    public static func ask(input: Int32, output: Int32, timeout: Double) -> (capabilities: GraphicsCapabilities, typed: [UInt8]) {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return (.none, []) }
        var raw = saved
        // No echo, no line editing, no signals from ^C while asking: the reply is not text.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
        tcsetattr(input, TCSANOW, &raw)
        defer { tcsetattr(input, TCSANOW, &saved) }

        guard writeAll(request, to: output) else { return (.none, []) }
        var bytes: [UInt8] = []
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
            let left = Int32(max(0, (timeout - elapsed) * 1000))
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&descriptor, 1, left) > 0 else { return (.none, bytes) }
            // One byte at a time: nothing after the DA1 reply may be taken from the terminal.
            var byte: UInt8 = 0
            guard read(input, &byte, 1) == 1 else { return (.none, bytes) }
            bytes.append(byte)
            if byte == 0x63, let answer = parse(bytes) { return answer }
        }
    }

    private static func terminator(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x1B && bytes[index + 1] == 0x5C { return index }
            index += 1
        }
        return nil
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
