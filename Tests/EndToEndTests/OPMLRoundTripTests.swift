import Foundation
import Testing

/// Issue 45 §15, with the real binary: `tidings export` keeps a hidden feed's title and site
/// (the cache's feed list leaves hidden feeds out), and keeps query feeds where they stand;
/// `tidings import` of that export into an empty urls file gives back the file as written —
/// attribute order, quoting, comments, blank lines and headings included.
@Suite struct OPMLRoundTripTests {
    @Test func exportThenImportGivesTheUrlsFileBack() throws {
        let sandbox = try CommandLineTests.Sandbox()
        let hidden = sandbox.root.appendingPathComponent("hidden.xml").path
        try sandbox.write("""
            <?xml version="1.0"?><rss version="2.0"><channel><title>Quiet Harbour</title><link>https://quiet.example/</link>
            <item><title>Low tide</title><guid>q1</guid></item></channel></rss>
            """, to: hidden)
        let ferry = sandbox.root.appendingPathComponent("ferry.xml").path
        try sandbox.write(CommandLineTests.feed, to: ferry)
        let list = """
            # newsboat's urls, moved to Tidings
            file://\(ferry) boats "~My Ferry"   # the morning boat
            "query:Unread boats:unread = \\"yes\\" and tags # \\"boats\\"" daily

            "--- Elsewhere ---"
            file://\(hidden) "!" coast
            "query:Starred:flags # \\"s\\""
            https://b.example/feed "two words" "~Custom B" news
            # the end

            """
        try sandbox.write(list, to: sandbox.urls)
        let files = ["-u", sandbox.urls, "-c", sandbox.cache]
        #expect(try CommandLineTests.run(["reload"] + files, in: sandbox).status == 1, "b.example cannot be fetched")
        let exported = try CommandLineTests.run(["export"] + files, in: sandbox)
        #expect(exported.status == 0)
        let outlines = exported.output.split(separator: "\n").filter { $0.contains("<outline") }
        // The hidden feed's own title and site, as for any feed.
        let hiddenOutline = try #require(outlines.first { $0.contains("hidden.xml") })
        #expect(hiddenOutline.contains(#"text="Quiet Harbour" title="Quiet Harbour""#) && hiddenOutline.contains(#"htmlUrl="https://quiet.example/""#),
                "\(hiddenOutline)")
        // Query feeds where they stood: the second outline, and the fourth.
        #expect(outlines.map { $0.contains(#"type="query""#) } == [false, true, false, true, false])

        let opml = sandbox.root.appendingPathComponent("out.opml").path
        try sandbox.write(exported.output, to: opml)
        let fresh = sandbox.root.appendingPathComponent("fresh-urls").path
        let imported = try CommandLineTests.run(["import", opml, "-u", fresh, "-c", sandbox.cache], in: sandbox)
        #expect(imported.output == "imported 3 feeds and 2 query feeds into \(fresh)\n")
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == list)
    }
}
