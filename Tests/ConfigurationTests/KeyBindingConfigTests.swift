@testable import Configuration
import TerminalUI
import Testing

/// `bind-key` and `unbind-key` lines, and the key names they take.
@Suite struct KeyBindingConfigTests {
    @Test(arguments: [
        ("x", Key.character("x")), ("X", .character("X")), ("é", .character("é")), ("日", .character("日")),
        ("?", .character("?")), ("^", .character("^")), ("-", .character("-")), ("#", .character("#")),
        ("^R", .control("r")), ("^r", .control("r")), ("Ctrl-R", .control("r")), ("ctrl-u", .control("u")),
        ("^H", .backspace), ("^I", .tab), ("^J", .enter), ("^M", .enter), ("^[", .escape),
        ("ENTER", .enter), ("Enter", .enter), ("SPACE", .character(" ")), ("Space", .character(" ")),
        ("TAB", .tab), ("BACKTAB", .backTab), ("Shift-Tab", .backTab), ("ESC", .escape), ("Esc", .escape),
        ("UP", .up), ("DOWN", .down), ("LEFT", .left), ("RIGHT", .right), ("right", .right),
        ("PPAGE", .pageUp), ("PgUp", .pageUp), ("NPAGE", .pageDown), ("PgDn", .pageDown), ("pagedown", .pageDown),
        ("HOME", .home), ("END", .end), ("BACKSPACE", .backspace), ("DEL", .delete), ("Delete", .delete),
        ("INS", .insert), ("Insert", .insert), ("F1", .function(1)), ("F12", .function(12)), ("f5", .function(5)),
        ("Alt-x", .alt("x")), ("M-x", .alt("x")),
    ])
    func keyNames(_ name: String, _ key: Key) throws {
        #expect(try KeyName.key(for: name) == key)
    }

    @Test func everyKeyTheHelpScreenNamesCanBeWrittenAsItIsShown() throws {
        let keys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab,
                           .backTab, .delete, .insert, .function(7), .control("b"), .alt("n"), .character(" "), .character("G")]
        for key in keys { #expect(try KeyName.key(for: key.description) == key, "\(key.description)") }
    }

    @Test(arguments: ["", "xy", "^RR", "^1", "^\\", "Ctrl-", "F0", "F64", "F01", "PAGE", "\u{1B}", "Alt-xy"])
    func notKeyNames(_ name: String) {
        #expect(throws: KeyName.Problem.self) { try KeyName.key(for: name) }
    }

    @Test func bindingsApplyInFileOrderOntoTheDefaults() {
        let config = Config(parsing: """
            bind-key x reload-all feedlist
            bind-key ^R reload
            unbind-key r
            bind-key SPACE pagedown articlelist
            bind-key z toggle-starred
            unbind-key z article
            bind-key é open-search
            """)
        #expect(config.warnings.isEmpty)
        let keys = config.readerPreferences.keyMap
        #expect(keys.command(for: .character("x"), in: .feedList) == .reloadAll)
        #expect(keys.command(for: .character("x"), in: .itemList) == .fetchFullArticle)
        #expect(keys.command(for: .control("r"), in: .feedList) == .reload)
        #expect(keys.command(for: .control("r"), in: .article) == .reload)
        #expect(keys.command(for: .control("r"), in: .help) == nil)
        #expect(keys.command(for: .character("r"), in: .feedList) == nil)
        #expect(keys.command(for: .character("r"), in: .itemList) == nil)
        #expect(keys.command(for: .character(" "), in: .itemList) == .pageDown)
        #expect(keys.command(for: .character("z"), in: .itemList) == .toggleStarred)
        #expect(keys.command(for: .character("z"), in: .article) == nil)
        #expect(keys.command(for: .character("é"), in: .tagList) == .search)
        // Untouched defaults stay.
        #expect(keys.command(for: .character("R"), in: .feedList) == .reloadAll)
        #expect(keys.command(for: .character("j"), in: .article) == .down)
        // The help screen lists what is in force.
        let help = keys.helpLines(for: .feedList).map(\.text.plainText)
        #expect(help.contains { $0.hasPrefix("R x ") && $0.hasSuffix("Reload all feeds") })
        #expect(help.contains { $0.hasPrefix("Ctrl-R ") && $0.hasSuffix("Reload the selected feed") })
    }

    @Test func newsboatNamesQuitSetTagNextAndPrev() {
        let config = Config(parsing: """
            bind-key x quit
            bind-key y quit articlelist
            bind-key t set-tag
            bind-key w next
            bind-key v prev articlelist
            """)
        #expect(config.warnings.isEmpty)
        let keys = config.keyMap
        #expect(keys.command(for: .character("x"), in: .feedList) == .quit)
        #expect(keys.command(for: .character("x"), in: .itemList) == .back)
        #expect(keys.command(for: .character("x"), in: .article) == .back)
        #expect(keys.command(for: .character("x"), in: .help) == .back)
        #expect(keys.command(for: .character("y"), in: .itemList) == .back)
        #expect(keys.command(for: .character("y"), in: .feedList) == nil)
        #expect(keys.command(for: .character("t"), in: .feedList) == .selectTag)
        #expect(keys.command(for: .character("w"), in: .feedList) == .down)
        #expect(keys.command(for: .character("w"), in: .itemList) == .down)
        #expect(keys.command(for: .character("w"), in: .article) == nil)
        #expect(keys.command(for: .character("v"), in: .itemList) == .up)
        #expect(Config(parsing: "bind-key w next article").warnings.map(\.message) == ["bind-key: next does nothing in the article context; ignored"])
    }

    @Test func everyActionCanBeBoundByItsName() {
        for command in KeyCommand.allCases {
            let context = KeyMap.contexts(offering: command).sorted { $0.rawValue < $1.rawValue }.first!
            let config = Config(parsing: "bind-key F9 \(command.name) \(context.rawValue)")
            #expect(config.warnings.isEmpty, "\(command.name)")
            #expect(config.keyMap.command(for: .function(9), in: context) == command, "\(command.name)")
        }
    }

    @Test func unbindAllEmptiesAContextOrEveryContext() {
        let one = Config(parsing: "unbind-key -a article\nbind-key q back article")
        #expect(one.warnings.isEmpty)
        #expect(one.keyMap.bindings(for: .article).map(\.keys) == [[.character("q")]])
        #expect(one.keyMap.command(for: .character("j"), in: .feedList) == .down)
        let all = Config(parsing: "unbind-key -a")
        for context in KeyMap.Context.allCases { #expect(all.keyMap.bindings(for: context).isEmpty) }
    }

    @Test func digitsStayLinkNumbersInTheArticleView() {
        let config = Config(parsing: "bind-key 5 toggle-starred\nbind-key 6 toggle-starred article")
        #expect(config.warnings.map(\.description) == [
            "config line 2: bind-key: digits type link numbers in the article view; 6 cannot be bound there",
        ])
        #expect(config.keyMap.command(for: .character("5"), in: .itemList) == .toggleStarred)
        #expect(config.keyMap.command(for: .character("5"), in: .article) == nil)
    }

    @Test func badLinesWarnWithTheirLineNumbersAndTheRestApplies() {
        let config = Config(parsing: """
            bind-key x
            bind-key xy reload
            bind-key x frobnicate
            bind-key x reload podboat
            bind-key x delete-feed article
            bind-key ^C reload
            unbind-key
            unbind-key r everywhere
            unbind-key ^L
            bind-key x reload-all feedlist extra
            bind-key w reload-all feedlist
            """)
        #expect(config.warnings.map(\.description) == [
            "config line 1: bind-key needs a key and an action, then optionally a context (bind-key ^R reload-all feedlist)",
            #"config line 2: bind-key: "xy" is not a key name (a character, ^X, ENTER, SPACE, TAB, ESC, UP, DOWN, LEFT, RIGHT, PPAGE, NPAGE, HOME, END, BACKSPACE, DEL, INS or F1–F12); ignored"#,
            #"config line 3: bind-key: unknown action "frobnicate"; ignored (the README lists the actions)"#,
            #"config line 4: bind-key: unknown context "podboat" (Tidings has feedlist, articlelist, searchresultslist, article, tagselection, urlview, help); ignored"#,
            "config line 5: bind-key: delete-feed does nothing in the article context; ignored",
            "config line 6: bind-key: Ctrl-C always quits and cannot be bound; ignored",
            "config line 7: unbind-key needs a key (or -a for all keys), then optionally a context (unbind-key r feedlist)",
            #"config line 8: unbind-key: unknown context "everywhere" (Tidings has feedlist, articlelist, searchresultslist, article, tagselection, urlview, help); ignored"#,
            "config line 9: unbind-key: Ctrl-L always redraws the screen and cannot be bound; ignored",
            "config line 10: bind-key needs a key and an action, then optionally a context (bind-key ^R reload-all feedlist)",
        ])
        var expected = KeyMap.standard
        try? expected.bind(.character("w"), to: .reloadAll, in: .feedList)
        #expect(config.keyMap == expected)
    }

    @Test func hostileNamesAreQuotedSafely() {
        let config = Config(parsing: "bind-key \"\u{1B}[2J\" reload\nbind-key x \"\u{1B}]0;owned\u{07}\"")
        #expect(config.warnings.count == 2)
        #expect(config.warnings.allSatisfy { !$0.description.contains("\u{1B}") && !$0.description.contains("\u{07}") })
    }
}
