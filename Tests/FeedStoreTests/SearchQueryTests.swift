import Testing

@testable import FeedStore

/// Parsing what the user typed into a `SearchQuery`: no store involved.
@Suite struct SearchQueryTests {
    @Test func wordsPhrasesExclusionsAndFilters() throws {
        let query = try SearchQuery(#"kernel "memory safety" -rust -"hot take" feed:lwn tag:"long reads" unread:yes"#)
        #expect(query.words == ["kernel"])
        #expect(query.phrases == ["memory safety"])
        #expect(query.excluded == ["rust", "hot take"])
        #expect(query.feedNames == ["lwn"])
        #expect(query.tags == ["long reads"])
        #expect(query.unread == true)
        #expect(query.description == #"kernel "memory safety" -rust -"hot take" feed:lwn tag:"long reads" unread:yes"#)
        #expect(query.matchExpression == #"("kernel" "memory safety") NOT ("rust" OR "hot take")"#)
    }

    @Test func filterNamesAndUnreadValuesIgnoreCase() throws {
        let query = try SearchQuery(#"FEED:"Swift on Linux" Tag:Linux UNREAD:No"#)
        #expect(query.feedNames == ["Swift on Linux"])
        #expect(query.tags == ["Linux"])
        #expect(query.unread == false)
        #expect(query.words.isEmpty && query.matchExpression == nil)
    }

    @Test func unknownPrefixesAndFtsOperatorsArePlainWords() throws {
        let query = try SearchQuery(#"c:drive https://x.example OR NEAR(a b) col:x * "#)
        #expect(query.words == ["c:drive", "https://x.example", "OR", "NEAR(a", "b)", "col:x"])
        #expect(query.feedNames.isEmpty && query.tags.isEmpty && query.unread == nil)
        #expect(query.matchExpression == #""c:drive" "https://x.example" "OR" "NEAR(a" "b)" "col:x""#)
    }

    @Test func quotesAreDoubledAndUnclosedQuotesRunToTheEnd() throws {
        #expect(try SearchQuery(#"say"hi""#).matchExpression == #""say""hi""""#)
        let unclosed = try SearchQuery(#"news "open ended phrase"#)
        #expect(unclosed.phrases == ["open ended phrase"])
        #expect(try SearchQuery(#"feed:"Swift on"#).feedNames == ["Swift on"])
    }

    @Test func japaneseIsSpacedOutAsTheIndexIs() throws {
        #expect(try SearchQuery("天気 -東京").matchExpression == #"(" 天  気 ") NOT (" 東  京 ")"#)
    }

    @Test func punctuationOnlyTermsAreDropped() throws {
        let query = try SearchQuery(#"swift & — "..." -!!"#)
        #expect(query.words == ["swift"])
        #expect(query.phrases.isEmpty && query.excluded.isEmpty)
    }

    @Test func queriesThatCannotMeanAnythingSayWhy() {
        #expect(throws: SearchQueryError.nothingToSearch) { try SearchQuery("") }
        #expect(throws: SearchQueryError.nothingToSearch) { try SearchQuery("   &&  \"\" -") }
        #expect(throws: SearchQueryError.onlyExclusions) { try SearchQuery("-rust -go") }
        #expect(throws: SearchQueryError.missingValue(filter: .feed)) { try SearchQuery("news feed:") }
        #expect(throws: SearchQueryError.missingValue(filter: .tag)) { try SearchQuery(#"tag:"  ""#) }
        #expect(throws: SearchQueryError.invalidUnread(value: "maybe")) { try SearchQuery("unread:maybe") }
        #expect(SearchQueryError.onlyExclusions.description == "-word only excludes: add a word or a filter to search for")
        #expect(SearchQueryError.invalidUnread(value: "maybe").description == "unread: takes yes or no, not maybe")
    }

    @Test func exclusionsWithAFilterAreAQuery() throws {
        let query = try SearchQuery("-systemd tag:linux")
        #expect(query.matchExpression == nil)
        #expect(query.exclusionExpression == #""systemd""#)
    }
}
