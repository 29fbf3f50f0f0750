import FeedModel
import FeedParser
import Foundation
import Testing

/// Items written inside items (issue 32 §1): every real item is read, in document order, and each
/// repair is logged as a `ParseRecovery` at the inner item's end tag.
struct NestedItemTests {
    @Test func emptyItemsInsideItemsAreDroppedAndLogged() throws {
        let document = try FixtureCases.document(named: "ill_item_nested_empty_item")
        let parser = FeedParser()
        try parser.append(document)
        let feed = try parser.finish()
        #expect(feed.items.map(\.title) == ["A", "B", "C", "D", "E"])
        let bytes = Array(document)
        let ends = [Array("<item/>".utf8), Array("<item></item>".utf8)].map { tag in
            bytes.indices.first { bytes[$0...].starts(with: tag) }! + tag.count
        }
        #expect(parser.recoveries == ends.map {
            ParseRecovery(reason: "dropped an empty item nested in another item", byteOffset: $0)
        })
    }

    @Test func anItemWithContentInsideAnItemIsKeptAfterIt() throws {
        let parser = FeedParser()
        try parser.append(try FixtureCases.document(named: "ill_item_nested_item_with_content"))
        let feed = try parser.finish()
        #expect(feed.items.map(\.title) == ["Outer", "Inner", "After"])
        #expect(parser.recoveries.map(\.reason) == ["read an item nested in another item as an item of its own"])
    }
}
