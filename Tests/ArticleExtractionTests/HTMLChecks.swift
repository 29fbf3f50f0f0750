import Foundation

/// Checks on extracted HTML that hold for every page.
enum HTMLChecks {
    /// True when a tag in `html` carries an `on…=` attribute.
    static func hasEventHandler(_ html: String) -> Bool {
        var insideTag = false
        var previous: Character = " "
        var pending = ""
        for character in html.lowercased() {
            if character == "<" { insideTag = true }
            if character == ">" { insideTag = false }
            if insideTag {
                if previous.isWhitespace, character == "o" { pending = "o" } else if !pending.isEmpty {
                    pending.append(character)
                    if pending.count == 2 {
                        if pending != "on" { pending = "" }
                    } else if character == "=" {
                        return true
                    } else if !character.isLetter {
                        pending = ""
                    }
                }
            }
            previous = character
        }
        return false
    }

    /// The values of every `href` and `src` attribute in `html`.
    static func linkTargets(_ html: String) -> [String] {
        var targets: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                targets.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return targets
    }
}
