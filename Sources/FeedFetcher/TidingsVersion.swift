/// The version of Tidings, as sent in the `User-Agent` header and printed by `tidings --version`.
public enum TidingsVersion {
    public static let current = "0.1.0"
}
