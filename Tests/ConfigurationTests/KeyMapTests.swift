@testable import Configuration
import TerminalUI
import Testing

@Suite struct KeyMapTests {
    @Test func noDefaultKeyIsBoundTwiceInAContext() {
        for context in KeyMap.Context.allCases {
            let keys = KeyMap.standard.bindings(for: context).flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "\(context): \(keys)")
        }
    }

    @Test func everyCommandIsNamedUniquelyAndThosePerformedAreOfferedSomewhere() {
        for command in KeyCommand.allCases {
            #expect(command.isPerformed == !KeyMap.contexts(offering: command).isEmpty, "\(command)")
            #expect(KeyCommand(name: command.name) == command)
        }
        #expect(KeyCommand.toggleStarred.isPerformed && KeyCommand.editFlags.isPerformed && KeyCommand.saveAll.isPerformed)
        // Every newsboat action is performed but `set` alone, which says why it cannot be.
        #expect(KeyCommand.allCases.filter { !$0.isPerformed } == [.set])
        #expect(KeyCommand.allCases.allSatisfy { $0.isPerformed == ($0.whyNotPerformed == nil) })
        #expect(KeyCommand(name: "no-such-action") == nil)
    }

    @Test func bindingAKeyReplacesWhatItDidAndShowsInHelp() throws {
        var map = KeyMap.standard
        map.bind(.character("x"), to: .reloadAll, in: .feedList)
        map.bind(.character("r"), to: .markFeedRead, in: .feedList)
        #expect(map.command(for: .character("x"), in: .feedList) == .reloadAll)
        #expect(map.command(for: .character("x"), in: .itemList) == .fetchFullArticle)
        #expect(map.command(for: .character("r"), in: .feedList) == .markFeedRead)
        #expect(map.command(for: .character("r"), in: .itemList) == .reload)
        let reloadAll = try #require(map.bindings(for: .feedList).first { $0.command == .reloadAll })
        #expect(reloadAll.keys == [.character("R"), .character("x")])
        // `r` now marks read, so reload is left with no key and drops out of the help.
        #expect(!map.bindings(for: .feedList).contains { $0.command == .reload })
        #expect(map.helpLines(for: .feedList).contains { $0.text.plainText.hasPrefix("R x ") })
    }

    @Test func bindingWithoutAContextAppliesWhereverTheCommandIsOffered() throws {
        var map = KeyMap.standard
        map.bind(.control("r"), to: .reloadAll)
        for context in KeyMap.Context.allCases {
            let expected: KeyCommand? = KeyMap.contexts(offering: .reloadAll).contains(context) ? .reloadAll : nil
            #expect(map.command(for: .control("r"), in: context) == expected, "\(context)")
        }
    }

    @Test func aCommandBoundToAContextIsBoundThereAndOneNoScreenPerformsEverywhere() {
        var map = KeyMap.standard
        // As newsboat does: the binding is the user's, even where the screen makes nothing of it.
        map.bind(.character("x"), to: .addFeed, in: .article)
        #expect(map.command(for: .character("x"), in: .article) == .addFeed)
        map.bind(.control("d"), to: .set)
        #expect(KeyMap.Context.allCases.allSatisfy { map.command(for: .control("d"), in: $0) == .set })
    }

    @Test func unbindingRemovesTheKeyInOneContextOrAll() {
        var map = KeyMap.standard
        map.unbind(.character("o"), in: .article)
        #expect(map.command(for: .character("o"), in: .article) == nil)
        #expect(map.command(for: .character("o"), in: .itemList) == .openInBrowser)
        map.unbind(.character("Q"))
        #expect(KeyMap.Context.allCases.allSatisfy { map.command(for: .character("Q"), in: $0) == nil })
    }
}
