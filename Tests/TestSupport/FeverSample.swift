/// The feeds and the OPML a Fever test server starts with in the sync tests: two feeds in two
/// folders, one article with HTML to sanitise.
public enum FeverSample {
    public static let opml = """
        <?xml version="1.0"?>
        <opml version="1.0"><head><title>Subscriptions</title></head><body>
          <outline text="Tech"><outline text="Alpha" xmlUrl="FEEDS/alpha.xml" htmlUrl="http://example.org/alpha/"/></outline>
          <outline text="News"><outline text="Beta" xmlUrl="FEEDS/beta.xml" htmlUrl="http://example.org/beta/"/></outline>
        </body></opml>
        """

    public static let files = [
        "alpha.xml": FeverFeedFile.rss(title: "Alpha", site: "http://example.org/alpha/", items: [
            .init(guid: "alpha-1", title: "Alpha one", link: "http://example.org/alpha/1", day: 1,
                  html: #"<p>Hello <a href="more" onclick="steal()">more</a></p>"#),
            .init(guid: "alpha-2", title: "Alpha two", link: "http://example.org/alpha/2", day: 2, html: "<p>Two</p>"),
        ]),
        "beta.xml": FeverFeedFile.rss(title: "Beta", site: "http://example.org/beta/", items: [
            .init(guid: "beta-1", title: "Beta one", link: "http://example.org/beta/1", day: 1, html: "<p>B1</p>"),
            .init(guid: "beta-2", title: "Beta two", link: "http://example.org/beta/2", day: 2, html: "<p>B2</p>"),
            .init(guid: "beta-3", title: "Beta three", link: "http://example.org/beta/3", day: 3, html: "<p>B3</p>"),
        ]),
    ]
}
