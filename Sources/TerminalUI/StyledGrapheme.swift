/// One grapheme with its style, link and measured width, the unit the wrapper moves around.
struct StyledGrapheme {
    var character: Character
    var style: Style
    var width: Int
    var link: String?

    var isSpace: Bool { character == " " || character == "\u{3000}" }
    var isWide: Bool { width >= 2 }

    /// Characters that must not begin a line (Japanese kinsoku and Western closers).
    var forbidsBreakBefore: Bool {
        "、。，．,.:;!?！？）」』】〕〉》〙〗｝］）ー…‥・ゝゞヽヾっゃゅょッャュョぁぃぅぇぉァィゥェォ〜)]}".contains(character)
    }

    /// Characters that must not end a line.
    var forbidsBreakAfter: Bool {
        "（「『【〔〈《〘〖｛［(［{".contains(character)
    }
}
