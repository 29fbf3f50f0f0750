import ImageRendering

/// A picture to download and draw for the article view: from `url`, for `graphicsProtocol`, in
/// at most `maxColumns` × `maxRows` cells of `cell` pixels. The same picture at another size (a
/// resize) is another request.
struct ImageRequest: Hashable, Sendable {
    var url: String
    var maxColumns: Int
    var maxRows: Int
    var cell: CellSize
    var graphicsProtocol: GraphicsProtocol
}
