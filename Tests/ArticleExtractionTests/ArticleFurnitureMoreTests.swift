import ArticleExtraction
import Foundation
import Testing

/// The furniture and the article text of issue 47, measured on a published benchmark's pages:
/// related-post blocks, hover cards, press boilerplate, credits, citations, shortcodes and
/// subscription prompts go, in the languages the rules cover; quoted posts, lines repeated apart
/// and an article written without paragraphs stay.
@Suite struct ArticleFurnitureMoreTests {
    static let paragraphs = ExtractionBehaviourTests.paragraphs

    static func extract(_ inner: String) throws -> String {
        try ArticleFurnitureTests.extract(inner)
    }

    static var article: String { paragraphs.map { "<p>\($0)</p>" }.joined() }

    @Test func dropsARelatedStoriesBlockAfterItsLabel() throws {
        let text = try Self.extract(Self.article + """
            <hr><div class="heading-h3">More Great Marsh Stories</div>
            <ul><li>Waders are back, <a href="/w">and so are the counters</a></li><li>Why reeds <a href="/r">grow faster</a></li></ul>
            <p><strong>DON'T MISS</strong><br><strong><a href="/a">Storms flood the coast road</a> [NEWS]</strong><br>
            <strong><a href="/b">Ten birds to see this spring</a> [INSIGHT]</strong></p>
            <h3>Lesen Sie auch</h3><p><a href="/c">Der Deich hält</a></p>
            <h3>Related post: <a href="/d">Pickled reed shoots</a></h3>
            """)
        for gone in ["More Great", "counters", "DON'T MISS", "Storms flood", "Ten birds", "Lesen Sie", "Deich", "Pickled"] {
            #expect(!text.contains(gone), "kept: \(gone)")
        }
        #expect(text.contains(Self.paragraphs[2]))
    }

    @Test func dropsHoverCardsWrittenAfterTheirLink() throws {
        let text = try Self.extract("""
            <p>The bill was brought by Rep. <span class="person"><a href="/p/1">Alice Marsh</a><span class="rollover-block">\
            <img src="/a.jpg"><a href="/p/1">Alice Marsh</a><a href="/s/1">Latest: counting the waders</a></span></span> \
            and her colleague <a href="/p/2">Jo Reed</a><span><a href="/p/2">Jo Reed</a> <a href="/s/2">Reed's report</a></span>, \
            who has counted birds on the marsh for twenty years.</p>
            """ + Self.article)
        #expect(text.contains("Rep. Alice Marsh and her colleague Jo Reed, who has counted"), "\(text)")
        #expect(!text.contains("Latest: counting"))
        #expect(!text.contains("Reed's report"))
    }

    @Test func dropsAPressReleasesCompanyBoilerplate() throws {
        let text = try Self.extract(Self.article + """
            <hr><p>Marshco is a global solutions provider for wetland surveys. Marshco is headquartered in Norwich, \
            employs around 300 people and is listed on the London Stock Exchange.</p>
            """)
        #expect(!text.contains("Marshco"))
        #expect(text.contains(Self.paragraphs[2]))
        let headed = try Self.extract(Self.article + """
            <h2>Über Marshco</h2><p>Marshco zählt Vögel seit 1990.</p><p>Pressekontakt: presse@marshco.example</p>
            """)
        #expect(!headed.contains("Marshco"))
    }

    @Test(arguments: [
        "Photo: Jo Reed / AP", "Foto: dpa", "写真：共同通信", "Image credit: Marsh Trust",
        "Citation: Waders return (2019, November 18) retrieved 20 November 2019 from https://marsh.example/news",
        "This document is subject to copyright. No part may be reproduced without the written permission.",
        "Tous droits réservés", "Alle Rechte vorbehalten.",
        "Have a tip? Alice Marsh may be reached at alice@marsh.example. Follow her on Twitter.",
        "This slideshow requires JavaScript.", "Ce diaporama nécessite JavaScript.",
        "[button link=\"https://marsh.example/submit\" type=\"big\"] Send us YOUR count[/button]",
        "Get the latest updates right in your inbox. Subscribe to our newsletters.",
        "Abonnez-vous à notre newsletter", "Suscríbete a nuestro boletín", "Subscribe to the Marsh Letter and stay smart.",
        "This post may contain affiliate links. Please see my disclosure page.",
        "05/10/2018 - Publicado por: Clarissa Borba - Categoria: Saúde - Tags: pântano",
        "Suivez-nous sur Twitter et Facebook", "Par Jeanne Dupont", "Von Anna Schilf",
        "Updated at 1:23 p.m.", "Aktualisiert um 14:05 Uhr", "12 comments", "Leave a Reply", "Kommentare (3)",
        "Reach the reporters on Twitter at https://twitter.com/joreed and https://twitter.com/almarsh",
        "Jo Reed's book about the marsh, \"Wet Feet\" (Reed Press, 2018), is out now. Follow him on Twitter @joreed.",
    ])
    func dropsFurnitureLines(_ line: String) throws {
        let text = try Self.extract("<p>\(Self.paragraphs[0])</p><p>\(line)</p><p>\(Self.paragraphs[1])</p><p>\(Self.paragraphs[2])</p>")
        #expect(!text.contains(line.split(separator: " ").prefix(2).joined(separator: " ")), "kept: \(line)")
        #expect(text.contains(Self.paragraphs[1]))
    }

    /// The same lines set in fine print or in a block of their own instead of a paragraph, in an
    /// article written straight into its `div`.
    @Test func dropsFurnitureLinesOutsideParagraphs() throws {
        let html = ExtractionBehaviourTests.page(body: """
            <div class="menu"><a href="/">Home</a></div><div class="col-md-9">
            <small class="text-muted"><b>05/10/2018</b> - Publicado por: Clarissa Borba - Categoria: \
            <a href="/c/19">Saúde</a> - Tags: <a href="/t/1">pântano</a></small><br><br>
            <img src="/a.jpg">\(Self.paragraphs[0])<br><br>\(Self.paragraphs[1])<br><br>
            <div>Von Anna Schilf</div>\(Self.paragraphs[2])<br><div>The wardens will count again in May.</div>
            Most of the birds were <small>(as in every year)</small> seen at dawn.</div>
            """)
        let text = try ArticleExtractor.extract(html: html).text
        #expect(!text.contains("Publicado"), "\(text)")
        #expect(!text.contains("Anna Schilf"))
        #expect(text.contains("The wardens will count again in May."))
        #expect(text.contains("(as in every year)"))
        #expect(text.contains(Self.paragraphs[1]))
    }

    /// The summary under the headline is the page's précis, shown apart like the headline; the
    /// article's lead paragraph is its text.
    @Test func dropsTheStandfirst() throws {
        let text = try Self.extract("""
            <h1>Marsh survey</h1><p class="c-entry-summary p-dek">The marsh has more birds than ever, and the wardens \
            want to know why.</p><div class="article-lead-text"><p>Counting resumes in May, on all twelve transects.</p></div>
            <p class="lead">\(Self.paragraphs[0])</p><p>\(Self.paragraphs[1])</p><p>\(Self.paragraphs[2])</p>
            """)
        #expect(!text.contains("more birds than ever"), "\(text)")
        #expect(!text.contains("Counting resumes"))
        #expect(text.contains(Self.paragraphs[0]))
    }

    /// A content management system's label of a field goes; the field, and a body whose wrapper
    /// says where its label would go (`field--label-hidden`), stay.
    @Test func dropsTheLabelsOfFields() throws {
        let text = try Self.extract("""
            <div class="field field--name-body field--label-hidden"><p>\(Self.paragraphs[0])</p>\
            <div class="field--label">Highlights</div><div class="field--item">The waders are back on the marsh, \
            and the wardens have counted them twice.</div><p>\(Self.paragraphs[1])</p></div>
            """)
        #expect(!text.contains("Highlights"), "\(text)")
        #expect(text.contains(Self.paragraphs[0]))
        #expect(text.contains(Self.paragraphs[1]))
        #expect(text.contains("The waders are back on the marsh"))
    }

    /// A highlight or pull quote repeats a paragraph of the article: the text has it once, where
    /// the paragraph is.
    @Test func showsAPullQuoteOnce() throws {
        let quote = "The wardens have counted the waders twice, and both counts agree."
        let text = try Self.extract("""
            <section class="block"><div class="field field--label-above"><div class="field--label">Highlights</div>\
            <div class="field--items"><div class="field--item">\(quote)</div></div></div></section>\
            <p>\(Self.paragraphs[0])</p><p>\(Self.paragraphs[1])</p><blockquote class="pull-quote">\(quote)</blockquote>\
            <p>\(quote)</p><p>\(Self.paragraphs[2])</p>
            """)
        #expect(text.components(separatedBy: quote).count - 1 == 1, "\(text)")
        #expect(text.contains(Self.paragraphs[1] + "\n\n" + quote + "\n\n" + Self.paragraphs[2]))
    }

    /// The headline set as the article's first paragraph is the headline; the same words later
    /// in the text, or a first paragraph of other words, are the article's.
    @Test func dropsTheCommentsHeading() throws {
        let text = try Self.extract(Self.article + "<h3>Tell us what YOU think...</h3><p><span></span> comments</p>")
        #expect(!text.contains("Tell us"), "\(text)")
        #expect(!text.contains("comments"))
    }

    @Test func dropsTheHeadlineSetAsTheFirstParagraph() throws {
        let article = { (first: String) in
            ExtractionBehaviourTests.page(body: """
                <article><p class="titulo">\(first)</p><p>\(Self.paragraphs[0])</p><p>\(Self.paragraphs[1])</p>\
                <p>Waders return to the marsh</p><p>\(Self.paragraphs[2])</p></article>
                """, head: "<title>Waders return to the marsh - Marsh News</title>")
        }
        let text = try ArticleExtractor.extract(html: article("Waders return to the marsh")).text
        #expect(text.hasPrefix(Self.paragraphs[0]), "\(text)")
        #expect(text.contains("Waders return to the marsh"))
        let other = try ArticleExtractor.extract(html: article("Waders return, and the marsh is full")).text
        #expect(other.hasPrefix("Waders return, and the marsh is full"))
    }

    @Test func keepsSentencesThatOnlyMentionThoseWords() throws {
        let sentences = [
            "The newsletter of the trust has reached its tenth year.",
            "Subscribers counted more birds than the wardens did.",
            "JavaScript is what the survey's map is written in.",
            "Follow the path past the hide to the second pool.",
            "Updated maps were printed in 2019.",
            "Updated at dawn, the tally reached 1:20 for waders and reeds.",
            "The wardens follow us on every walk of the survey.",
            "Comments from readers were mixed.",
            "Have your say on the plan by Friday.",
        ]
        let text = try Self.extract(Self.article + sentences.map { "<p>\($0)</p>" }.joined())
        for sentence in sentences { #expect(text.contains(sentence), "lost: \(sentence)") }
    }

    @Test func keepsQuotedPostsOfSocialNetworks() throws {
        let text = try Self.extract(Self.article + """
            <div class="social-media-embed"><blockquote class="twitter-tweet"><p lang="en">The waders are back on \
            the marsh, hundreds of them: <a href="https://t.co/x">https://t.co/x</a></p>— Jo Reed (@joreed) \
            <a href="https://twitter.com/joreed/status/1">March 5, 2024</a></blockquote></div><p>\(Self.paragraphs[0])</p>
            """)
        #expect(text.contains("The waders are back on the marsh, hundreds of them"))
        #expect(text.contains("Jo Reed (@joreed)"))
    }

    @Test func keepsLinesRepeatedFurtherApart() throws {
        let day = { (n: Int) in "<h3>Day \(n)</h3><p>Eat every 2–3 hours.</p><p>Drink before the walk, number \(n).</p>" }
        let text = try Self.extract(Self.article + (1...3).map(day).joined())
        #expect(text.components(separatedBy: "Eat every 2–3 hours.").count - 1 == 3)
    }

    /// A deals page: text written straight into its section, between headings and lists of
    /// links to shops, without one `<p>`.
    @Test func extractsAnArticleWrittenWithoutParagraphs() throws {
        let deal = { (n: Int) in
            """
            <h2>Controller number \(n) for $39.99</h2><a href="/shop/\(n)"><img src="/\(n).jpg"></a>The price of this \
            controller has dropped to its lowest level yet, and it is, in our opinion, the best looking of them all, \
            with a matte texture that stays clean after hours of play.<br><ul><li><a href="/shop/\(n)">Get it for $39.99</a></li></ul>
            """
        }
        let html = ExtractionBehaviourTests.page(body: """
            <nav><a href="/">Home</a> <a href="/deals">Deals</a></nav><div class="layout"><section class="article-page">\
            We bring you the best deals we have found today, on games, hardware and everything else, updated every day.\
            \((1...4).map(deal).joined())</section></div><footer>© Deals Inc.</footer>
            """)
        let text = try ArticleExtractor.extract(html: html).text
        #expect(text.contains("We bring you the best deals"))
        #expect(text.contains("Controller number 4 for $39.99"))
        #expect(text.contains("matte texture"))
    }
}
