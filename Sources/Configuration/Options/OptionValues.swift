/// The options' values as the config file and `:set` set them, each typed by its declaration;
/// an option no line set reads as its default. A dump of the configuration shows a secret's value
/// (`fever-password`, `proxy-auth`…) as "(hidden)".
///
///     values[table.gotoNextFeed]           // Bool
public struct OptionValues: Sendable, Equatable, CustomReflectable {
    private var values: [String: any ConfigValue] = [:]

    public init() {}

    /// The value of `option`: the one set, else its default.
    public subscript<Value>(_ option: ConfigOption<Value>) -> Value {
        get { values[option.name] as? Value ?? option.defaultValue }
        set { values[option.name] = newValue }
    }

    /// Whether a line set the option (to any value, its default too).
    public func isSet(_ option: some OptionDeclaration) -> Bool {
        values[option.name] != nil
    }

    /// The value set for the option called `name`, whatever its type; nil when none was.
    public func value(named name: String) -> (any ConfigValue)? {
        values[name]
    }

    /// Sets the option called `name` to `value`, of the option's type (`OptionDeclaration.readAnyValue`).
    mutating func set(_ value: any ConfigValue, named name: String) {
        values[name] = value
    }

    /// Forgets the value set for `name` (`:set OPTION&`: the default again).
    mutating func reset(named name: String) {
        values[name] = nil
    }

    public static func == (left: OptionValues, right: OptionValues) -> Bool {
        guard left.values.count == right.values.count else { return false }
        return left.values.allSatisfy { name, value in right.values[name].map { Self.isEqual(value, $0) } ?? false }
    }

    private static func isEqual(_ left: any ConfigValue, _ right: any ConfigValue) -> Bool {
        func compare<Value: ConfigValue>(_ left: Value) -> Bool { (right as? Value) == left }
        return compare(left)
    }

    public var customMirror: Mirror {
        let shown = values.sorted { $0.key < $1.key }.map { name, value -> (String, Any) in
            (name, OptionTable.named[name]?.isSecret == true ? "(hidden)" : value.configText)
        }
        return Mirror(self, children: shown.map { (label: $0.0, value: $0.1) }, displayStyle: .dictionary)
    }
}
