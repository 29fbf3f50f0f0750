import Foundation
import Glibc

/// Writes to the pipe of a command's standard input without the risk of SIGPIPE.
///
/// A command may exit without reading all it is given (a renderer that fails, a bookmark script
/// that ignores its input). Writing to its pipe then raises SIGPIPE, whose default action ends
/// the whole process: the reader, or the test runner that hosts it.
public enum PipeWriter {
    /// Writes `bytes` to `descriptor` until done or the reader has gone (EPIPE), with SIGPIPE
    /// blocked on the calling thread meanwhile; a SIGPIPE raised then is taken, never delivered.
    /// Returns whether everything was written. The descriptor is left open.
    @discardableResult
    public static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Bool {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let bytes = Array(bytes)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        // A SIGPIPE raised while blocked stays pending on this thread: take it, so that it is
        // not delivered to the process once the mask goes.
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&blocked, nil, &zero)
        }
        return offset == bytes.count
    }
}
