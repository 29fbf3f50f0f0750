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
        ("Alt-x", .alt("x")), ("M-x", .alt("x")), ("<c-n>", .control("n")), ("<C-r>", .control("r")), ("<ENTER>", .enter),
        ("<Space>", .character(" ")),
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
        let keys = config.keyMap
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
        #expect(help.contains { $0.hasPrefix("R x ") && $0.hasSuffix("Reload all feeds  reload-all") })
        #expect(help.contains { $0.hasPrefix("Ctrl-R ") && $0.hasSuffix("Reload the selected feed  reload") })
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
        #expect(keys.command(for: .character("w"), in: .article) == .nextArticle)
        #expect(keys.command(for: .character("v"), in: .itemList) == .up)
        // In the article view, newsboat's next and prev go to the next or previous article.
        #expect(Config(parsing: "bind-key w next article").keyMap.command(for: .character("w"), in: .article) == .nextArticle)
    }

    @Test func everyActionCanBeBoundByItsName() {
        for command in KeyCommand.allCases {
            // A command no screen performs yet is bound where it is named; the article view is
            // where newsboat's next and prev mean themselves.
            let context = KeyMap.contexts(offering: command).sorted { $0.rawValue < $1.rawValue }.first ?? .article
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
        #expect(config.warnings.isEmpty, "a binding Tidings cannot honour is not a mistake in the file")
        #expect(config.keyMap.command(for: .character("5"), in: .itemList) == .toggleStarred)
        #expect(config.keyMap.command(for: .character("5"), in: .article) == nil)
        #expect(config.keyMap.command(for: .character("6"), in: .article) == nil)
    }

    @Test func badLinesWarnWithTheirLineNumbersAndTheRestApplies() {
        let config = Config(parsing: """
            bind-key x
            bind-key xy reload
            bind-key x frobnicate
            bind-key x reload nowhere
            bind-key x delete-feed article
            bind-key ^C reload
            unbind-key
            unbind-key r everywhere
            unbind-key ^L
            bind-key x reload-all feedlist extra
            bind-key w reload-all feedlist
            """)
        let contexts = "newsboat's are feedlist, articlelist, searchresultslist, article, tagselection, urlview, help, dialogs, dirbrowser, filebrowser, filterselection, podboat, all"
        #expect(config.warnings.map(\.description) == [
            "config line 1: bind-key needs a key and an action, then optionally a context (bind-key ^R reload-all feedlist)",
            #"config line 2: bind-key: "xy" is not a key name (a character, ^X, ENTER, SPACE, TAB, ESC, UP, DOWN, LEFT, RIGHT, PPAGE, NPAGE, HOME, END, BACKSPACE, DEL, INS or F1–F12); ignored"#,
            #"config line 3: bind-key: unknown action "frobnicate"; ignored (the README lists the actions)"#,
            #"config line 4: bind-key: unknown context "nowhere" (\#(contexts)); ignored"#,
            "config line 7: unbind-key needs a key (or -a for all keys), then optionally a context (unbind-key r feedlist)",
            #"config line 8: unbind-key: unknown context "everywhere" (\#(contexts)); ignored"#,
            "config line 10: bind-key needs a key and an action, then optionally a context (bind-key ^R reload-all feedlist)",
        ])
        var expected = KeyMap.standard
        // A Tidings action bound where its screen makes nothing of it is kept, as newsboat keeps
        // any binding; the keys the reader keeps (Ctrl-C, Ctrl-L) stay as they are.
        expected.bind(.character("x"), to: .deleteFeed, in: .article)
        expected.bind(.character("w"), to: .reloadAll, in: .feedList)
        #expect(config.keyMap == expected)
    }

    @Test func everyNewsboatActionAndContextIsAccepted() {
        let actions = """
            article-feed bookmark clear-filter clear-tag close-dialog cmd-eight cmd-five cmd-four cmd-nine cmd-one cmd-seven \
            cmd-six cmd-three cmd-two cmdline delete-all-articles delete-article down edit-flags edit-urls eight end enqueue \
            five four goto-title goto-url halfpagedown halfpageup hard-quit help home macro-prefix mark-all-above-as-read \
            mark-all-feeds-read mark-feed-read next next-dialog next-feed next-unread next-unread-feed nine one open \
            open-all-unread-in-browser open-all-unread-in-browser-and-mark-read open-in-browser open-in-browser-and-mark-read \
            open-in-browser-noninteractively open-search pagedown pageup pb-cancel pb-decreate-max-dls pb-delete pb-download \
            pb-increase-max-dls pb-mark-as-finished pb-play pb-purge pb-reload pb-toggle-download-all pipe-to prev prev-dialog \
            prev-feed prev-unread prev-unread-feed prevsearchresults purge-deleted quit random-unread redraw reload reload-all \
            reload-urls rev-sort save save-all select-filter select-tag set set-filter set-tag seven show-urls six sort \
            switch-focus three toggle-article-read toggle-show-read-feeds toggle-source-view two up view-dialogs zero
            """.split(separator: " ").map(String.init)
        #expect(actions.count == 97)
        let contexts = ["all", "article", "articlelist", "dialogs", "dirbrowser", "feedlist", "filebrowser", "filterselection",
                        "help", "podboat", "searchresultslist", "tagselection", "urlview"]
        for (index, action) in actions.enumerated() {
            let step = action == "set" ? "set browser lynx" : action
            let lines = "bind-key F9 \(action)\nbind-key F10 \(action) \(contexts[index % contexts.count])\nmacro m \(step)\n"
            #expect(Config(parsing: lines).warnings.isEmpty, "\(action)")
        }
        // Aliases carry out the same command; an action no screen performs yet is bound, so the
        // reader can say it is not available.
        let config = Config(parsing: "bind-key ^D set\nbind-key T set-tag\nbind-key , macro-prefix all\nbind-key d pb-download podboat\n")
        #expect(config.keyMap.command(for: .control("d"), in: .itemList) == .set)
        #expect(!KeyCommand.set.isPerformed)
        #expect(config.keyMap.command(for: .character("T"), in: .feedList) == .selectTag)
        #expect(config.keyMap.command(for: .character("d"), in: .feedList) == nil, "podboat's keys are podboat's")
        // `all` binds in every context.
        let all = Config(parsing: "bind-key ^O open-in-browser all")
        #expect(KeyMap.Context.allCases.allSatisfy { all.keyMap.command(for: .control("o"), in: $0) == .openInBrowser })
    }

    @Test func bindOfOneKeyAndOneActionBindsAndSequencesAreKept() {
        let config = Config(parsing: """
            bind ^R feedlist,articlelist reload-all
            bind <C-n> everywhere next-unread -- "next unread"
            bind zz everywhere home
            bind x feedlist open ; open-in-browser
            bind y nowhere open
            bind z feedlist frobnicate
            """)
        #expect(config.warnings.map(\.line) == [5, 6])
        #expect(config.keyMap.command(for: .control("r"), in: .itemList) == .reloadAll)
        #expect(config.keyMap.command(for: .control("r"), in: .article) == nil, "only the contexts named")
        #expect(config.keyMap.command(for: .control("n"), in: .article) == .nextUnread)
        #expect(config.keyMap.command(for: .character("z"), in: .feedList) == nil, "a key sequence is kept for later")
    }

    @Test func hostileNamesAreQuotedSafely() {
        let config = Config(parsing: "bind-key \"\u{1B}[2J\" reload\nbind-key x \"\u{1B}]0;owned\u{07}\"")
        #expect(config.warnings.count == 2)
        #expect(config.warnings.allSatisfy { !$0.description.contains("\u{1B}") && !$0.description.contains("\u{07}") })
    }
}
