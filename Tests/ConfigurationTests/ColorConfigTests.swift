@testable import Configuration
import TerminalUI
import Testing

/// `color ELEMENT FG BG [ATTR…]` lines.
@Suite struct ColorConfigTests {
    @Test(arguments: [
        ("default", Color.default), ("black", .black), ("red", .red), ("green", .green), ("yellow", .yellow),
        ("blue", .blue), ("magenta", .magenta), ("cyan", .cyan), ("white", .white), ("Red", .red),
        ("color0", .indexed(0)), ("color8", .indexed(8)), ("color208", .indexed(208)), ("color255", .indexed(255)),
    ])
    func colourNames(_ name: String, _ color: Color) throws {
        #expect(try ThemeParser.color(name) == color)
    }

    @Test(arguments: ["color256", "color-1", "color", "color07", "grey", "#ff0000", "brightred", ""])
    func notColours(_ name: String) {
        #expect(throws: ThemeParser.Problem.self) { try ThemeParser.color(name) }
    }

    @Test func everyElementTakesItsColours() {
        let config = Config(parsing: """
            color listnormal white default
            color listnormal_unread cyan default bold
            color listfocus black yellow
            color listfocus_unread black yellow bold underline
            color listfailed color196 default
            color title color231 color24 bold
            color info default color238
            color article_header magenta default bold
            color article_link blue default underline
            color background color250 color235
            """)
        #expect(config.warnings.isEmpty)
        let theme = config.theme
        #expect(theme.listNormal == Style(foreground: .white))
        #expect(theme.listUnread == Style(foreground: .cyan, attributes: .bold))
        #expect(theme.listFocus == Style(foreground: .black, background: .yellow))
        #expect(theme.listFocusUnread == Style(foreground: .black, background: .yellow, attributes: [.bold, .underline]))
        #expect(theme.listFailed == Style(foreground: .indexed(196)))
        #expect(theme.titleBar == Style(foreground: .indexed(231), background: .indexed(24), attributes: .bold))
        #expect(theme.statusBar == Style(background: .indexed(238)))
        #expect(theme.articleHeader == Style(foreground: .magenta, attributes: .bold))
        #expect(theme.articleLink == Style(foreground: .blue, attributes: .underline))
        #expect(theme.background == Style(foreground: .indexed(250), background: .indexed(235)))
    }

    @Test func attributesIncludingStandoutAndDim() throws {
        let assignment = try ThemeParser.assignment(from: ["listnormal", "default", "default", "standout", "DIM", "bold", "underline", "reverse"])
        #expect(assignment.style == Style(attributes: [.reverse, .dim, .bold, .underline]))
    }

    @Test func infoColoursBothBarsUnlessTitleIsGiven() {
        let infoOnly = Config(parsing: "color info white red")
        #expect(infoOnly.theme.statusBar == Style(foreground: .white, background: .red))
        #expect(infoOnly.theme.titleBar == Style(foreground: .white, background: .red))

        let titleFirst = Config(parsing: "color title yellow green\ncolor info white red")
        #expect(titleFirst.theme.titleBar == Style(foreground: .yellow, background: .green))
        #expect(titleFirst.theme.statusBar == Style(foreground: .white, background: .red))

        let titleAfter = Config(parsing: "color info white red\ncolor title yellow green")
        #expect(titleAfter.theme.titleBar == Style(foreground: .yellow, background: .green))
        #expect(titleAfter.theme.statusBar == Style(foreground: .white, background: .red))
    }

    @Test func attributesTidingsCannotDrawAreReadSilentlyAndTheRestApplies() {
        let config = Config(parsing: "color listfocus red blue blink bold invis")
        #expect(config.warnings.isEmpty, "newsboat takes them: not a mistake in the file")
        #expect(config.theme.listFocus == Style(foreground: .red, background: .blue, attributes: .bold))
    }

    @Test func everyNewsboatElementAndColourFormIsRead() {
        let config = Config(parsing: """
            color article color250 color235
            color background default default
            color end-of-text-marker color8 default dim
            color hint-description white blue
            color hint-key yellow blue bold
            color hint-keys-delimiter white blue
            color hint-separator white blue bold
            color info color231 color24 bold
            color listfocus_deleted red yellow
            color listnormal_deleted red default underline
            color title black yellow bold
            color listnormal default default
            color listnormal_unread color123 default underline bold
            color listfocus default default reverse bold standout
            color listfocus_unread COLOR16 Yellow bold
            """)
        #expect(config.warnings.isEmpty)
        #expect(config.theme.article == Style(foreground: .indexed(250), background: .indexed(235)))
        #expect(config.theme.endOfTextMarker == Style(foreground: .indexed(8), attributes: .dim))
        #expect(config.theme.hintKey == Style(foreground: .yellow, background: .blue, attributes: .bold))
        #expect(config.theme.listNormalDeleted == Style(foreground: .red, attributes: .underline))
        #expect(config.theme.listUnread == Style(foreground: .indexed(123), attributes: [.underline, .bold]))
        #expect(config.theme.listFocusUnread == Style(foreground: .indexed(16), background: .yellow, attributes: .bold))
    }

    @Test func badLinesWarnWithTheirLineNumbersAndKeepTheDefaults() {
        let config = Config(parsing: """
            color listfocus red
            color sidebar black white
            color listfocus crimson blue
            color listfocus red color300
            color listfocus red blue sparkly
            color listnormal green default
            """)
        #expect(config.warnings.map(\.description) == [
            "config line 1: color needs an element, a foreground and a background (color listfocus black yellow bold); ignored",
            #"config line 2: unknown element "sidebar" (Tidings colours listnormal, listnormal_unread, listfocus, listfocus_unread, listfailed, title, info, article_header, article_link, article, listnormal_deleted, listfocus_deleted, end-of-text-marker, hint-key, hint-keys-delimiter, hint-separator, hint-description, background); ignored"#,
            #"config line 3: "crimson" is not a colour (default, black, red, green, yellow, blue, magenta, cyan, white or color0 to color255); ignored"#,
            #"config line 4: "color300" is not a colour (default, black, red, green, yellow, blue, magenta, cyan, white or color0 to color255); ignored"#,
            #"config line 5: unknown attribute "sparkly" (bold, underline, reverse, standout, dim, blink, invis or protect); ignored"#,
        ])
        var expected = Theme.standard
        expected.listNormal = Style(foreground: .green)
        #expect(config.theme == expected)
    }
}
