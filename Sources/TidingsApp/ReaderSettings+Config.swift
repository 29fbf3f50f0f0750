import Foundation

extension ReaderSettings {
    /// Takes what the config file sets: everything (at start), or only what the commands named in
    /// `names` change (`:set`, `:source` while the reader runs), so that the rest stays as it is.
    /// Keeps `config` as the configuration in force, for the next `:set` to build on.
    public mutating func take(_ config: Config, names: Set<String>? = nil, environment: [String: String]) {
        func changes(_ options: Set<String>) -> Bool { names.map { !$0.isDisjoint(with: options) } ?? true }
        self.config = config
        if changes(["browser"]) { browser = config.browser }
        if changes(["max-items"]) { maxItems = config.maxItems }
        if changes(["confirm-exit"]) { confirmsExit = config.confirmExit }
        if changes(["refresh-on-startup"]) { refreshOnStartup = config.refreshOnStartup }
        if changes(["auto-reload", "reload-time"]) { autoReloadMinutes = config.autoReload ? max(1, config.reloadTime) : nil }
        if changes(Config.fetchOptionNames) { fetchOptions = config.fetchOptions }
        if changes(Config.preferenceOptionNames) { preferences = config.readerPreferences }
        if changes(["macro", "macro-prefix"]) {
            macros = config.macros
            macroPrefix = config.macroPrefixKey
        }
        if changes(["ignore-article", "ignore-mode"]) { killfile = config.killfile }
        if changes(["define-filter"]) { definedFilters = config.definedFilters }
        if changes(Config.fullArticleOptionNames) { fullArticle = config.fullArticle }
        if changes(Config.articleActionOptionNames) { articleActions = config.articleActions.resolved(environment: environment) }
    }
}
