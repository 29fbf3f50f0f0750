/// The feeds a Tiny Tiny RSS test server starts with: the Fever tests' two feeds (`FeverSample`),
/// Alpha in the category Tech and Beta in News.
public enum TTRSSSample {
    public static let files = FeverSample.files
    public static let subscriptions: [(file: String, category: String)] = [("alpha.xml", "Tech"), ("beta.xml", "News")]

    /// A server with the sample feeds, fetched once.
    public static func server() throws -> TTRSSTestServer {
        try TTRSSTestServer(files: files, subscriptions: subscriptions)
    }
}
