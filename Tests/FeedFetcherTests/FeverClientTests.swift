@testable import FeedFetcher
import FeedModel
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The parts of the sync clients (Fever, Google Reader) that need no server: the key, the ids,
/// the lenient decoding, the addresses, and a server that never answers.
@Suite struct FeverClientTests {
    @Test func theKeyIsTheLowerCaseHexMD5OfEmailColonPassword() {
        // RFC 1321's test suite, across the 55/56/64-byte padding edges.
        #expect(FeverAPIKey.md5Hex([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(FeverAPIKey.md5Hex(Array("abc".utf8)) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(FeverAPIKey.md5Hex(Array("message digest".utf8)) == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(FeverAPIKey.md5Hex(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8))
            == "d174ab98d277d9f5a5611c2c9f419d9f")
        #expect(FeverAPIKey.md5Hex(Array(String(repeating: "1234567890", count: 8).utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
        #expect(FeverAPIKey.md5Hex(Array(repeating: 0x61, count: 55)) == "ef1772b6dff9a122358552954ad0df65")
        #expect(FeverAPIKey.md5Hex(Array(repeating: 0x61, count: 56)) == "3b0c8ac703f828b04c6c197006d17218")
        #expect(FeverAPIKey.md5Hex(Array(repeating: 0x61, count: 64)) == "014842d480b571495a4a0363793f7367")
        #expect(FeverAPIKey(email: "me@example.org", password: "pass:word").hex
            == FeverAPIKey.md5Hex(Array("me@example.org:pass:word".utf8)))
        let key = FeverAPIKey(email: "me@example.org", password: "s3cret-passphrase")
        #expect(key.description == "FeverAPIKey(redacted)")
        #expect(!String(reflecting: key).contains(key.hex))
    }

    @Test func idsAndFlagsAreReadAsNumbersOrStrings() throws {
        let body = Data("""
            {"api_version": "3", "auth": true, "last_refreshed_on_time": "1795629373",
             "groups": [{"id": "7", "title": "Tech"}, {"title": "no id"}],
             "feeds_groups": [{"group_id": 7, "feed_ids": "1, 2,x"}, {"group_id": "8", "feed_ids": [3, "4"]}],
             "feeds": [{"id": "2", "favicon_id": 2, "title": "Two", "url": "http://e.org/2.xml", "site_url": "",
                        "is_spark": 0, "last_updated_on_time": 1795629373}],
             "items": [{"id": "12", "feed_id": 2, "title": "T", "author": null, "html": "<p>x</p>",
                        "url": "http://e.org/12", "is_saved": "1", "is_read": false, "created_on_time": 1704103200},
                       {"id": 13.0, "feed_id": "2", "title": 5, "html": null, "is_saved": true, "is_read": 1}],
             "unread_item_ids": [12, "13"], "saved_item_ids": ""}
            """.utf8)
        let response = try FeverResponse(body: body)
        #expect(response.apiVersion == 3 && response.isAuthenticated)
        #expect(response.groups.map(\.id) == [7])
        #expect(response.feedsGroups.map(\.feedIDs) == [[1, 2], [3, 4]])
        #expect(response.feeds.first?.siteURL == nil)
        #expect(response.items.map(\.id) == [12, 13])
        #expect(response.items.map(\.isSaved) == [true, true])
        #expect(response.items.map(\.isRead) == [false, true])
        #expect(response.items[0].author == nil && response.items[1].title == "5" && response.items[1].html.isEmpty)
        #expect(response.unreadItemIDs == [12, 13])
        #expect(response.savedItemIDs == [])

        #expect(try !FeverResponse(body: Data(#"{"api_version":3,"auth":0}"#.utf8)).isAuthenticated)
    }

    @Test func anAnswerThatIsNotFeverSaysWhy() {
        #expect(notFever("<!doctype html><title>Log in</title>") == "the answer is not JSON")
        #expect(notFever("") == "the answer is empty")
        #expect(notFever("[1, 2]") == "the answer is not a JSON object")
        #expect(notFever(#"{"status": "ok"}"#) == "the answer has no api_version")
        #expect(SyncFailure.notSyncEndpoint(api: "Fever API", host: "rss.example.org", why: "the answer is not JSON").description
            == "not a Fever API at rss.example.org: the answer is not JSON")
    }

    private func notFever(_ body: String) -> String? {
        do {
            _ = try FeverResponse(body: Data(body.utf8))
            return nil
        } catch {
            return error.why
        }
    }

    @Test func theCommandGoesInTheQueryAndTheKeyOnlyInTheBody() {
        let endpoint = URL(string: "https://rss.example.org/fever/")!
        #expect(FeverSource.url(endpoint, query: "api&items&since_id=5").absoluteString
            == "https://rss.example.org/fever/?api&items&since_id=5")
        #expect(FeverSource.url(URL(string: "https://rss.example.org/fever/?api")!, query: "api&feeds").absoluteString
            == "https://rss.example.org/fever/?api&feeds")
        #expect(FeverSource.url(URL(string: "https://x.org/p/api/fever.php?user=1#top")!, query: "api").absoluteString
            == "https://x.org/p/api/fever.php?user=1&api")
        #expect(SyncConnection.formEncode("a+b c&d=é") == "a%2Bb%20c%26d%3D%C3%A9")
    }

    @Test func redirectsAreFollowedOnlyWhereTheKeyStaysAsSafe() {
        let source = URL(string: "https://rss.example.org/fever")!
        #expect(SyncConnection.keepsKeySafe(from: source, to: URL(string: "https://rss.example.org/fever/")!))
        #expect(SyncConnection.keepsKeySafe(from: source, to: URL(string: "https://RSS.example.org:443/x")!))
        #expect(!SyncConnection.keepsKeySafe(from: source, to: URL(string: "http://rss.example.org/fever/")!))
        #expect(!SyncConnection.keepsKeySafe(from: source, to: URL(string: "https://evil.example.net/fever/")!))
        #expect(!SyncConnection.keepsKeySafe(from: source, to: URL(string: "https://rss.example.org:8443/fever/")!))
        #expect(!SyncConnection.keepsKeySafe(from: source, to: URL(string: "ftp://rss.example.org/fever/")!))
        #expect(SyncConnection.keepsKeySafe(from: URL(string: "http://h.org/f")!, to: URL(string: "https://h.org:80/f")!))
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        // A socket that listens and never accepts: the kernel completes the connection, nobody answers.
        let listener = try LoopbackSocket(listening: true)
        defer { listener.close() }
        let port = listener.port

        let options = FetchOptions(connectTimeout: 1, timeout: 2)
        let sources: [any SyncSource] = [
            FeverSource(endpoint: URL(string: "http://127.0.0.1:\(port)/fever/")!, email: "me@example.org",
                        password: "a password of some length", options: options),
            GoogleReaderSource(endpoint: URL(string: "http://127.0.0.1:\(port)/api/greader.php")!, login: "me",
                               password: "a password of some length", options: options),
        ]
        for source in sources {
            let started = Date()
            let failure = try #require(throws: SyncFailure.self) { try source.subscriptions() }
            #expect(Date().timeIntervalSince(started) < 4)
            guard case .timedOut(let host, let seconds) = failure else {
                Issue.record("expected a time-out, got \(failure)")
                return
            }
            #expect(host == "127.0.0.1:\(port)")
            #expect(seconds == 1 || seconds == 2)
            #expect(failure.description.hasPrefix("no answer from the feed server 127.0.0.1:\(port) within"))
        }
    }

    @Test func theOldReadersObjectIDsKeepTheirNameAndRiseWithTheirTime() throws {
        let ids = GoogleReaderItemIDs()
        let early = try #require(ids.id("5e86e4b1f7bbac0c1d000014"))
        // The long form names the same item; an ObjectId of a later second is a larger id.
        #expect(ids.id("tag:google.com,2005:reader/item/5e86e4b1f7bbac0c1d000014") == early)
        let later = try #require(ids.id("5e86e4b2f7bbac0c1d000001"))
        #expect(early > 0 && later > early)
        #expect(ids.namesItems)
        #expect(ids.text(early) == "5e86e4b1f7bbac0c1d000014" && ids.text(later) == "5e86e4b2f7bbac0c1d000001")
        // Once the server names its items, an id it has not named is not guessed as a number.
        #expect(ids.text(12345) == nil)
        #expect(GoogleReaderItemIDs(named: true).text(12345) == nil)
    }

    @Test func googleReaderIDsAndLabelsAreReadInEverySpelling() throws {
        let ids = GoogleReaderItemIDs()
        #expect(ids.id("1795802282591051") == 1_795_802_282_591_051)
        #expect(ids.id("tag:google.com,2005:reader/item/00066163d4d1b74b") == 0x0006_6163_d4d1_b74b)
        #expect(ids.id("tag:google.com,2005:reader/item/ffffffffffffffff") == -1)
        #expect(ids.text(-1) == "18446744073709551615")
        #expect(!ids.namesItems)
        #expect(GoogleReaderResponse.label("user/-/label/Tech") == "Tech")
        #expect(GoogleReaderResponse.label("user/1005/label/A/B") == "A/B")
        #expect(GoogleReaderResponse.label("user/-/state/com.google/read") == nil)
        #expect(GoogleReaderSource.feedID("feed/42") == 42)
        // Inoreader names feeds by URL: a stable positive id, the same in every process.
        let byURL = GoogleReaderSource.feedID("feed/http://example.org/rss")
        #expect(byURL > 0 && byURL == GoogleReaderSource.feedID("feed/http://example.org/rss"))
        #expect(GoogleReaderLogin.auth(fromClientLoginAnswer: "SID=x\nLSID=null\nAuth=alice/abc\n") == "alice/abc")
        #expect(GoogleReaderLogin.auth(fromClientLoginAnswer: "{\"api_version\":3}") == nil)
    }

    @Test func aNonHTTPAddressIsRefusedBeforeAnyRequest() {
        let fever = FeverSource(endpoint: URL(string: "file:///etc/passwd")!, email: "e", password: "p")
        #expect(throws: SyncFailure.self) { try fever.subscriptions() }
        #expect(SyncChange.feedRead(3, before: Date(timeIntervalSince1970: 1_704_103_200.7)).description == "feed 3 read before 1704103200")
    }
}
