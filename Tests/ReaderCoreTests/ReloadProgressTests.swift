import Testing
@testable import TidingsApp

@Suite struct ReloadProgressTests {
    @Test func statusTextFollowsTheEvents() {
        var progress = ReloadProgress(total: 200)
        #expect(progress.runningText == "Reloading 0/200")
        progress.started("a")
        progress.started("b")
        #expect(progress.inProgress == ["a", "b"])
        progress.finished("a", newItems: 3, completed: 1, total: 200)
        for index in 0..<3 { progress.finished("f\(index)", failure: "HTTP 404", completed: 2 + index, total: 200) }
        (5...12).forEach { progress.finished("x\($0)", completed: $0, total: 200) }
        #expect(progress.runningText == "Reloading 12/200 — 3 failed")
        #expect(progress.inProgress == ["b"])
        #expect(progress.summaryText == "Reloaded 200 feeds — 3 new articles, 3 failed")
    }

    @Test func summaryOfOneFailureGivesTheReason() {
        var progress = ReloadProgress(total: 1)
        progress.finished("a", failure: "HTTP 500", completed: 1, total: 1)
        #expect(progress.summaryText == "Reloaded 1 feed — 0 new articles, 1 failed: HTTP 500")
    }
}
