import Testing
@testable import TidingsApp

/// The tags prompt's text and what is typed at it follow the urls file's rules.
@Suite struct TagsPromptTests {
    @Test func tagsTypedAtThePromptFollowTheUrlsFileRules() {
        #expect(ReaderState.tagsPromptText([]) == "")
        #expect(ReaderState.tagsPromptText(["a", "two words", "#hash"]) == ##"a "two words" "#hash" "##)
        func parsed(_ text: String) -> [String]? { try? ReaderState.parseTags(text).get() }
        #expect(parsed(#"news "long reads" news  tech "#) == ["news", "long reads", "tech"])
        #expect(parsed("   ") == [])
        #expect(parsed(ReaderState.tagsPromptText(["a", "two words", "#hash"])) == ["a", "two words", "#hash"])
        for bad in ["~title", "ok !", #""unterminated"#, "#comment", "ok #comment", #""""#] {
            #expect(parsed(bad) == nil, "\(bad)")
        }
        if case .failure(let refusal) = ReaderState.parseTags("x ~Title") {
            #expect(refusal.description == "~Title cannot be a tag (the urls file reads ~ as a title and ! as hidden)")
        } else {
            Issue.record("~Title was accepted as a tag")
        }
    }
}
