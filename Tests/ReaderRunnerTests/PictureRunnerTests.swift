import FeedFetcher
import Foundation
import ImageRendering
import TestSupport
import Testing
@testable import TidingsApp

/// The picture runner against a loopback server of the test's own: a picture is downloaded,
/// drawn for the terminal's protocol off the main thread and handed back with an id of its own;
/// one that is not a picture comes back as a failure, in a few words.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct PictureRunnerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImageRenderingTests/Fixtures")

    @Test func aPictureIsDrawnForTheProtocolWithAnIdOfItsOwn() async throws {
        let cache = try TestStore(subscriptions: [])
        let served = cache.directory.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("palette.png"), to: served.appendingPathComponent("a.png"))
        try Data("<html>not a picture</html>".utf8).write(to: served.appendingPathComponent("page.png"))
        let server = try LoopbackServer(routes: [:], directory: served.path)
        let harness = RunnerHarness()
        let runner = PictureRunner(cachePath: cache.store.path, fetchOptions: { FetchOptions() }, inbox: harness.inbox)

        var ids: [UInt32] = []
        for path in ["/a.png", "/a.png"] {
            let request = ImageRequest(url: server.url(path), maxColumns: 20, maxRows: 10, cell: .typical, graphicsProtocol: .blocks)
            runner.load(request)
            let result = await harness.next { message -> Result<RenderedImage, ImageFailure>? in
                if case .imageLoaded(request, let result) = message { result } else { nil }
            }
            let image = try #require(try result?.get())
            #expect(image.graphicsProtocol == .blocks)
            #expect(image.fit.columns <= 20 && image.fit.rows <= 10)
            ids.append(image.id)
        }
        #expect(ids[0] != ids[1], "each drawing is a picture of its own for kitty")

        let page = ImageRequest(url: server.url("/page.png"), maxColumns: 20, maxRows: 10, cell: .typical, graphicsProtocol: .blocks)
        runner.load(page)
        let failure = await harness.next { message -> ImageFailure? in
            if case .imageLoaded(page, .failure(let failure)) = message { failure } else { nil }
        }
        #expect(failure != nil)
    }
}
