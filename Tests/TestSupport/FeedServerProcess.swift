/// The name TidingsAppTests used for the loopback feed server before the test targets shared it.
public typealias FeedServerProcess = LoopbackServer
