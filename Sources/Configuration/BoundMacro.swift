/// newsboat's `bind KEY CONTEXT[,CONTEXT…]|everywhere ACTION [ARGS] ; ACTION …` when it names more
/// than one bare action (`bind ^T everywhere set browser "mpv %u" ; open-in-browser`): a macro run
/// by the key alone, without the macro prefix, in those contexts.
public struct BoundMacro: Sendable, Hashable {
    public var contexts: Set<KeyMap.Context>
    public var macro: Macro
}
