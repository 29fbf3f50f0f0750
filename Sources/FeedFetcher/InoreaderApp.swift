/// The application credentials Inoreader asks of every client of its Google Reader API: sent as
/// the `AppId` and `AppKey` headers of every request, ClientLogin included. Other servers need
/// none.
///
/// The key is a secret of the user's registered application: the description, debug description
/// and mirror show the id only.
///
///     GoogleReaderSource(endpoint: URL(string: "https://www.inoreader.com")!, login: "me@example.org",
///                        password: password, app: InoreaderApp(id: "1000001234", key: key))
public struct InoreaderApp: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `inoreader-app-id`.
    public let id: String
    /// `inoreader-app-key`.
    let key: String

    public init(id: String, key: String) {
        self.id = id
        self.key = key
    }

    /// The two header lines.
    var headers: [String] { ["AppId: \(id)", "AppKey: \(key)"] }

    public var description: String { "InoreaderApp(id: \(id), key: redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["id": id]) }
}
