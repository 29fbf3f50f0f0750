@testable import FeedFetcher
import FeedModel
import Foundation
import Testing

@Suite struct CommandArgumentsTests {
    @Test func plainWordsSplitOnWhitespace() throws {
        #expect(try CommandArguments.split("  fetch.sh   --all\tnow ") == ["fetch.sh", "--all", "now"])
    }

    @Test func quotesKeepSpacesAndShellSyntaxIsLiteral() throws {
        #expect(try CommandArguments.split(#"scrape "My Blog" 'a $HOME; rm -rf /' x\ y"#)
            == ["scrape", "My Blog", "a $HOME; rm -rf /", "x y"])
    }

    @Test func escapesInsideDoubleQuotes() throws {
        #expect(try CommandArguments.split(#"echo "say \"hi\" \n \\ \$""#) == ["echo", #"say "hi" \n \ $"#])
    }

    @Test func emptyQuotedArgumentIsKept() throws {
        #expect(try CommandArguments.split(#"cmd "" ''"#) == ["cmd", "", ""])
    }

    @Test func adjacentQuotedPartsJoin() throws {
        #expect(try CommandArguments.split(#"a"b"'c'd"#) == ["abcd"])
    }

    @Test func unterminatedQuoteAndEmptyCommandAreErrors() {
        #expect(throws: CommandArguments.SplitError.unterminatedQuote("\"")) { try CommandArguments.split(#"cmd "open"#) }
        #expect(throws: CommandArguments.SplitError.empty) { try CommandArguments.split("   ") }
    }
}

@Suite struct FeedSourceTests {
    @Test func recognisesEveryForm() throws {
        #expect(try FeedSource(location: "https://example.org/feed") == .http(URL(string: "https://example.org/feed")!))
        #expect(try FeedSource(location: "HTTP://example.org/feed") == .http(URL(string: "HTTP://example.org/feed")!))
        #expect(try FeedSource(location: "file:///tmp/feed.xml") == .file(URL(fileURLWithPath: "/tmp/feed.xml")))
        #expect(try FeedSource(location: "exec:~/bin/feed \"a b\"") == .command(arguments: ["~/bin/feed", "a b"]))
        #expect(try FeedSource(location: "filter:tidy -q:https://example.org/f?x=1")
            == .filter(arguments: ["tidy", "-q"], url: URL(string: "https://example.org/f?x=1")!))
    }

    @Test func rejectsWhatItCannotFetch() {
        for location in ["", "ftp://example.org/f", "example.org/feed", "filter:cmd", "filter:cmd:file:///x", "https://", "exec:"] {
            #expect(throws: FetchFailure.self, "\(location)") { try FeedSource(location: location) }
        }
    }

    @Test func hostKeyGroupsByHostOnly() throws {
        #expect(try FeedSource(location: "https://Example.org:8443/a").hostKey == "example.org")
        #expect(try FeedSource(location: "filter:x:https://b.example/f").hostKey == "b.example")
        #expect(try FeedSource(location: "exec:x").hostKey == nil)
    }

    @Test func charsetIsReadFromContentType() {
        #expect(HTTPTransfer.charset(fromContentType: "application/rss+xml; charset=ISO-8859-1") == "iso-8859-1")
        #expect(HTTPTransfer.charset(fromContentType: "text/xml;Charset=\"windows-1252\"") == "windows-1252")
        #expect(HTTPTransfer.charset(fromContentType: "text/xml; boundary=x") == nil)
        #expect(HTTPTransfer.charset(fromContentType: nil) == nil)
    }
}

@Suite struct CredentialRedactionTests {
    @Test func hidesUserinfoAnywhereInTheText() {
        #expect(CredentialRedaction.redact("https://me:pw@example.org/feed") == "https://***@example.org/feed")
        #expect(CredentialRedaction.redact("https://token@example.org") == "https://***@example.org")
        #expect(CredentialRedaction.redact("filter:f:http://a:b@x.org/f and https://c:d@y.org?q=e@f")
            == "filter:f:http://***@x.org/f and https://***@y.org?q=e@f")
        #expect(CredentialRedaction.redact("mailto:someone@example.org") == "mailto:someone@example.org")
        #expect(CredentialRedaction.redact("https://example.org/@user/feed") == "https://example.org/@user/feed")
    }

    @Test func failureDescriptionsAreOneRedactedLine() {
        #expect(FetchFailure.parse("bad\nthing\u{1B}[31m at https://u:p@x.org").description == "bad thing [31m at https://***@x.org")
    }
}
