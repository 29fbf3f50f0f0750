extension MojibakeRepair {
    /// A run of characters whose windows-1252 bytes are valid UTF-8, and whether that makes it
    /// doubly encoded text rather than text that reads correctly as it is (issue 32 §2).
    ///
    /// Bytes being valid UTF-8 is not enough: `é`, a no-break space and `»` (E9 A0 BB) end many a
    /// French quotation and are also the UTF-8 of `頻`. Double encoding only ever produces
    /// characters people write, and they fit the text around them; correct text that happens to
    /// decode gives characters that do not. A run is taken as doubly encoded unless:
    ///
    /// - it decodes to a character no feed text is made of (a control, a combining mark first,
    ///   IPA, Samaritan, NKo, private use, an unassigned code point…);
    /// - it touches a Latin word (a Latin letter right before or after it) yet decodes to
    ///   something other than Latin letters, punctuation, symbols or emoji: `dou` + `é »` is not
    ///   `dou頻`;
    /// - it reads as the end of a word, one letter then only punctuation or spaces and no letter
    ///   after them (`é »`, `à »`), and decodes to another script, or its letter ends a word in
    ///   capitals as a correct one would (`AMANHÃ…`, `IRMÃ³`: see `endsWordInCapitals`) or is a
    ///   word of its own (`Å’`, Swedish `Å` and an apostrophe, not `Œ`). A run followed by a
    ///   letter is inside a word, whatever stands before it (`SÃ¤nger`, `CAMIÃ“N`: issue 45).
    ///
    /// Doubly encoded text a rule turns down stays as it was written, as all text did before the
    /// repair existed: an isolated CJK character right after a Latin word (`Appleè£½`) is the
    /// price of never garbling a correct one.
    struct DecodedRun {
        /// The characters as they stand in the text.
        var source: [Unicode.Scalar]
        /// What their windows-1252 bytes decode to as UTF-8.
        var decoded: [Unicode.Scalar]
        /// The characters right before and right after the run, if any.
        var before: Unicode.Scalar?
        var after: Unicode.Scalar?
        /// How many capital letters stand right before the run (`HÃ¼tter` 1, `AMANHÃ…` 5).
        var capitalsBefore = 0

        var isDoubleEncoding: Bool {
            guard let first = source.first, let firstDecoded = decoded.first, !Self.isMark(firstDecoded),
                  decoded.allSatisfy(Self.isWritten) else { return false }
            // Text is written in one script at a time: Latin beside Cyrillic and Arabic in one
            // run (`Ø Ñ”`) is correct text that happens to decode.
            if Set(decoded.compactMap(Self.script)).count > 1 { return false }
            let staysLatin = decoded.allSatisfy(Self.continuesLatinWord)
            if !staysLatin, Self.isLatinLetter(before) || Self.isLatinLetter(after) { return false }
            // One letter then only punctuation, and no letter right after it: a run followed by
            // a letter is inside a word (`BÃ¼rgermeister`, `SÃ¤nger`, `CAMIÃ“N`), whatever
            // precedes it; one whose last character is a no-break space may end a word (`SÅ perché`).
            let isInsideWord = Self.isLatinLetter(after) && source.last != "\u{A0}"
            let readsAsWordEnd = first.properties.isAlphabetic && source.dropFirst().allSatisfy { !$0.properties.isAlphabetic }
                && !isInsideWord
            if readsAsWordEnd {
                if !staysLatin { return false }
                // `Â` ends no word: it is how `»`, `°` or a no-break space read when encoded twice.
                if first.properties.isUppercase, first != "Â" {
                    if capitalsBefore > 0 {
                        if !endsWordInCapitals { return false }
                    } else if first != "Ã", !Self.isLatinLetter(before), !Self.continuesWord(after, source: source) {
                        // A word of one capital letter (Swedish `Å` and an apostrophe, not `Œ`).
                        // `Ã` is no such word, and is how `à` reads when encoded twice.
                        return false
                    }
                }
            }
            return true
        }

        /// Whether a run that ends a word after capitals is the word's last letter encoded twice
        /// rather than a correct capital followed by punctuation or a symbol. Decoded as a capital
        /// (`CAFÃ‰`, `VOILÃ€`) it is, unless what follows the capital is what follows words, such
        /// as `…`, `”`, `™` or `®`: `AMANHÃ…` is as likely Portuguese as `PÅ` encoded twice, and
        /// `PÅ®` Swedish as `PŮ`. Decoded as a small letter or a symbol it ends a word in capitals
        /// with something else than a capital (`AMANHÃ³`, `IRMÃ·`): not double encoding, except
        /// after one capital, where `Ã` and a small letter is a word such as `Já` or `Hé`.
        private var endsWordInCapitals: Bool {
            if decoded.count == 1, decoded[0].properties.isUppercase {
                return !source.dropFirst().allSatisfy(Self.followsWords)
            }
            return capitalsBefore == 1 && source.first == "Ã" && decoded.allSatisfy { $0.properties.isLowercase }
        }

        /// What follows a word in text that reads correctly: a no-break space, closing quotes,
        /// `…`, dashes, and the signs set after a name or a footnote's word (`™`, `®`, `°`, `²`).
        private static func followsWords(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0xA0, 0xBB, 0x2026, 0x2019, 0x201D, 0x2013, 0x2014, 0x2122, 0xAE, 0xB0, 0xB2: return true
            default: return false
            }
        }

        /// Characters double encoding is seen to produce: the scripts and symbols of real text.
        static func isWritten(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .control, .privateUse, .unassigned, .surrogate, .lineSeparator, .paragraphSeparator:
                return false
            default:
                break
            }
            switch scalar.value {
            case 0x00A0...0x017F, 0x0192, 0x01A0, 0x01A1, 0x01AF, 0x01B0, 0x01CD...0x01DC, 0x0218...0x021B:
                return true  // Latin-1, Latin Extended-A, and the Extended-B letters in use (Vietnamese, Romanian, pinyin).
            case 0x0370...0x04FF, 0x05D0...0x05EA, 0x0600...0x06FF:
                return true  // Greek, Cyrillic, Hebrew letters, Arabic.
            case 0x0900...0x0E7F, 0x10A0...0x10FF, 0x1E00...0x1FFF:
                return true  // Indic scripts and Thai, Georgian, Latin Extended Additional, Greek Extended.
            case 0x2000...0x27FF, 0x2900...0x2BFF:
                return true  // Punctuation, currency, letterlike, arrows, maths, shapes, dingbats (not Braille).
            case 0x3000...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF:
                return true  // CJK, kana, Hangul, compatibility and full-width forms.
            case 0x1F000...0x1FAFF, 0x20000...0x2FFFF:
                return true  // Emoji and symbols; CJK extensions.
            default:
                return false
            }
        }

        /// Latin letters, punctuation, symbols and emoji: what can follow a Latin letter in a word.
        static func continuesLatinWord(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x00A0...0x024F, 0x1E00...0x1EFF, 0x2000...0x214F, 0x1F000...0x1FAFF: return true
            default: return false
            }
        }

        /// The script of a letter that is not Latin, by block: enough to tell two apart.
        static func script(_ scalar: Unicode.Scalar) -> UInt32? {
            guard scalar.properties.isAlphabetic, !continuesLatinWord(scalar) else { return nil }
            switch scalar.value {
            case 0x3000...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FFFF:
                return 0x3000  // CJK, kana and Hangul mix freely.
            case 0x0370...0x03FF, 0x1F00...0x1FFF:
                return 0x0370  // Greek and Greek Extended.
            case 0x0400...0x052F:
                return 0x0400
            case 0x0590...0x05FF:
                return 0x0590
            case 0x0600...0x06FF:
                return 0x0600
            default:
                return scalar.value & ~0x7F  // Indic scripts, Thai, Georgian: a block of 128 each.
            }
        }

        /// Whether the character after the run carries on the word the run starts: a letter, but
        /// not a capital after a no-break space (`Å Où` is two words; `Å koda` is `Škoda`).
        private static func continuesWord(_ after: Unicode.Scalar?, source: [Unicode.Scalar]) -> Bool {
            guard let after, isLatinLetter(after) else { return false }
            return source.last != "\u{A0}" || !after.properties.isUppercase
        }

        static func isLatinLetter(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A: return true
            case 0xC0...0x024F, 0x1E00...0x1EFF: return scalar.properties.isAlphabetic
            default: return false
            }
        }

        private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }
}
