import FeedModel
import Foundation
import Testing

@testable import FeedParser

/// Correctly encoded text is never "repaired" (issue 32 §2): random text in Latin, Greek,
/// Cyrillic, CJK and emoji, encoded once as UTF-8, comes out of `MojibakeRepair` and out of the
/// parser exactly as it went in.
///
/// Greek, Cyrillic, CJK and emoji words are random characters of their scripts. Latin words come
/// from real words of a dozen languages, because a random sequence of Latin letters can be
/// double encoding itself (`Ãš` is how `Ú` reads when encoded twice); around them go the spaces
/// and punctuation real text puts there (French no-break spaces and guillemets, `…`, `°`, `’`),
/// and words are written in lower case, capitalised or in capitals.
struct CorrectTextPropertyTests {
    /// Fixed, so that a failure repeats; `TIDINGS_PROPERTY_SEED` tries another.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["TIDINGS_PROPERTY_SEED"].flatMap { UInt64($0) }
        ?? 0x3232_5F6D_6F6A_6962
    static let sampleCount = 4000

    static let latinWords = [
        "café", "été", "déjà", "voilà", "à", "où", "garçon", "français", "naïve", "Noël", "cœur", "œuvre", "élève",
        "très", "forêt", "hôtel", "août", "dû", "ça", "doué", "Ève", "Grüße", "Straße", "groß", "schön", "über",
        "Mädchen", "Öl", "Ärger", "Fuß", "año", "señor", "niño", "sí", "qué", "canción", "más", "también",
        "pingüino", "não", "irmã", "amanhã", "coração", "maçã", "é", "você", "avô", "pão", "São", "på", "så", "å",
        "ö", "Ø", "Ærø", "blåbær", "smørrebrød", "Ångström", "příliš", "žluťoučký", "kůň", "úpěl", "ďábelské",
        "ódy", "łódź", "źdźbło", "zażółć", "gęślą", "jaźń", "İstanbul", "ışık", "şeker", "și", "țară", "þú",
        "Þór", "Việt", "tiếng", "Nguyễn", "è", "perché", "città", "più", "õ", "ó", "ñ", "Ÿ", "Œil", "Šárka",
        "n°", "1ª", "2º", "µm", "m²", "café", "the", "Apple", "iPhone", "x",
    ]
    static let wordEnds = ["", "", "", ",", ".", "…", "’", "”", "\u{A0}»", "\u{A0}!", "\u{A0}:", " »", "\u{A0}°",
                           "°", "!", "?", "\u{A0}?", ")", "–", "—", "²", "³", "®", "™", "©", "€", "\u{A0}€", "»", "·"]
    static let wordStarts = ["", "", "", "", "«\u{A0}", "« ", "«", "“", "‘", "¿", "¡", "(", "–\u{A0}", "—"]
    static let separators = [" ", " ", " ", "\u{A0}", "\u{202F}", " – ", " — ", "\u{A0}"]

    static func character(in ranges: [ClosedRange<UInt32>], using random: inout SplitMix64) -> Character {
        let range = ranges.randomElement(using: &random)!
        return Character(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
    }

    static func word(using random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            let word = latinWords.randomElement(using: &random)!
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return word.uppercased()
            case 1: return word.prefix(1).uppercased() + word.dropFirst()
            default: return word
            }
        case 5:
            let letters: [ClosedRange<UInt32>] = [0x3B1...0x3C9, 0x391...0x3A9, 0x3AC...0x3AF, 0x1F00...0x1F15]
            return String((0..<Int.random(in: 1...9, using: &random)).map { _ in character(in: letters, using: &random) })
        case 6:
            let letters: [ClosedRange<UInt32>] = [0x430...0x44F, 0x410...0x42F, 0x451...0x451, 0x456...0x457]
            return String((0..<Int.random(in: 1...9, using: &random)).map { _ in character(in: letters, using: &random) })
        case 7:
            let letters: [ClosedRange<UInt32>] = [0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA, 0xAC00...0xD7A3, 0x3001...0x3002]
            return String((0..<Int.random(in: 1...6, using: &random)).map { _ in character(in: letters, using: &random) })
        case 8:
            let emoji: [ClosedRange<UInt32>] = [0x1F300...0x1F5FF, 0x1F600...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF]
            var text = String(character(in: emoji, using: &random))
            if Bool.random(using: &random) { text += "\u{200D}" + String(character(in: emoji, using: &random)) }
            return text
        default:
            return String(Int.random(in: 0...2024, using: &random))
        }
    }

    /// A line of words with punctuation around them; no white space at its ends.
    static func text(using random: inout SplitMix64) -> String {
        var text = ""
        var previousIsCJK = false
        for index in 0..<Int.random(in: 1...12, using: &random) {
            let word = word(using: &random)
            let isCJK = word.unicodeScalars.first.map { $0.value >= 0x3000 && $0.value < 0xE000 } ?? false
            // CJK needs no space between it and a Latin word (`iPhone用`); Latin words do.
            if index > 0 { text += (isCJK || previousIsCJK) && Bool.random(using: &random) ? "" : separators.randomElement(using: &random)! }
            text += wordStarts.randomElement(using: &random)! + word + wordEnds.randomElement(using: &random)!
            previousIsCJK = isCJK
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    static func samples() -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<sampleCount).map { _ in text(using: &random) }
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    @Test func repairLeavesCorrectTextAlone() {
        for (index, text) in Self.samples().enumerated() {
            #expect(MojibakeRepair.undoubled(text, paths: .fast) == text, "sample \(index) of seed \(Self.seed): \(text.debugDescription)")
        }
    }

    /// The same text as an Atom entry's id (kept as written) and title (white space collapsed),
    /// read as the parser reads any feed.
    @Test func parserLeavesCorrectTextAlone() throws {
        let samples = Self.samples()
        var entries = ""
        for text in samples {
            entries += "<entry><id>\(Self.escaped(text))</id><title>\(Self.escaped(text))</title></entry>\n"
        }
        let document = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
            \(entries)</feed>
            """
        let feed = try FeedParser.parse(Data(document.utf8))
        #expect(feed.items.count == samples.count)
        for (index, (item, text)) in zip(feed.items, samples).enumerated() {
            #expect(item.id == text, "sample \(index) of seed \(Self.seed): \(text.debugDescription)")
            #expect(item.title == PlainText.collapsingWhitespace(text), "sample \(index) of seed \(Self.seed): \(text.debugDescription)")
        }
    }

    /// The cases of the issue, and doubly encoded text beside them, which is still repaired.
    @Test(arguments: [
        ("«\u{A0}doué\u{A0}»", "«\u{A0}doué\u{A0}»"),
        ("« doué\u{A0}»", "« doué\u{A0}»"),
        ("voilà\u{A0}»", "voilà\u{A0}»"),
        ("café\u{A0}°", "café\u{A0}°"),
        ("« douÃ© » CafÃ©", "« doué » Café"),
        ("Ã©tÃ© Â» itâ€™s", "été » it’s"),
        ("æ—¥æœ¬èªž", "日本語"),
        ("ÐŸÑ€Ð¸Ð²ÐµÑ‚", "Привет"),
        ("Î±Î²Î³", "αβγ"),
        ("ðŸ˜€ smile", "😀 smile"),
    ])
    func issueCases(_ text: String, _ expected: String) {
        #expect(MojibakeRepair.undoubled(text, paths: .fast) == expected)
    }
}
