import ArticleExtraction
import Foundation
import Testing

/// The furniture that real pages put inside their article element, where class hints alone do
/// not find it, is left out; the article's own text around it, and sentences that merely
/// mention a date, a time or copyright, stay.
@Suite struct ArticleFurnitureTests {
    static let paragraphs = ExtractionBehaviourTests.paragraphs

    static func extract(_ inner: String) throws -> String {
        let html = ExtractionBehaviourTests.page(body: "<article>\(inner)</article>")
        return try ArticleExtractor.extract(html: html).text
    }

    @Test func dropsCaptionsAndCredits() throws {
        let text = try Self.extract("""
            <p>\(Self.paragraphs[0])</p>
            <figure><img src="a.jpg" alt="The marsh"><figcaption>Waders on the marsh at dawn. Photograph: Jo Bloggs</figcaption></figure>
            <div class="image-credit">© Marsh Trust</div>
            <p>\(Self.paragraphs[1])</p><p>\(Self.paragraphs[2])</p>
            """)
        #expect(!text.contains("Waders on the marsh"))
        #expect(!text.contains("Marsh Trust"))
        #expect(text.contains(Self.paragraphs[1]))
    }

    @Test func keepsSubheadingsCalledSubheader() throws {
        let text = try Self.extract("""
            <p>\(Self.paragraphs[0])</p><h2 class="subheader">Counting the waders</h2>
            <p>\(Self.paragraphs[1])</p><p>\(Self.paragraphs[2])</p>
            """)
        #expect(text.contains("Counting the waders"))
    }

    @Test func dropsBylinesCopyrightAndDateStampsWrittenAsParagraphs() throws {
        let text = try Self.extract("""
            <p>By Alice Marsh</p><p>Published 28 August 2013, updated 14:00 GMT</p>
            <p>\(Self.paragraphs[0])</p><p>\(Self.paragraphs[1])</p><p>\(Self.paragraphs[2])</p>
            <p>-- By Alice Marsh Follow @alicemarsh</p><p>— By Émile Zola</p>
            <p>Copyright 2024 Example Media, Inc. This material may not be published or redistributed.</p>
            <p>™ &amp; © 2013 Example Network, Inc.</p>
            <p>Follow Alice on Twitter @alicemarsh and on Instagram.</p>
            <div class="author-bio"><p>Alice writes about birds and wetlands for the magazine, and has counted waders on the marsh for twenty years, in every season.</p></div>
            """)
        #expect(!text.contains("Alice Marsh"))
        #expect(!text.contains("Zola"))
        #expect(!text.contains("14:00"))
        #expect(!text.contains("Example Media"))
        #expect(!text.contains("Example Network"))
        #expect(!text.contains("Follow Alice"))
        #expect(!text.contains("twenty years"))
        #expect(text.contains(Self.paragraphs[2]))
    }

    @Test func keepsSentencesAboutDatesTimesAndCopyright() throws {
        let sentences = [
            "The count starts at 06:30 on 5 March 2024.",
            "Copyright law did not cover the survey's maps.",
            "By nightfall the volunteers had counted every transect.",
            "By Monday the river had risen.",
        ]
        let text = try Self.extract(
            Self.paragraphs.map { "<p>\($0)</p>" }.joined() + sentences.map { "<p>\($0)</p>" }.joined())
        for sentence in sentences { #expect(text.contains(sentence), "lost: \(sentence)") }
    }

    @Test func dropsLinesThatAreOneLinkToAnotherStory() throws {
        let text = try Self.extract("""
            <p>\(Self.paragraphs[0])</p><p><a href="/other">Five healthy eating tips for holiday travellers</a></p>
            <p>\(Self.paragraphs[1]) It was <a href="/report">the best year</a> yet.</p>
            <p>Read more: <a href="/startup">Inside a start-up's risky attempt to control the climate</a></p>
            <p>\(Self.paragraphs[2])</p>
            <p>Tags: <a href="/t/birds">birds</a>, <a href="/t/wetlands">wetlands</a>, <a href="/t/surveys">surveys</a></p>
            <p>Sign up for <a href="/letter">The Marsh Letter</a>, our weekly newsletter.</p>
            """)
        #expect(!text.contains("Five healthy eating tips"))
        #expect(!text.contains("Tags:"))
        #expect(!text.contains("Marsh Letter"))
        #expect(!text.contains("risky attempt"))
        #expect(text.contains("the best year"))
    }

    @Test func dropsEmbeddedVideoPlayers() throws {
        let text = try Self.extract("""
            <p>\(Self.paragraphs[0])</p>
            <div class="video-resource"><div>Watch the waders return to the marsh</div><span>05:22 - Source: Marsh TV</span></div>
            <p>\(Self.paragraphs[1])</p><p>\(Self.paragraphs[2])</p>
            """)
        #expect(!text.contains("Watch the waders"))
        #expect(!text.contains("Source: Marsh TV"))
    }

    @Test func showsARepeatedShortParagraphOnce() throws {
        let slides = (1...5).map { "<div class=\"slide-title\" id=\"slide\($0)\">Spring on the marsh</div>" }.joined()
        let text = try Self.extract("<p>\(Self.paragraphs[0])</p><div>\(slides)</div><p>\(Self.paragraphs[1])</p><p>\(Self.paragraphs[2])</p>")
        #expect(text.components(separatedBy: "Spring on the marsh").count - 1 <= 1, "\(text)")
    }
}
