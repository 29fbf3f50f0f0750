import Foundation
import Testing
@testable import FeedParser

struct FeedDateTests {
    /// Each written date and the UTC instant it names.
    static let readable: [(String, String)] = [
        // RFC 822 / 1123 / 2822 as the specs write them.
        ("Sat, 07 Sep 2002 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("Sat, 07 Sep 2002 00:00:01 +0000", "2002-09-07T00:00:01Z"),
        ("Sat, 07 Sep 2002 09:42:31 -0700", "2002-09-07T16:42:31Z"),
        ("Sat, 07 Sep 2002 09:42:31 +0530", "2002-09-07T04:12:31Z"),
        ("Sat, 07 Sep 2002 09:42:31 -07:00", "2002-09-07T16:42:31Z"),
        ("Sat, 07 Sep 2002 09:42:31 +05:30", "2002-09-07T04:12:31Z"),
        // Deviations seen in the wild.
        ("07 Sep 2002 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("Sat, 7 Sep 2002 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("Sat, 07 Sep 02 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("Thu, 01 Jan 70 00:00:00 GMT", "1970-01-01T00:00:00Z"),
        ("Sat, 07 Sep 49 00:00:00 GMT", "2049-09-07T00:00:00Z"),
        ("Tue, 07 Sep 99 00:00:00 GMT", "1999-09-07T00:00:00Z"),
        ("Sat, 07 Sep 2002 00:00 GMT", "2002-09-07T00:00:00Z"),
        ("Sat,07 Sep 2002 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("Sat,  07   Sep  2002   00:00:01   GMT", "2002-09-07T00:00:01Z"),
        ("Sat, 07 Sep 2002, 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("  Sat, 07 Sep 2002 00:00:01 GMT \n", "2002-09-07T00:00:01Z"),
        ("sat, 07 sep 2002 00:00:01 gmt", "2002-09-07T00:00:01Z"),
        ("SAT, 07 SEP 2002 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("Saturday, 07 September 2002 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("Wednesday, 5 June 2024 10:00:00 +0200", "2024-06-05T08:00:00Z"),
        ("Sat, 07 Sept 2002 00:00:01 GMT", "2002-09-07T00:00:01Z"),
        ("Sat, 07 Sep 2002 00:00:01", "2002-09-07T00:00:01Z"),
        ("07 Sep 2002", "2002-09-07T00:00:00Z"),
        ("Sep 07 2002 10:00:00 GMT", "2002-09-07T10:00:00Z"),
        ("September 7, 2002 10:00 PM EST", "2002-09-08T03:00:00Z"),
        ("September 7, 2002 12:15 am", "2002-09-07T00:15:00Z"),
        ("Sat, 07 Sep 2002 00:00:01 PST (PST)", "2002-09-07T08:00:01Z"),
        ("Sat, 07 Sep 2002 00:00:01 +0000 (Coordinated Universal Time)", "2002-09-07T00:00:01Z"),
        ("Sat, 07 Sep 2002 00:00:01 GMT+2", "2002-09-06T22:00:01Z"),
        ("Sat, 07 Sep 2002 00:00:01 UTC-05:00", "2002-09-07T05:00:01Z"),
        ("Sat, 07 Sep 2002 10:00:00.5 GMT", "2002-09-07T10:00:00Z"),
        ("Sat, 07 Sep 2002 00:00:01+0000", "2002-09-07T00:00:01Z"),
        ("Sat, 07 Sep 2002 00:00:01Z", "2002-09-07T00:00:01Z"),
        ("Wed, 19 Aug 2009 18:28:00 Etc/GMT", "2009-08-19T18:28:00Z"),
        ("Wed, 19 Feb 2012 22:40:00 GMT-01:01", "2012-02-19T23:41:00Z"),
        ("Mon, 13 Feb, 2012 06:28:00 UTC", "2012-02-13T06:28:00Z"),
        ("Thu Aug 30 2012 17:26:16 +0200", "2012-08-30T15:26:16Z"),
        ("Thu, 01 Jan 0100 00:00:01 +0100", "0099-12-31T23:00:01Z"),
        ("Mon, 26 January 2004 16:31:00 AT", "2004-01-26T20:31:00Z"),
        ("Mon, 26 January 2004 16:31:00 PT", "2004-01-27T00:31:00Z"),
        ("Thu, 30 Apr 2015 08:57:00 MEST", "2015-04-30T06:57:00Z"),
        ("Sun Jul 15 01:16:00 +0000 2012", "2012-07-15T01:16:00Z"),
        ("2004-07-08 23:56:58 -00:20", "2004-07-09T00:16:58Z"),
        ("2004-02-28T18:14:55-08:00", "2004-02-29T02:14:55Z"),
        ("5 Jan 2004 at 10:00 GMT", "2004-01-05T10:00:00Z"),
        // Every named zone.
        ("Mon, 01 Jan 2024 12:00:00 UT", "2024-01-01T12:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 UTC", "2024-01-01T12:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 Z", "2024-01-01T12:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 EST", "2024-01-01T17:00:00Z"),
        ("Mon, 01 Jul 2024 12:00:00 EDT", "2024-07-01T16:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 CST", "2024-01-01T18:00:00Z"),
        ("Mon, 01 Jul 2024 12:00:00 CDT", "2024-07-01T17:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 MST", "2024-01-01T19:00:00Z"),
        ("Mon, 01 Jul 2024 12:00:00 MDT", "2024-07-01T18:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 PST", "2024-01-01T20:00:00Z"),
        ("Mon, 01 Jul 2024 12:00:00 PDT", "2024-07-01T19:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 CET", "2024-01-01T11:00:00Z"),
        ("Mon, 01 Jul 2024 12:00:00 CEST", "2024-07-01T10:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 JST", "2024-01-01T03:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 ACST", "2024-01-01T02:30:00Z"),
        // RFC 822 military zones, signs as RFC 822 wrote them.
        ("Mon, 01 Jan 2024 12:00:00 A", "2024-01-01T13:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 M", "2024-01-02T00:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 N", "2024-01-01T11:00:00Z"),
        ("Mon, 01 Jan 2024 12:00:00 Y", "2024-01-01T00:00:00Z"),
        // RFC 850, asctime, Unix `date`, Perforce.
        ("Sunday, 06-Nov-94 08:49:37 GMT", "1994-11-06T08:49:37Z"),
        ("Sun Nov  6 08:49:37 1994", "1994-11-06T08:49:37Z"),
        ("Sun Jan  4 16:29:06 PST 2004", "2004-01-05T00:29:06Z"),
        ("Sun Jan 4 16:29:06 +0100 2004", "2004-01-04T15:29:06Z"),
        ("Fri, 2006/09/15 08:19:53 EDT", "2006-09-15T12:19:53Z"),
        // RFC 3339 / W3C-DTF.
        ("2003-12-13T18:30:02Z", "2003-12-13T18:30:02Z"),
        ("2003-12-13T18:30:02z", "2003-12-13T18:30:02Z"),
        ("2003-12-13t18:30:02Z", "2003-12-13T18:30:02Z"),
        ("2003-12-13T18:30:02.25Z", "2003-12-13T18:30:02Z"),
        ("2003-12-13T18:30:02,999Z", "2003-12-13T18:30:02Z"),
        ("2003-12-13T18:30:02+01:00", "2003-12-13T17:30:02Z"),
        ("2003-12-13T18:30:02-05:00", "2003-12-13T23:30:02Z"),
        ("2003-12-13T18:30:02+0100", "2003-12-13T17:30:02Z"),
        ("2003-12-13T18:30:02+01", "2003-12-13T17:30:02Z"),
        ("2003-12-13T00:30:02+05:45", "2003-12-12T18:45:02Z"),
        ("2003-12-13T18:30Z", "2003-12-13T18:30:00Z"),
        ("2003-12-13T18:30:02", "2003-12-13T18:30:02Z"),
        ("2003-12-13 18:30:02Z", "2003-12-13T18:30:02Z"),
        ("2003-12-13 18:30:02 +01:00", "2003-12-13T17:30:02Z"),
        ("2003-12-13 18:30:02 GMT", "2003-12-13T18:30:02Z"),
        ("2004-07-08 23:56:58.0", "2004-07-08T23:56:58Z"),
        ("2003-12-13", "2003-12-13T00:00:00Z"),
        ("2003-12", "2003-12-01T00:00:00Z"),
        ("2003", "2003-01-01T00:00:00Z"),
        ("2003-12-13T24:00:00Z", "2003-12-14T00:00:00Z"),
        ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z"),
        // ISO 8601 compact, ordinal and week dates.
        ("20031213", "2003-12-13T00:00:00Z"),
        ("20031213T183002Z", "2003-12-13T18:30:02Z"),
        ("20031213T1830+0100", "2003-12-13T17:30:00Z"),
        ("2003-347", "2003-12-13T00:00:00Z"),
        ("2003347", "2003-12-13T00:00:00Z"),
        ("2004-366", "2004-12-31T00:00:00Z"),
        ("2003-W50-6", "2003-12-13T00:00:00Z"),
        ("2003W506", "2003-12-13T00:00:00Z"),
        ("2004-W53-7", "2005-01-02T00:00:00Z"),
        ("2009-W01-1", "2008-12-29T00:00:00Z"),
        ("-0312", "2003-12-01T00:00:00Z"),
        ("031231", "2003-12-31T00:00:00Z"),
        ("03-12-31", "2003-12-31T00:00:00Z"),
        ("-03-12", "2003-12-01T00:00:00Z"),
        ("2003-012-31T10:14:55+00:00", "2003-12-31T10:14:55Z"),
        ("2007-04-23T23:25:47.538+10:00", "2007-04-23T13:25:47Z"),
        // Hungarian, Korean, Greek.
        ("2004-július-13T9:15-05:00", "2004-07-13T14:15:00Z"),
        ("2004-március-1T22:00Z", "2004-03-01T22:00:00Z"),
        ("2004년 05월 28일  01:31:15", "2004-05-27T16:31:15Z"),
        ("2004-05-25 오후 11:23:17", "2004-05-25T14:23:17Z"),
        ("2004-05-25 오전 11:23:17", "2004-05-25T02:23:17Z"),
        ("Κυρ, 11 Ιούλ 2004 12:00:00 EST", "2004-07-11T17:00:00Z"),
        ("Τετ, 01 Δεκ 2004 12:00:00 GMT", "2004-12-01T12:00:00Z"),
        // Leap days that exist.
        ("Thu, 29 Feb 2024 12:00:00 GMT", "2024-02-29T12:00:00Z"),
        ("2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z"),
    ]

    @Test(arguments: readable)
    func readsDate(_ text: String, _ expected: String) throws {
        let date = try #require(FeedDate.parse(text), "\(text) should be readable")
        #expect(FeedDate.format(date) == expected, "\(text)")
    }

    static let unreadable: [String] = [
        "", "   ", "yesterday", "Sat, 07 Foo 2002 00:00:01 GMT", "Sat, 32 Sep 2002 00:00:01 GMT",
        "Sat, 31 Sep 2002 00:00:01 GMT", "Fri, 30 Feb 2024 00:00:00 GMT", "Fri, 29 Feb 2023 00:00:00 GMT",
        "1900-02-29", "2003-13-01", "2003-00-10", "2003-12-00", "2003-12-32", "2003-02-30T00:00:00Z",
        "2003-12-13T25:00:00Z", "2003-12-13T24:30:00Z", "2003-12-13T18:61:00Z", "2003-12-13T18:30:61Z",
        "2003-12-13T18:30:02+25:00", "2003-12-13T18:30:02 XYZ", "2003-12-13T18:30:02Zgarbage",
        "Sat, 07 Sep 2002 00:00:01 BOGUS", "Sat, 07 Sep 2002 00:00:01 GMT trailing", "07 Sep", "Sep 2002",
        "2003-366", "2003-000", "2003-W54", "2003-W53-1", "2003-W50-8", "12/13/2003", "13.12.2003",
        "1070000000", "03335", "031331", "-0313", "03366", "03-02-30", "2003-12-13T", "Sat, 07 Sep 2002 13:00 PM", "Sat, 07 Sep 2002 25:00:00 GMT",
        "Sat, 07 Sep Oct 2002", "Sun, 16 Dec 2012 1:2:3:4 GMT", "Sun, 16 zzz 2012 11:47:32 GMT",
        "Sun, Dec x 2012 11:47:32 GMT", "Sun, 16 Dec zz 11:47:32 GMT", "Sun, 16 Dec 2012 11:47:32 +zz:00",
        "Sun, 16 Dec 2012 11:47:32 +00:zz", "Sun, 99 Jun 2009 12:00:00 GMT", "9999-12-31T23:59:59-99:99",
        "22013", "013", "2013-01-27-01", "2013-01-28T11:30:00-06:00Textra", "2013-xx-27", "2013-01-28T09:xx:00Z",
        "2013-01-28T09:00:00+00:xx", "Sun, 31 Dec 9999 23:59:59 -9999", "Mon, 01 Jan 2024 12:00:00 J", "0000-01-01", "\u{0}2003-12-13",
        String(repeating: "2003-12-13 ", count: 100),
    ]

    @Test(arguments: unreadable)
    func rejectsDate(_ text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text.debugDescription) must not be read")
    }

    /// RFC 1123's layout as RSS feeds write it, which `RFC1123Scanner` reads without the word table.
    static let canonical = [
        "Tue, 02 Mar 2024 11:21:00 +0000", "sat, 07 sep 2002 09:42:31 -0700", "SUN, 31 DEC 9999 23:59:59 GMT",
        "Mon, 01 Jan 2024 12:00:00 Z", "Fri, 29 Feb 2023 00:00:00 UT", "Thu, 29 Feb 2024 23:00:00 UTC",
        "Wed, 05 Jun 2024 10:00:00 +0530", "Sun, 16 Dec 2012 11:47:32 -2359",
    ]

    static func scanned(_ text: String, _ scan: (UnsafeBufferPointer<UInt8>) -> FeedDate.Fields?) -> Date?? {
        var text = text
        return text.withUTF8 { bytes in scan(bytes).map { $0.date() } }
    }

    @Test(arguments: canonical)
    func fastPathReadsTheCommonLayout(_ text: String) throws {
        let fast = try #require(Self.scanned(text, FeedDate.RFC1123Scanner.scan), "\(text) should take the fast path")
        #expect(Self.scanned(text, FeedDate.WordScanner.scan) == .some(fast), "\(text)")
    }

    /// Every variant one byte away from the common layout (a byte deleted, replaced or inserted)
    /// that the fast path reads, `WordScanner` reads as the same instant.
    @Test(arguments: canonical)
    func fastPathAgreesWithWordScanner(_ text: String) {
        let bytes = Array(text.utf8)
        let others = Array(" ,.:+-0159aAzZ()é\t".utf8).map { [$0] } + [Array("é".utf8), Array("xyz".utf8)]
        var variants: [[UInt8]] = []
        for index in bytes.indices {
            variants.append(Array(bytes[..<index] + bytes[(index + 1)...]))
            for other in others {
                variants.append(Array(bytes[..<index] + other + bytes[(index + 1)...]))
                variants.append(Array(bytes[..<index] + other + bytes[index...]))
            }
        }
        for other in others { variants.append(bytes + other) }
        for variant in variants {
            variant.withUnsafeBufferPointer { buffer in
                guard let fast = FeedDate.RFC1123Scanner.scan(buffer) else { return }
                let general = FeedDate.WordScanner.scan(buffer)
                #expect(general != nil && fast.date() == general?.date(), "\(String(decoding: variant, as: UTF8.self))")
            }
        }
    }

    /// The feed builder reads ASCII dates straight from its field buffer, others from a `String`.
    @Test func readsDatesOfFeedItems() throws {
        let document = Data("""
            <rss version="2.0"><channel><title>t</title>
            <item><title>a</title><pubDate>
              Tue, 02 Mar 2024 11:21:00 +0000 </pubDate></item>
            <item><title>b</title><pubDate>2004년 05월 28일  01:31:15</pubDate></item>
            <item><title>c</title><pubDate>Tue, 02 Mar 2024 11:21:00 EST</pubDate></item>
            <item><title>d</title><pubDate>Tue, 02 Mar 2024 11:21:00 +0000 (UTC)</pubDate></item>
            </channel></rss>
            """.utf8)
        let feed = try FeedParser.parse(document)
        #expect(feed.items.map { $0.published.map(FeedDate.format) } == [
            "2024-03-02T11:21:00Z", "2004-05-27T16:31:15Z", "2024-03-02T16:21:00Z", "2024-03-02T11:21:00Z",
        ])
    }

    @Test func keepsFractionOfSecond() throws {
        let date = try #require(FeedDate.parse("2003-12-13T18:30:02.25Z"))
        #expect(date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) == 0.25)
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"), (-1.0, "1969-12-31T23:59:59Z"), (951_782_400.0, "2000-02-29T00:00:00Z"),
        (1_700_000_000.999, "2023-11-14T22:13:20Z"), (-62_135_596_800.0, "0001-01-01T00:00:00Z"),
        (253_402_300_799.0, "9999-12-31T23:59:59Z"),
    ])
    func formatsUTC(_ seconds: Double, _ expected: String) {
        #expect(FeedDate.format(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func formatRoundTripsEveryDayOfFourYears() throws {
        var seconds = 946_684_800.0 + 3_723  // 2000-01-01T01:02:03Z
        for _ in 0..<(4 * 366) {
            let date = Date(timeIntervalSince1970: seconds)
            let text = FeedDate.format(date)
            #expect(FeedDate.parse(text) == date, "\(text)")
            seconds += 86_400
        }
    }
}
