import CNcursesw
import Testing
@testable import TerminalUI

/// Mouse reports as the terminal sends them, byte by byte, as `get_wch` hands them over once
/// ncurses leaves them alone (`keyok(KEY_MOUSE, false)`).
@Suite struct KeyDecoderMouseTests {
    /// Decodes `reads` as consecutive batches of input, each ended by `flush()` as
    /// `CursesTerminal.readKeys` ends one.
    private func decode(_ reads: String...) -> [Key] {
        decode(reads.map { Array($0.unicodeScalars.map(\.value)) })
    }

    private func decode(_ reads: [[UInt32]]) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for read in reads {
            for value in read { keys += decoder.decode(value, isKeyCode: false) }
            keys += decoder.flush()
        }
        return keys
    }

    private func mouse(_ action: MouseEvent.Action, _ row: Int, _ column: Int, _ modifiers: MouseEvent.Modifiers = []) -> Key {
        .mouse(MouseEvent(action: action, row: row, column: column, modifiers: modifiers))
    }

    @Test func aClickIsAPressThenARelease() {
        // Column 5, row 3 as the terminal counts (from 1): cell 2, 4 counted from 0.
        #expect(decode("\u{1B}[<0;5;3M\u{1B}[<0;5;3m") == [mouse(.press(.left), 2, 4), mouse(.release, 2, 4)])
    }

    @Test func buttonsDragsAndTheWheel() {
        #expect(decode("\u{1B}[<1;1;1M") == [mouse(.press(.middle), 0, 0)])
        #expect(decode("\u{1B}[<2;80;24M") == [mouse(.press(.right), 23, 79)])
        #expect(decode("\u{1B}[<32;7;2M\u{1B}[<33;8;2M\u{1B}[<34;9;2M") == [
            mouse(.drag(.left), 1, 6), mouse(.drag(.middle), 1, 7), mouse(.drag(.right), 1, 8),
        ])
        #expect(decode("\u{1B}[<64;3;4M\u{1B}[<65;3;4M") == [mouse(.wheelUp, 3, 2), mouse(.wheelDown, 3, 2)])
        #expect(decode("\u{1B}[<2;300;200m") == [mouse(.release, 199, 299)])
    }

    @Test func modifiersHeldWithTheMouse() {
        #expect(decode("\u{1B}[<4;1;1M") == [mouse(.press(.left), 0, 0, .shift)])
        #expect(decode("\u{1B}[<8;1;1M") == [mouse(.press(.left), 0, 0, .alt)])
        #expect(decode("\u{1B}[<18;1;1M") == [mouse(.press(.right), 0, 0, .control)])
        #expect(decode("\u{1B}[<92;1;1M") == [mouse(.wheelUp, 0, 0, [.shift, .alt, .control])])
    }

    @Test func reportsWithoutAnEventAreDropped() {
        // Motion with no button (mode 1003), the horizontal wheel, buttons 8 to 11, a press of
        // "no button", a wheel "release", and cells before the first.
        for report in ["<35;1;1M", "<66;1;1M", "<67;1;1M", "<128;1;1M", "<3;1;1M", "<64;1;1m", "<0;0;1M", "<0;1;0M"] {
            #expect(decode("\u{1B}[\(report)j") == [.character("j")], "\(report)")
        }
    }

    @Test func aReportCutByTheReadsWaitsForItsEnd() {
        let report = "\u{1B}[<0;12;7M"
        let expected: [Key] = [.character("a"), mouse(.press(.left), 6, 11), .character("b")]
        let scalars = Array(("a" + report + "b").unicodeScalars.map(\.value))
        // Cut anywhere after `Esc [ <` (ncurses waits 25 ms for the rest of an Esc sequence
        // before that), even in three.
        for cut in 4..<(scalars.count - 1) {
            #expect(decode([Array(scalars[..<cut]), Array(scalars[cut...])]) == expected, "cut at \(cut)")
            for second in (cut + 1)..<scalars.count {
                #expect(decode([Array(scalars[..<cut]), Array(scalars[cut..<second]), Array(scalars[second...])]) == expected)
            }
        }
    }

    @Test func garbageIsDroppedAndTheKeysAfterItKept() {
        // Too many numbers, too few, an empty one.
        #expect(decode("\u{1B}[<0;5;3;4Mj") == [.character("j")])
        #expect(decode("\u{1B}[<0;5Mj") == [.character("j")])
        #expect(decode("\u{1B}[<0;;3Mj") == [.character("j")])
        // A key that is not part of a report ends it, and is the key it is.
        #expect(decode("\u{1B}[<0;5j") == [.character("j")])
        #expect(decode("\u{1B}[<0;5\u{1B}x") == [.alt("x")])
        #expect(decode("\u{1B}[<\r") == [.enter])
        // A keypad key, too.
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for value in "\u{1B}[<0;1".unicodeScalars { keys += decoder.decode(value.value, isKeyCode: false) }
        keys += decoder.decode(UInt32(KEY_UP), isKeyCode: true)
        #expect(keys == [.up])
    }

    @Test func overlongNumbersAreReadToTheirEndAndDropped() {
        #expect(decode("\u{1B}[<0;123456;1Mj") == [.character("j")])
        #expect(decode("\u{1B}[<0;99999;1M") == [mouse(.press(.left), 0, 99998)])
        // 200 000 digits, over two reads: nothing kept but the numbers so far.
        let digits = String(repeating: "9", count: 100_000)
        #expect(decode("\u{1B}[<0;" + digits, digits + ";1M", "j") == [.character("j")])
    }

    @Test func theLegacyX10FormIsDroppedWhole() {
        // `Esc [ M` and three bytes (button, column, row, each plus 32).
        #expect(decode("\u{1B}[M !!j") == [.character("j")])
        #expect(decode("a\u{1B}[M\u{60}\u{7F}\u{7F}b") == [.character("a"), .character("b")])
        // Cut short (ncurses drops bytes that are not UTF-8): the next batch is keys again.
        #expect(decode("\u{1B}[M ", "jk") == [.character("j"), .character("k")])
        // A control character cannot be part of one: a key typed after a cut report.
        #expect(decode("\u{1B}[M \r") == [.enter])
    }

    @Test func altBracketAndUnknownSequencesAreAsBefore() {
        #expect(decode("\u{1B}[") == [.alt("[")])
        #expect(decode("\u{1B}[", "<") == [.alt("["), .character("<")])
        #expect(decode("\u{1B}[A") == [.alt("["), .character("A")])
        #expect(decode("\u{1B}[\u{1B}") == [.alt("["), .escape])
        var decoder = KeyDecoder()
        #expect(decoder.decode(0x1B, isKeyCode: false) == [])
        #expect(decoder.decode(UInt32(UInt8(ascii: "[")), isKeyCode: false) == [])
        #expect(decoder.decode(UInt32(KEY_DOWN), isKeyCode: true) == [.alt("["), .down])
    }

    @Test func randomBytesNeverMakeAnEventOutsideTheScreensNumbers() {
        // Bytes drawn from what reports are made of, and anything else now and then.
        // A linear congruential generator (Knuth's MMIX constants): the same bytes every run.
        var state: UInt64 = 43
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("\u{1B}[<M;m0123456789j".unicodeScalars.map(\.value))
        for _ in 0..<2_000 {
            var reads: [[UInt32]] = []
            for _ in 0..<Int(next() % 4 + 1) {
                reads.append((0..<Int(next() % 24)).map { _ in
                    next() % 10 == 0 ? UInt32(next() % 0x110) : alphabet[Int(next() % UInt64(alphabet.count))]
                })
            }
            for case .mouse(let event) in decode(reads) {
                #expect((0..<99_999).contains(event.row) && (0..<99_999).contains(event.column))
            }
        }
    }

    @Test func mouseKeysDescribeThemselves() {
        #expect(mouse(.press(.left), 2, 4).description == "Left-press at 2,4")
        #expect(mouse(.wheelDown, 0, 1, [.control, .shift]).description == "Ctrl-Shift-Wheel-down at 0,1")
    }
}
