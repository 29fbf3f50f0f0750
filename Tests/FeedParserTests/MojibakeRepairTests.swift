import Testing
@testable import FeedParser

struct MojibakeRepairTests {
    /// `mayBeDoublyEncoded` as its documentation states it, a character at a time: U+00C2–U+00F4
    /// followed at once by a character windows-1252 writes as 0x80–0xBF.
    static func mayBeDoublyEncodedByScalars(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (scalar, next) in zip(scalars, scalars.dropFirst()) where (0xC2...0xF4).contains(scalar.value) {
            if (0x80...0xBF).contains(next.value) || (next.value != 0 && MojibakeRepair.windows1252C1.contains(next.value)) {
                return true
            }
        }
        return false
    }

    /// Plain accented letters, characters that stand for UTF-8 lead bytes and ones that continue
    /// them, in every order: the byte scan skips an `é` before a letter without decoding, and must
    /// not skip one before a continuation (`Ã©`, `Ã€`, `Â\u{80}`).
    @Test func byteScanAgreesWithTheScalarDefinition() {
        let pieces = ["é", "ï", "ü", "Ã", "Â", "ô", "õ", "©", "\u{80}", "¿", "À", "€", "’", "Ÿ", "a", " ", "日"]
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + third
                    #expect(MojibakeRepair.mayBeDoublyEncoded(text) == Self.mayBeDoublyEncodedByScalars(text), "\(text)")
                    let padded = "x" + text + "yz"
                    #expect(MojibakeRepair.mayBeDoublyEncoded(padded) == Self.mayBeDoublyEncodedByScalars(padded), "\(padded)")
                }
            }
        }
    }

    @Test(arguments: [
        ("café CafÃ©", "café Café"),
        ("naïve Ã©tÃ©", "naïve été"),
        ("über itâ€™s", "über it’s"),
        ("café naïve über 日本語", "café naïve über 日本語"),
        ("Grüße", "Grüße"),
    ])
    func repairsRunsAfterPlainLetters(_ text: String, _ expected: String) {
        #expect(MojibakeRepair.undoubled(text, paths: .fast) == expected)
    }

    /// A run right after a capital and before more letters is inside a word, not the end of a
    /// word in capitals: `BÃ¼rgermeister` is `Bürgermeister` (issue 47, real feeds).
    @Test(arguments: [
        ("Bautzens BÃ¼rgermeister: Problem mit FlÃ¼chtlingen", "Bautzens Bürgermeister: Problem mit Flüchtlingen"),
        ("KÃ¤ltewelle in Europa", "Kältewelle in Europa"),
        ("CÃ´te d’Ivoire", "Côte d’Ivoire"),
        ("DÃ©cès de George Michael", "Décès de George Michael"),
        ("AMANHÃ…", "AMANHÃ…"),
    ])
    func repairsRunsInsideCapitalisedWords(_ text: String, _ expected: String) {
        #expect(MojibakeRepair.undoubled(text, paths: .fast) == expected)
    }

    /// Text is garbled as a whole: once one run of a field is surely doubly encoded and every other
    /// run decodes too, they all are, even the one-letter Russian word `В` (`Ð’`) that alone
    /// would read as Latin letters and a quote.
    @Test(arguments: [
        ("Ð’ ÐœÐ¾Ñ\u{81}ÐºÐ²Ðµ Ð¸Ð·-Ð·Ð° Ð¼Ð¾Ñ€Ð¾Ð·Ð¾Ð²", "В Москве из-за морозов"),
        ("Ã€ la carte, Ã©tÃ©", "À la carte, été"),
        // A correct `é` alone is no UTF-8: the field is not garbled as a whole, and `Ð’` stays.
        ("Ð’ Ð´Ð¾Ð¼ café", "Ð’ дом café"),
    ])
    func repairsAWholeGarbledField(_ text: String, _ expected: String) {
        #expect(MojibakeRepair.undoubled(text, paths: .fast) == expected)
    }

    /// A run inside a word is repaired whatever comes before it: a capital (laut.de's
    /// `SÃ¤nger`, issue 45 §1), a digit or punctuation, and in words written in capitals.
    @Test(arguments: [
        ("Tom Waits: SÃ¤nger lÃ¤sst", "Tom Waits: Sänger lässt"),
        ("Ralf HÃ¼tter", "Ralf Hütter"),
        ("SÃ¸ren KÃ¸benhavn", "Søren København"),
        ("MÃ¶tley CrÃ¼e", "Mötley Crüe"),
        ("CAMIÃ“N ESPAÃ‘A KÃ–LN", "CAMIÓN ESPAÑA KÖLN"),
        ("3Ã—4, 2Âº, 25Â°C", "3×4, 2º, 25°C"),
        ("(Ã©tÃ©) Â«Ã‰mileÂ» /Ã¤", "(été) «Émile» /ä"),
    ])
    func repairsRunsAfterCapitalsDigitsAndPunctuation(_ text: String, _ expected: String) {
        #expect(MojibakeRepair.undoubled(text, paths: .fast) == expected)
    }
}
