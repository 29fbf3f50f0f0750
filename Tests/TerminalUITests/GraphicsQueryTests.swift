import Foundation
import Glibc
import Testing
import TerminalUI

/// The start-up question about pictures: the replies understood, and keys typed meanwhile kept.
struct GraphicsQueryTests {
    static let kittyOK = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)
    static let kittyError = Array("\u{1B}_Gi=31;ENOENT:unsupported\u{1B}\\".utf8)
    static let vt340 = Array("\u{1B}[?63;1;2;4;6;9;15;22c".utf8)
    static let plainXterm = Array("\u{1B}[?64;1;2;6;9;15;18;21;22c".utf8)

    @Test func readsBothReplies() {
        #expect(GraphicsQuery.parse(Self.kittyOK + Self.plainXterm)?.capabilities == GraphicsCapabilities(kittyGraphics: true, sixel: false))
        #expect(GraphicsQuery.parse(Self.vt340)?.capabilities == GraphicsCapabilities(kittyGraphics: false, sixel: true))
        #expect(GraphicsQuery.parse(Self.kittyError + Self.plainXterm)?.capabilities == GraphicsCapabilities.none)
        // The device class (the first number) is not an attribute: "4" there is no sixel.
        #expect(GraphicsQuery.parse(Array("\u{1B}[?4;6c".utf8))?.capabilities.sixel == false)
    }

    @Test func waitsForTheDeviceAttributes() {
        #expect(GraphicsQuery.parse(Self.kittyOK) == nil)
        #expect(GraphicsQuery.parse(Array(Self.vt340.dropLast())) == nil)
        #expect(GraphicsQuery.parse([0x1B]) == nil)
    }

    @Test func keepsKeysTypedAroundTheReplies() {
        let answer = GraphicsQuery.parse(Array("j".utf8) + Self.kittyOK + [0x1B, 0x5B, 0x41] + Array("k".utf8) + Self.vt340)
        #expect(answer?.typed == Array("j\u{1B}[Ak".utf8))
        #expect(answer?.capabilities == GraphicsCapabilities(kittyGraphics: true, sixel: true))
    }

    /// The real exchange on a pseudo-terminal: the request reaches the terminal side, the answer is
    /// read, a key typed before it comes back, and one typed after it stays unread for ncurses.
    @Test func asksThroughAPseudoTerminalWithoutEatingKeys() throws {
        var master: Int32 = -1, slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { close(master); close(slave) }
        let terminalSide = master
        let terminal = Thread {
            var request: [UInt8] = []
            var byte: UInt8 = 0
            while !request.ends(with: Array("\u{1B}[c".utf8)), read(terminalSide, &byte, 1) == 1 { request.append(byte) }
            let reply = Array("j".utf8) + Self.kittyOK + Self.vt340 + Array("q".utf8)
            _ = reply.withUnsafeBytes { write(terminalSide, $0.baseAddress, $0.count) }
        }
        terminal.start()
        let answer = GraphicsQuery.ask(input: slave, output: slave, timeout: 10)
        #expect(answer.capabilities == GraphicsCapabilities(kittyGraphics: true, sixel: true))
        #expect(answer.typed == Array("j".utf8))
        var waiting = pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
        try #require(poll(&waiting, 1, 5000) == 1, "the key typed after the reply was taken from the terminal")
        var left: UInt8 = 0
        #expect(read(slave, &left, 1) == 1 && left == UInt8(ascii: "q"))
    }

    @Test func aSilentTerminalCostsTheTimeoutAndKeepsWhatWasTyped() throws {
        var master: Int32 = -1, slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { close(master); close(slave) }
        _ = Array("x".utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        let answer = GraphicsQuery.ask(input: slave, output: slave, timeout: 0.2)
        #expect(answer.capabilities == .none)
        #expect(answer.typed == Array("x".utf8))
    }
}

extension Array where Element: Equatable {
    func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
