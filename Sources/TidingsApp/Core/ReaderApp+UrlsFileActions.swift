import Configuration
import FeedFetcher
import FeedModel
import Foundation

/// newsboat's `edit-urls` (`E`) and `reload-urls` (`^R`) in the feed list: the urls file edited
/// by hand while the reader runs, or changed by something else, and the feed list following it.
extension ReaderApp {
    /// Hands the terminal to `$VISUAL`, else `$EDITOR`, else `vi`, on the urls file, as newsboat
    /// does; the file is read again once the editor exits. The editor's command is split as a
    /// shell would (`code --wait`) but run without one.
    func editUrlsFile() -> [ReaderEffect] {
        if let refusal = urlsFileActionRefusal { return refuse(refusal) }
        let editor = ["VISUAL", "EDITOR"].lazy.compactMap { self.environment[$0] }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
        let arguments: [String]
        do {
            arguments = try CommandArguments.split(editor)
        } catch {
            return refuse("Cannot run the editor \(Excerpt(editor)): \(error)")
        }
        logger.info("editing the urls file with \(arguments[0])")
        return [.runUrlsEditor(arguments: arguments + [settings.urlsPath])]
    }

    /// Reads the urls file again; the cache's feed list follows it.
    func rereadUrlsFile() -> [ReaderEffect] {
        if let refusal = urlsFileActionRefusal { return refuse(refusal) }
        return [.editUrlsFile(UrlsFileEdit(change: .reread))]
    }

    /// Why the urls file is not the feed list here, if it is not.
    private var urlsFileActionRefusal: String? {
        if settings.isCacheReadOnly { return "The cache is read-only here: the feed list cannot follow the urls file" }
        switch settings.feedListSource {
        case .urlsFile, .server(_, withLocalFeeds: true): return nil
        case .server: return "The feed server keeps the list of feeds: the urls file is not read"
        case .opml: return "The feed list comes from the OPML documents opml-url names"
        }
    }

    private func refuse(_ text: String) -> [ReaderEffect] {
        transientMessage = text
        return []
    }
}
