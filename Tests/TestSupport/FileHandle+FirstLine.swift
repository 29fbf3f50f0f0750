import Foundation

extension FileHandle {
    /// The first line a child process writes (without its newline), read a byte at a time so
    /// that nothing after it is taken from the pipe: the test servers print their port this way
    /// once their socket listens. Empty when the process ends first.
    func readFirstLine() throws -> String {
        var line = Data()
        while true {
            let byte = try read(upToCount: 1) ?? Data()
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }
}
