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
/// and words are written in lower case, capitalised or in capitals. A word may follow a capital,
/// a digit or punctuation with no space between (`Xété`, `3été`, `(été`), where a run once went
/// unrepaired (issue 45 §1): there too, correct text stays as it is and doubly encoded text is
/// put back.
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
                           "°", "!", "?", "\u{A0}?", ")", "–", "—", "²", "³", "®", "™", "©", "\u{A0}€", "»", "·"]
    /// A number's: `€` set right after it (`12€`), as after no word.
    static let numberEnds = wordEnds + ["€", "€", "%", "\u{A0}%"]
    static let wordStarts = ["", "", "", "", "«\u{A0}", "« ", "«", "“", "‘", "¿", "¡", "(", "–\u{A0}", "—"]
    static let separators = [" ", " ", " ", "\u{A0}", "\u{202F}", " – ", " — ", "\u{A0}", "-", "/"]
    /// The Latin words whose double encoding is repaired wherever they stand (see
    /// `repairRestoresDoublyEncodedLatinText`).
    static let repairableWords = latinWords.filter { $0.count > 1 && !"åòôöùš".contains($0.last!) && !$0.contains("µ") }
    /// What may stand right before a word with no space between.
    static let gluedBefore = ["S", "H", "K", "M", "X", "L’", "3", "12", "2026", "(", "/", "-", "«", "'", "#", "+", "*"]

    static func character(in ranges: [ClosedRange<UInt32>], using random: inout SplitMix64) -> Character {
        let range = ranges.randomElement(using: &random)!
        return Character(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
    }

    /// A word of a random script, or a Latin one with `latinOnly`.
    static func word(latinOnly: Bool = false, using random: inout SplitMix64) -> String {
        switch latinOnly ? 0 : Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            var word = (latinOnly ? repairableWords : latinWords).randomElement(using: &random)!
            switch Int.random(in: 0..<6, using: &random) {
            case 0: word = word.uppercased()
            case 1: word = word.prefix(1).uppercased() + word.dropFirst()
            default: break
            }
            // Nothing is glued to a word of one letter (Swedish `å`, a word of its own).
            guard word.count > 1, Int.random(in: 0..<4, using: &random) == 0 else { return word }
            let glued = gluedBefore.randomElement(using: &random)!
            // A capital starts a word in small letters or carries on one in capitals, never
            // stands before a capitalised one (`SSí`).
            let isCapitalised = word != word.lowercased() && word != word.uppercased()
            return glued.first!.isUppercase && isCapitalised ? word : glued + word
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
    static func text(latinOnly: Bool = false, using random: inout SplitMix64) -> String {
        var text = ""
        var previousIsCJK = false
        for index in 0..<Int.random(in: 1...12, using: &random) {
            let word = word(latinOnly: latinOnly, using: &random)
            let isCJK = word.unicodeScalars.first.map { $0.value >= 0x3000 && $0.value < 0xE000 } ?? false
            // CJK needs no space between it and a Latin word (`iPhone用`); Latin words do. Opening
            // quotes and brackets follow a space, never the word before them.
            let isGlued = index > 0 && (isCJK || previousIsCJK) && Bool.random(using: &random)
            if index > 0 && !isGlued { text += separators.randomElement(using: &random)! }
            let start = isGlued ? "" : wordStarts.randomElement(using: &random)!
            let ends = word.last!.isNumber ? numberEnds : wordEnds
            text += start + word + ends.randomElement(using: &random)!
            previousIsCJK = isCJK
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    static func samples(latinOnly: Bool = false) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<sampleCount).map { _ in text(latinOnly: latinOnly, using: &random) }
    }

    /// `text` encoded as UTF-8 and read back as windows-1252 (ISO-8859-1 where windows-1252 leaves
    /// a byte undefined): what a UTF-8 feed declared ISO-8859-1 reads as.
    static func doublyEncoded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.utf8.map { byte in
            let meant = (0x80...0x9F).contains(byte) ? MojibakeRepair.windows1252C1[Int(byte - 0x80)] : 0
            return Unicode.Scalar(meant != 0 ? meant : UInt32(byte))!
        }))
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    @Test func repairLeavesCorrectTextAlone() {
        for (index, text) in Self.samples().enumerated() {
            #expect(MojibakeRepair.undoubled(text, paths: .fast) == text, "sample \(index) of seed \(Self.seed): \(text.debugDescription)")
        }
    }

    /// Latin text encoded twice comes back as it was written, wherever its runs stand. Left out are
    /// the forms documented as left alone (DECISIONS): words of one letter (a lone `ó` encoded
    /// twice, `Ã³`, is the price of never taking Swedish `Å’` for `Œ`); words whose last letter,
    /// in capitals and encoded twice, reads as a correct capital and what follows words (`PÃ…`
    /// for `PÅ` could be `AMANHÃ…`; `PIÃ™`, `AVÃ”`, `PŘÍLIÅ` and a no-break space); and `µm`,
    /// whose capital `Μ` is Greek, so that `ΜM` encoded twice touches a Latin letter.
    @Test func repairRestoresDoublyEncodedLatinText() {
        for (index, text) in Self.samples(latinOnly: true).enumerated() {
            let doubled = Self.doublyEncoded(text)
            #expect(MojibakeRepair.undoubled(doubled, paths: .fast) == text,
                    "sample \(index) of seed \(Self.seed): \(doubled.debugDescription)")
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
