import FeedModel
import FeedParser
import Foundation
import Testing

/// How often a feed says it may be looked at (issue 41): RSS 2.0's `<ttl>` in minutes, the
/// syndication module's `sy:updatePeriod` / `sy:updateFrequency`, the longer when both are given;
/// read on the general path too, and ignored inside items or when not a number.
@Suite struct UpdateIntervalTests {
    private func interval(_ channel: String) throws -> Double? {
        try FeedParser.parse(Data("""
            <rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>T</title>
            \(channel)<item><guid>1</guid><title>One</title></item></channel></rss>
            """.utf8)).updateInterval
    }

    @Test func ttlIsInMinutes() throws {
        #expect(try interval("<ttl>60</ttl>") == 3600)
        #expect(try interval("<ttl> 5 </ttl>") == 300)
    }

    @Test func theSyndicationModuleGivesTimesPerPeriod() throws {
        #expect(try interval("<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>4</sy:updateFrequency>") == 21_600)
        #expect(try interval("<sy:updatePeriod>hourly</sy:updatePeriod>") == 3600)
        #expect(try interval("<sy:updateFrequency>2</sy:updateFrequency>") == 43_200, "the period is daily when left out")
        #expect(try interval("<sy:updatePeriod> Weekly </sy:updatePeriod>") == 604_800)
    }

    @Test func theLongerWinsWhenBothAreGiven() throws {
        #expect(try interval("<ttl>30</ttl><sy:updatePeriod>hourly</sy:updatePeriod>") == 3600)
        #expect(try interval("<sy:updatePeriod>hourly</sy:updatePeriod><ttl>300</ttl>") == 18_000)
    }

    @Test func whatIsNoNumberOrPeriodIsIgnored() throws {
        #expect(try interval("") == nil)
        #expect(try interval("<ttl>soon</ttl>") == nil)
        #expect(try interval("<ttl>-5</ttl>") == nil)
        #expect(try interval("<ttl>0</ttl>") == nil)
        #expect(try interval("<ttl>99999999999999999999999</ttl>") == nil)
        #expect(try interval("<sy:updatePeriod>fortnightly</sy:updatePeriod>") == nil)
        #expect(try interval("<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>none</sy:updateFrequency>") == nil)
        // The first of a repeated element counts, as for every single-valued field.
        #expect(try interval("<ttl>10</ttl><ttl>20</ttl>") == 600)
    }

    @Test func anItemsTTLIsNotTheChannels() throws {
        let feed = try FeedParser.parse(Data("""
            <rss version="2.0"><channel><title>T</title><item><guid>1</guid><ttl>60</ttl></item></channel></rss>
            """.utf8))
        #expect(feed.updateInterval == nil)
    }

    @Test func theGeneralPathReadsTheSame() throws {
        let document = Data("""
            <rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>T</title>
            <ttl>45</ttl><sy:updatePeriod>hourly</sy:updatePeriod></channel></rss>
            """.utf8)
        for paths in [ParsePaths.fast, .general] {
            let parser = FeedParser(url: nil, charset: nil, limits: ParserLimits(), paths: paths)
            try parser.append(document)
            #expect(try parser.finish().updateInterval == 3600)
        }
    }
}
