import CNcursesw
import Testing
@testable import TerminalUI

@Suite struct KeyDecoderTests {
    private func decode(_ values: [(UInt32, Bool)]) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for (value, isKeyCode) in values { keys += decoder.decode(value, isKeyCode: isKeyCode) }
        return keys + decoder.flush()
    }

    @Test func charactersAndControls() {
        #expect(decode([(0x6A, false)]) == [.character("j")])
        #expect(decode([(0x65E5, false)]) == [.character("日")])
        #expect(decode([(0x1F600, false)]) == [.character("😀")])
        #expect(decode([(0x0D, false), (0x0A, false)]) == [.enter, .enter])
        #expect(decode([(0x15, false)]) == [.control("u")])
        #expect(decode([(0x7F, false), (0x08, false), (0x09, false)]) == [.backspace, .backspace, .tab])
        #expect(decode([(0x00, false), (0x9B, false)]) == [])
    }

    @Test func escapeAloneAndAsAlt() {
        #expect(decode([(0x1B, false)]) == [.escape])
        #expect(decode([(0x1B, false), (0x78, false)]) == [.alt("x")])
        #expect(decode([(0x1B, false), (0x1B, false)]) == [.escape, .escape])
        #expect(decode([(0x1B, false), (UInt32(KEY_UP), true)]) == [.escape, .up])
    }

    @Test func functionKeys() {
        let codes: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_END, .end),
            (KEY_ENTER, .enter), (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_BTAB, .backTab),
            (KEY_RESIZE, .resize), (KEY_F0 + 5, .function(5)),
        ]
        for (code, key) in codes {
            #expect(decode([(UInt32(code), true)]) == [key])
        }
    }

    @Test func descriptionsForHelp() {
        #expect(Key.control("u").description == "Ctrl-U")
        #expect(Key.pageDown.description == "PgDn")
        #expect(Key.character(" ").description == "Space")
    }
}
