import Foundation

/// newsboat's podcast queue file, which podboat downloads from: one enclosure a line, its URL, a
/// space and the quoted path to download it to.
///
///     https://example.org/ep12.mp3 "/home/ann/podcasts/ep12.mp3"
///
/// The path is `download-path` and the file name of the URL (newsboat's default
/// `download-filename-format`, `%u`). Appending is what newsboat's `enqueue` does: a URL already
/// in the queue, or a path another line downloads to, is not added again.
public struct PodcastQueue: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
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

    /// Appends `url`, to be downloaded into `directory`; creates the queue file and its directory
    /// when needed.
    public func append(_ url: String, downloadingInto directory: String) throws(Failure) -> Outcome {
        let checked: String
        do {
            checked = try BrowserCommand.checkLink(url)
        } catch {
            throw Failure(description: "\(error)")
        }
        // The line is split at spaces by podboat: a space in the URL must stay part of it.
        let link = checked.replacingOccurrences(of: " ", with: "%20")
        let target = (directory.hasSuffix("/") ? directory : directory + "/") + Self.fileName(of: link)
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

    /// The last segment of the URL's path, percent-decoded, made safe as a file name: no `/`,
    /// no control characters, not `.` or `..`; `download` when nothing is left.
    static func fileName(of url: String) -> String {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        if let scheme = path.range(of: "://") { path = path[scheme.upperBound...] }
        let segment = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().last.map(String.init) ?? ""
        let decoded = (segment.removingPercentEncoding ?? segment)
            .unicodeScalars.filter { $0.properties.generalCategory != .control }
            .map { $0 == "/" ? "_" : String($0) }.joined()
        return decoded.isEmpty || decoded == "." || decoded == ".." ? "download" : decoded
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
