import FeedModel
import FeedStore

/// An article's text for its preview in a list, rendered off the main thread.
struct PreviewQuery: StoreQuery {
    var item: ItemID

    func answer(from store: FeedStore) throws -> ArticleBody {
        ItemPreviews.body(of: try store.item(item))
    }

    static func message(_ result: StoreResult<ArticleBody>, route: PreviewTicket) -> ReaderMessage {
        .previewRead(route, result)
    }
}

/// The list screen and the item whose preview was read.
struct PreviewTicket: Hashable, Sendable {
    var screen: ScreenID
    var item: ItemID
}
