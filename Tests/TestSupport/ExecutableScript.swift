import Foundation

/// Writes a script that a test then runs as a program.
///
/// `Data.write` opens its file without close-on-exec: a child that another test starts at that
/// moment (tmux, a feed command) inherits the write descriptor and keeps it for its whole life,
/// and running the script then fails with "Text file busy" (ETXTBSY). This opens the file with
/// `O_CLOEXEC`, so a child holds it at most until its own exec.
public enum ExecutableScript {
    public static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            written += count
        }
        // `open`'s mode is masked by the umask, and an existing file keeps its own.
        guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
