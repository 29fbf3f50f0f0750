import Configuration
import Foundation

/// newsboat's podcast queue file, which podboat downloads from: one enclosure a line, its URL, a
/// space and the quoted path to download it to.
///
///     https://example.org/ep12.mp3 "/home/ann/podcasts/ep12.mp3"
///
/// The path is `download-path`, a slash and `download-filename-format`, their `%`-specifiers
/// filled in from the episode (see ``target(for:downloadPath:fileNameFormat:timeZone:)``).
/// Appending is what newsboat's `enqueue` does: a URL already in the queue, or a path another
/// line downloads to, is not added again. The reader's `E` and the rules' `enqueue` (in the reader
/// and in `tidings reload`) append through it.
public struct PodcastQueue: Sendable, Equatable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// An enclosure and what its download path may be named after.
    public struct Episode: Sendable, Equatable {
        public var url: String
        public var feedName: String
        public var title: String
        public var date: Date

        public init(url: String, feedName: String, title: String, date: Date) {
            self.url = url
            self.feedName = feedName
            self.title = title
            self.date = date
        }
    }

    /// What happened to an enclosure.
    public enum Outcome: Equatable, Sendable {
        /// Appended; podboat will download it to this path.
        case queued(to: String)
        case alreadyQueued
        /// Another line of the queue downloads to the same path.
        case fileNameUsed(String)
    }

    /// Why an enclosure cannot be queued.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Appends `url`, to be downloaded to `target`; creates the queue file and its directory
    /// when needed.
    public func append(_ url: String, to target: String) throws(Failure) -> Outcome {
        let checked: String
        do {
            checked = try BrowserCommand.checkLink(url)
        } catch {
            throw Failure(description: "\(error)")
        }
        // The line is split at spaces by podboat: a space in the URL must stay part of it.
        let link = checked.replacingOccurrences(of: " ", with: "%20")
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        for line in existing.split(whereSeparator: \.isNewline) {
            let fields = Self.fields(of: String(line))
            if fields.first == link { return .alreadyQueued }
            if fields.count > 1, fields[1] == target { return .fileNameUsed(target) }
        }
        let line = link + " " + Self.quoted(target) + "\n"
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            // One write(2) with O_APPEND: a line is never interleaved with another writer's.
            let written = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
            guard written == line.utf8.count else { throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot create the directory of \(path): \(error.localizedDescription)")
        }
        return .queued(to: target)
    }

    /// Where podboat is to put `episode`: `downloadPath` and `fileNameFormat` (both checked by
    /// `ListFormat.problem`) joined by a slash, each specifier replaced as newsboat does — `%n`
    /// the feed's name, `%h` the enclosure's host, `%u` its file name, `%e` that name's
    /// extension, `%t` the title, `%F` `%Y` `%y` `%m` `%b` `%d` `%H` `%M` `%S` the date in
    /// `timeZone`. Every value comes from the feed, so each is made one harmless path segment
    /// (``segment(_:)``); only the formats' own slashes make directories. A path that would end
    /// in no file name ends in `download`.
    public static func target(for episode: Episode, downloadPath: String, fileNameFormat: String, timeZone: TimeZone) -> String {
        let fileName = urlFileName(of: episode.url)
        func value(_ letter: Character) -> String {
            switch letter {
            case "u": return fileName
            case "e": return fileName.lastIndex(of: ".").map { String(fileName[fileName.index(after: $0)...]) } ?? ""
            // A query feed's articles are named after their own feed: Tidings has no other.
            case "n", "N": return segment(episode.feedName)
            case "h": return segment(URLComponents(string: episode.url)?.host ?? "")
            case "t": return segment(episode.title)
            default: return dateField(letter, of: episode.date, timeZone: timeZone)
            }
        }
        let directory = ListFormat(downloadPath, kind: .downloadPath).text(value: value)
        var name = ListFormat(fileNameFormat, kind: .downloadFileName).text(value: value)
        let lastName = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        if lastName.isEmpty || lastName == "." || lastName == ".." {
            name = name.dropLast(lastName.count) + "download"
        }
        return (directory.hasSuffix("/") ? directory : directory + "/") + name
    }

    /// `%F`, `%Y`, `%y`, `%m`, `%b`, `%d`, `%H`, `%M`, `%S`: the date as strftime(3) writes them
    /// in the C locale.
    private static func dateField(_ letter: Character, of date: Date, timeZone: TimeZone) -> String {
        let patterns: [Character: String] = [
            "F": "yyyy-MM-dd", "Y": "yyyy", "y": "yy", "m": "MM", "b": "MMM", "d": "dd", "H": "HH", "M": "mm", "S": "ss",
        ]
        guard let pattern = patterns[letter] else { return "" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// The last segment of the URL's path (no query, no fragment), percent-decoded, made one
    /// segment; empty when there is none.
    static func urlFileName(of url: String) -> String {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        if let scheme = path.range(of: "://") { path = path[scheme.upperBound...] }
        let last = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().last.map(String.init) ?? ""
        return segment(last.removingPercentEncoding ?? last)
    }

    /// `text` as one path segment that cannot leave its directory or upset a terminal: `/`
    /// becomes `_`, control characters go, a name of dots alone (`.`, `..`) becomes underscores,
    /// and it is cut to 200 bytes (a file name may have 255).
    static func segment(_ text: String) -> String {
        var segment = String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar.properties.generalCategory == .control { return nil }
            return scalar == "/" ? "_" : scalar
        }))
        if !segment.isEmpty && segment.allSatisfy({ $0 == "." }) {
            segment = String(repeating: "_", count: segment.count)
        }
        var bytes = 0
        return String(segment.prefix(while: { character in
            bytes += character.utf8.count
            return bytes <= 200
        }))
    }

    /// newsboat's quoting: in double quotes, `"` and `\` escaped with a backslash.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A queue line's fields: words separated by spaces, double quotes group, backslash escapes.
    static func fields(of line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var inField = false, inQuotes = false, escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" && inQuotes {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
                inField = true
            } else if character == " " && !inQuotes {
                if inField { fields.append(field) }
                field = ""
                inField = false
            } else {
                field.append(character)
                inField = true
            }
        }
        if inField { fields.append(field) }
        return fields
    }
}
