import Foundation

/// A TCP socket bound to a free port of 127.0.0.1: closed at once, it names a port nothing
/// listens on; left listening and never accepting, it is a server that never answers (the
/// kernel completes the connection, nobody reads).
public struct LoopbackSocket {
    public let descriptor: Int32
    public let port: Int

    public struct Failure: Error {}

    public init(listening: Bool) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && (!listening || listen(descriptor, 16) == 0)
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(descriptor)
            throw Failure()
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    public func close() {
        Glibc.close(descriptor)
    }
}
