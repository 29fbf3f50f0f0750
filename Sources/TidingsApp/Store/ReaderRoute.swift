/// The route of a read whose answer the reader itself takes (the feeds to reload, the counts
/// before a notification): there is one place it goes.
struct ReaderRoute: Hashable, Sendable {}
