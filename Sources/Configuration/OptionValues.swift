/// The options' values as the config file set them, by name. A dump of the configuration shows
/// a secret's value (`fever-password`, `proxy-auth`…) as "(hidden)".
public struct OptionValues: Sendable, Equatable, CustomReflectable {
    private var values: [String: OptionValue] = [:]

    public subscript(name: String) -> OptionValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    public var customMirror: Mirror {
        let shown = values.sorted { $0.key < $1.key }.map { name, value -> (String, Any) in
            (name, ConfigOption.named[name]?.isSecret == true ? "(hidden)" : value)
        }
        return Mirror(self, children: shown.map { (label: $0.0, value: $0.1) }, displayStyle: .dictionary)
    }
}
