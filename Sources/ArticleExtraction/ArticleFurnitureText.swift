/// Lines that read as a page's furniture whatever their markup: a byline (`By Jane Doe`), a
/// copyright notice (`© 2023 Example Media. All rights reserved.`), a date and time line
/// (`28 August 2013, updated 14:00 GMT`), a "follow us" line, a newsletter or subscription
/// prompt, an image credit (`Photo: AP`), a citation line, a contact line with an e-mail
/// address, a "requires JavaScript" notice, a leftover WordPress shortcode (`[button …]`). Sites
/// often write them as ordinary paragraphs inside the article's element, where class and id hints
/// cannot see them. The word lists cover the languages of the extractor's test pages and the
/// larger European ones (English, German, French, Spanish, Portuguese, Italian, Dutch, Polish,
/// Russian, Chinese, Japanese, Korean); a line in another language is judged by its form only.
///
/// The cleaner asks this of every short paragraph, so the checks work on the UTF-8 bytes of the
/// paragraph's text (white space collapsed, `line(_:from:)`), comparing ASCII letters without
/// case: String's Unicode-aware comparisons cost a quarter of an extraction.
enum ArticleFurnitureText {
    /// The text of `index` as UTF-8, runs of white space as one space, trimmed; at most about
    /// `limit` bytes.
    static func line(_ tree: PageTree, from index: PageTree.Index, limit: Int = 1200) -> [UInt8] {
        var bytes: [UInt8] = []
        var pendingSpace = false
        for node in tree.preorder(from: index) where tree[node].tag == .text {
            for byte in tree[node].text.utf8 {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    pendingSpace = true
                    continue
                }
                if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
            if bytes.count >= limit { break }
        }
        return bytes
    }

    /// True when `line`, a short paragraph's text, is one of those lines.
    static func isFurniture(_ line: [UInt8]) -> Bool {
        isByline(line) || isCopyright(line) || isDateLine(line) || isFollowUs(line) || isNewsletterPrompt(line)
            || isImageCredit(line) || isCitation(line) || isContactLine(line) || isJavaScriptNotice(line)
            || isShortcode(line) || isMetadataLine(line) || isDisclosure(line) || isUpdateStamp(line)
            || isCommentPrompt(line)
    }

    /// Words that introduce a link to another story, a newsletter or the site's topic pages,
    /// set between the article's paragraphs (`Read more: …`, `RELATED: …`, `Tags: …`).
    private static let storyLinkLabels = [
        "read more", "related", "see also", "also read", "read also", "more:", "watch:", "listen:", "click here",
        "sign up", "subscribe", "tags:", "topics:", "filed under",
        "lesen sie auch", "lesen sie mehr", "mehr zum thema", "weiterlesen", "siehe auch", "lire aussi", "à lire aussi",
        "a lire aussi", "voir aussi", "lire la suite", "leer más", "lee también", "ver también", "leia também",
        "leia mais", "veja também", "leggi anche", "leggi di più", "lees ook", "lees meer", "czytaj też",
        "czytaj także", "czytaj więcej", "читайте также", "читать далее", "続きを読む", "関連記事", "あわせて読みたい",
        "相关阅读", "相关文章", "延伸阅读", "阅读更多", "관련기사", "관련 기사", "더보기",
    ].map { Array($0.utf8) }

    /// A line that starts with one of `storyLinkLabels`; the cleaner asks only of lines that
    /// are mostly a link.
    static func isStoryLink(_ line: [UInt8]) -> Bool {
        storyLinkLabels.contains { hasPrefix(line, $0) }
    }

    /// The word that introduces an author's name: English "By", German "Von", French "Par",
    /// Spanish and Portuguese "Por", Italian "Di", Dutch "Door", Scandinavian "Av" and "Af".
    private static let bylineWords = ["by", "von", "par", "por", "di", "door", "av", "af"].map { Array($0.utf8) }

    /// `By Jane Doe`, `-- By Jane Doe Follow @jdoe`, `Par Jeanne Dupont`: a line of a few words
    /// that starts with one of `bylineWords` and a name and is no sentence (`By Monday the river
    /// had risen.` is one).
    static func isByline(_ line: [UInt8]) -> Bool {
        var start = 0
        while start < line.count {
            if line[start] == UInt8(ascii: "-") || line[start] == 0x20 {
                start += 1
            } else if start + 2 < line.count, line[start] == 0xE2, line[start + 1] == 0x80,
                      line[start + 2] == 0x93 || line[start + 2] == 0x94 {
                start += 3 // – or —
            } else {
                break
            }
        }
        let rest = Array(line[start...])
        guard characters(rest[...]) < 80, let word = bylineWords.first(where: { hasPrefix(rest, $0 + [0x20]) }),
              rest.count > word.count + 1, rest.filter({ $0 == 0x20 }).count <= 7, !contains(rest[...], Array(". ".utf8)),
              let last = rest.last, last != UInt8(ascii: "."), last != UInt8(ascii: "!"), last != UInt8(ascii: "?")
        else { return false }
        // The word itself capitalised or not (`By`, `by`), the name capitalised.
        let initial = rest[word.count + 1]
        if initial < 0x80 { return initial >= UInt8(ascii: "A") && initial <= UInt8(ascii: "Z") }
        // A name that starts with a letter outside ASCII (`By Émile Zola`).
        return String(decoding: rest.dropFirst(word.count + 1).prefix(4), as: UTF8.self).first?.isUppercase == true
    }

    /// "All rights reserved" and "subject to copyright", in the languages of `ArticleFurnitureText`.
    private static let rightsReserved = WordList([
        "all rights reserved", "subject to copyright", "alle rechte vorbehalten", "tous droits réservés",
        "todos los derechos reservados", "tutti i diritti riservati", "todos os direitos reservados",
        "alle rechten voorbehouden", "wszelkie prawa zastrzeżone", "все права защищены", "版权所有", "版權所有",
        "無断転載", "無断複製", "무단 전재", "무단전재",
    ])

    /// A copyright notice: `©`, "All rights reserved" (in any of its languages), or "Copyright"
    /// and a year.
    static func isCopyright(_ line: [UInt8]) -> Bool {
        if contains(line[...], [0xC2, 0xA9]) || rightsReserved.isFound(in: line) { return true }
        let prefix = Array("copyright ".utf8)
        guard hasPrefix(line, prefix), line.count > prefix.count else { return false }
        return line[prefix.count] >= UInt8(ascii: "0") && line[prefix.count] <= UInt8(ascii: "9")
    }

    /// A line of at most 80 characters that holds a year and a time of day (`14:00`) and is no
    /// sentence: a publication or update stamp, in any language.
    static func isDateLine(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) <= 80, let last = line.last, last != UInt8(ascii: "."),
              !line.ends(with: [0xE3, 0x80, 0x82]), !contains(line[...], Array(". ".utf8)) else { return false }
        var hasYear = false
        var hasTime = false
        var index = 0
        while index < line.count {
            guard isDigit(line[index]) else {
                index += 1
                continue
            }
            var end = index
            while end < line.count, isDigit(line[end]) { end += 1 }
            let run = end - index
            if run == 4, line[index] == UInt8(ascii: "1") || line[index] == UInt8(ascii: "2") { hasYear = true }
            if run <= 2, end + 2 < line.count, line[end] == UInt8(ascii: ":"), isDigit(line[end + 1]), isDigit(line[end + 2]) {
                hasTime = true
            }
            index = end
        }
        return hasYear && hasTime
    }

    private static let stampOpenings = [
        "updated", "last updated", "published", "posted", "aktualisiert", "veröffentlicht", "mis à jour", "publié",
        "actualizado", "publicado", "atualizado", "aggiornato", "pubblicato", "bijgewerkt", "gepubliceerd",
        "zaktualizowano", "opublikowano", "обновлено", "опубликовано",
    ].map { Array($0.utf8) }

    /// `Updated at 1:23 p.m.`, `Aktualisiert um 14:05 Uhr`: a line of at most 60 characters that
    /// opens with "updated" or "published" and gives a time of day, a stamp without a year.
    static func isUpdateStamp(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) <= 60, stampOpenings.contains(where: { startsWithWord(line, $0) }) else { return false }
        var index = 0
        while index + 3 < line.count {
            if isDigit(line[index]), line[index + 1] == UInt8(ascii: ":"), isDigit(line[index + 2]), isDigit(line[index + 3]) {
                return true
            }
            index += 1
        }
        return false
    }

    private static let commentOpenings = [
        "tell us what you think", "leave a comment", "leave a reply", "add a comment", "post a comment",
        "join the discussion", "join the conversation", "what do you think?", "have your say", "comments",
        "kommentare", "kommentieren", "commentaires", "laisser un commentaire", "comentarios", "deja un comentario",
        "comentários", "deixe um comentário", "commenti", "lascia un commento", "reacties", "komentarze",
        "комментарии", "コメント", "评论", "댓글",
    ].map { Array($0.utf8) }

    /// `Tell us what YOU think...`, `12 comments`, `Leave a Reply`: the door to the comments, not
    /// the article. The words alone, with a count before or after them and punctuation
    /// (`Comments (3)`), not a sentence that begins with them (`Comments from readers were mixed.`).
    static func isCommentPrompt(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) <= 40 else { return false }
        var start = 0
        while start < line.count, isDigit(line[start]) || line[start] == 0x20 { start += 1 }
        let rest = Array(line[start...])
        guard let opening = commentOpenings.first(where: { startsWithWord(rest, $0) }) else { return false }
        var index = opening.count
        while index < rest.count {
            if rest[index] == 0xE2, index + 2 < rest.count, rest[index + 1] == 0x80, rest[index + 2] == 0xA6 {
                index += 3 // …
                continue
            }
            guard rest[index] < 0x80, !HintPattern.isWordByte(rest[index]) || isDigit(rest[index]) else { return false }
            index += 1
        }
        return true
    }

    private static let networks = WordList(["twitter", "facebook", "instagram", "linkedin", "mastodon", "threads", "bluesky",
                                   "youtube", "tiktok", "@"])

    private static let followOpenings = [
        "follow ", "folgen sie", "folge uns", "suivez", "síguenos", "sígueme", "siga ", "segui ", "seguici", "volg ",
        "obserwuj", "подписывайтесь", "关注", "フォロー", "팔로우",
    ].map { Array($0.utf8) }

    /// "Follow us", "follow him", "reach the reporter" inside a line, in English.
    private static let followPhrases = WordList([
        "follow us on", "follow him on", "follow her on", "follow them on", "follow me on", "reach the reporter",
        "reach the author", "contact the reporter", "contact the author",
    ])

    /// `Follow us on Twitter and Facebook`, `Follow Jane Doe on Instagram @jdoe`, `Suivez-nous
    /// sur Twitter`: a short line that opens with "follow" and names a network; or a line that
    /// ends an author's note with one (`Jane Doe's book is out now. Follow her on Twitter
    /// @jdoe.`, `Reach the reporters on Twitter at …`).
    static func isFollowUs(_ line: [UInt8]) -> Bool {
        let length = characters(line[...])
        if length < 150, followOpenings.contains(where: { hasPrefix(line, $0) }) { return networks.isFound(in: line) }
        return length < 300 && followPhrases.isFound(in: line) && networks.isFound(in: line)
    }

    private static let newsletterWords = WordList([
        "newsletter", "inbox", "infolettre", "boletín", "boletim", "nieuwsbrief", "biuletyn", "рассылк", "メールマガジン",
        "メルマガ", "뉴스레터", "电子报", "訂閱", "订阅", "delivered through your letterbox", "issues for",
    ])
    private static let newsletterOpenings = [
        "sign up", "subscribe", "get our", "get the latest", "get the best", "get ", "join our", "want more",
        "don't miss", "don’t miss", "never miss", "stay informed", "stay up to date", "receive",
        "abonnieren", "abonniere", "melden sie sich", "jetzt anmelden", "inscrivez-vous", "abonnez-vous", "recevez",
        "suscríbete", "suscribete", "regístrate", "recibe", "assine", "inscreva-se", "receba", "iscriviti", "ricevi",
        "abonneer", "meld je aan", "ontvang", "zapisz się", "подпишитесь", "登録", "구독", "订阅",
    ].map { Array($0.utf8) }

    private static let subscribeWords = [
        "subscribe", "abonnieren", "abonnez", "suscríbete", "suscribete", "assine", "iscriviti", "abonneer",
        "subskrybuj", "подпишитесь",
    ].map { Array($0.utf8) }

    /// `Sign up for The Daily, our morning newsletter.`, `Get the latest updates right in your
    /// inbox.`, `Get Motor Cycle Monthly delivered through your letterbox every month.`: a short
    /// line that opens with a call to subscribe and speaks of a newsletter, an inbox or issues;
    /// or a shorter one that opens with "Subscribe" itself (`Subscribe to WIRED and stay smart`).
    static func isNewsletterPrompt(_ line: [UInt8]) -> Bool {
        if characters(line[...]) < 120, subscribeWords.contains(where: { startsWithWord(line, $0) }) { return true }
        guard characters(line[...]) < 200, newsletterWords.isFound(in: line) else { return false }
        return newsletterOpenings.contains { hasPrefix(line, $0) }
    }

    private static let disclosures = WordList([
        "affiliate link", "affiliate and", "affiliate links", "referral link", "may earn a commission",
        "may receive a commission", "earn a small commission", "we may earn", "affiliate-links", "liens affiliés",
        "lien affilié", "enlaces de afiliado", "link di affiliazione", "links afiliados", "affiliatelinks",
    ])

    /// `This post may contain affiliate links. Please see my disclosure page.`: the site's notice
    /// about its links, not the article.
    static func isDisclosure(_ line: [UInt8]) -> Bool {
        characters(line[...]) < 250 && disclosures.isFound(in: line)
    }

    /// Labels of the blocks of links to other stories that follow an article (`More Great WIRED
    /// Stories`, `DON'T MISS`, `Lesen Sie auch`): `ArticleCleaner` removes such a label and the
    /// links after it.
    private static let relatedLabels = [
        "related", "more stories", "more great", "more from", "more news", "more on this", "you may also like",
        "you might also like", "you may also be interested", "recommended", "read next", "read more", "read also",
        "also read", "don't miss", "don’t miss", "also on", "trending", "popular", "most read", "latest news",
        "mehr zum thema", "lesen sie auch", "lesen sie mehr", "weitere artikel", "das könnte sie auch interessieren",
        "auch interessant", "à lire aussi", "a lire aussi", "lire aussi", "sur le même sujet", "articles similaires",
        "vous aimerez aussi", "te puede interesar", "noticias relacionadas", "lee también", "más noticias",
        "también te puede interesar", "leia também", "veja também", "notícias relacionadas", "mais lidas",
        "leggi anche", "articoli correlati", "potrebbe interessarti", "lees ook", "gerelateerd", "meer nieuws",
        "czytaj też", "czytaj także", "zobacz też", "polecamy", "читайте также", "похожие", "相关阅读", "相关文章",
        "推荐阅读", "延伸阅读", "関連記事", "あわせて読みたい", "おすすめ", "관련기사", "관련 기사", "추천",
    ].map { Array($0.utf8) }

    /// How a press release's closing section is headed: `About Ascom`, `Über die Firma`, `À propos
    /// de …` (Japanese puts it last: `…について`).
    private static let aboutOpenings = [
        "about ", "über ", "à propos de ", "a propos de ", "à propos d’", "acerca de ", "sobre ", "informazioni su ",
        "chi è ", "over ", "om ", "o firmie", "о компании", "关于", "關於",
    ].map { Array($0.utf8) }

    /// A short heading that opens a press release's "About the company" section.
    static func isAboutHeading(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) <= 60, !contains(line[...], Array(". ".utf8)) else { return false }
        return aboutOpenings.contains { hasPrefix(line, $0) } || line.ends(with: Array("について".utf8))
            || line.ends(with: Array("소개".utf8))
    }

    /// What a company's boilerplate paragraph says of it, in the languages it is written in most.
    private static let companyFacts = WordList([
        "headquartered", "head office", "employs", "employees", "listed on", "stock exchange", "founded in",
        "is a leading", "is a global", "is the world", "for more information, visit", "nasdaq:", "nyse:",
        "hauptsitz", "beschäftigt", "mitarbeiter", "börsennotiert", "gegründet", "ist ein führend", "siège",
        "emploie", "collaborateurs", "cotée", "fondée en", "est un leader", "sede", "emplea", "empleados", "cotiza",
        "fundada en", "empresa líder", "funcionários", "fundada em", "dipendenti", "quotata", "fondata nel",
        "hoofdkantoor", "medewerkers", "opgericht",
    ])

    /// A paragraph that describes a company as its press releases end (`Ascom is headquartered in
    /// Baar, employs around 1,300 people… listed on the SIX Swiss Exchange`): two facts or more.
    static func isCompanyBoilerplate(_ line: [UInt8]) -> Bool {
        companyFacts.count(in: line, limit: 2) >= 2
    }

    /// A short line that opens with one of `relatedLabels`.
    static func isRelatedLabel(_ line: [UInt8]) -> Bool {
        characters(line[...]) <= 50 && relatedLabels.contains { hasPrefix(line, $0) }
    }

    private static let creditOpenings = [
        "photo:", "photo by", "photos:", "photo credit", "photograph:", "image:", "image credit", "images:", "credit:",
        "credits:", "picture:", "illustration:", "video:", "foto:", "fotos:", "fotó:", "bild:", "bilder:", "crédit",
        "crédits", "imagen:", "imagem:", "immagine:", "afbeelding:", "zdjęcie:", "фото:", "写真：", "写真:", "图片来源",
        "图片：", "图：", "圖：", "사진=", "사진:", "出典", "来源：",
    ].map { Array($0.utf8) }
    private static let agencies = WordList(["getty images", "ap photo", "afp/", "/afp", "(afp)", "reuters", "shutterstock",
                                   "istock", "epa-efe", "(dpa)", "dpa/", "unsplash", "via wikimedia"])

    /// `Photo: Jane Doe / AP`, `(Getty Images)`, `Foto: dpa`: a short line, no sentence, that
    /// opens as a credit or names a picture agency.
    static func isImageCredit(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) < 120, !contains(line[...], Array(". ".utf8)) else { return false }
        if creditOpenings.contains(where: { hasPrefix(line, $0) }) { return true }
        return characters(line[...]) < 60 && agencies.isFound(in: line)
    }

    /// `Citation: Title (2019, November 18) retrieved 20 November 2019 from https://…`, `Cite
    /// this article`: how to cite the page, not its text.
    static func isCitation(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) < 400 else { return false }
        if hasPrefix(line, Array("cite this".utf8)) { return true }
        return hasPrefix(line, Array("citation:".utf8)) || (contains(line[...], Array("retrieved".utf8))
            && contains(line[...], Array(" from http".utf8)))
    }

    /// A short line that gives an e-mail address (`Have a tip? Jane Doe may be reached at
    /// jdoe@example.com.`): how to reach the author, not the article.
    static func isContactLine(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) < 200, let at = line.firstIndex(of: UInt8(ascii: "@")), at > 0,
              isAddressByte(line[at - 1]) else { return false }
        var index = at + 1
        var dots = 0
        while index < line.count, isAddressByte(line[index]) || line[index] == UInt8(ascii: ".") {
            if line[index] == UInt8(ascii: "."), index + 1 < line.count, isAddressByte(line[index + 1]) { dots += 1 }
            index += 1
        }
        return dots > 0
    }

    private static let javaScriptNeeds = WordList([
        "requires", "require", "needs", "enable", "turn on", "benötigt", "aktivieren", "nécessite", "activez",
        "requiere", "habilita", "activa", "richiede", "abilita", "requer", "ative", "vereist", "schakel", "wymaga",
        "включите", "必要", "有効", "启用", "需要", "활성화",
    ])

    /// `This slideshow requires JavaScript.`, `Please enable JavaScript to view the comments`.
    static func isJavaScriptNotice(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) < 150, contains(line[...], Array("javascript".utf8)) else { return false }
        return javaScriptNeeds.isFound(in: line)
    }

    /// A WordPress shortcode left in the text: `[button link="…"]Send us your review[/button]`,
    /// `[caption id="…"]`.
    static func isShortcode(_ line: [UInt8]) -> Bool {
        guard line.first == UInt8(ascii: "["), line.count > 2, line[1] &- UInt8(ascii: "a") < 26 else { return false }
        var index = 1
        while index < line.count, line[index] &- UInt8(ascii: "a") < 26 || line[index] == UInt8(ascii: "_") { index += 1 }
        guard index < line.count, line[index] == 0x20 || line[index] == UInt8(ascii: "]") else { return false }
        return contains(line[...], Array("[/".utf8)) || line.last == UInt8(ascii: "]")
    }

    private static let metadataLabels = WordList([
        "posted by", "posted in", "published by", "filed under", "category:", "categories:", "tags:",
        "publicado por", "publicado em", "publicado en", "categoria:", "categoría:", "etiquetas:", "publié par",
        "publié le", "catégorie", "veröffentlicht", "kategorie", "schlagwörter", "pubblicato da", "categorie:",
        "geplaatst door", "opublikowano", "kategoria", "опубликовано", "рубрика", "分类：", "分類：", "标签：",
        "カテゴリー", "投稿者", "카테고리", "작성자",
    ])

    /// `05/10/2018 - Publicado por: Clarissa Borba - Categoria: Saúde - Tags: …`: a short line, no
    /// sentence, with two of the labels of a post's metadata.
    static func isMetadataLine(_ line: [UInt8]) -> Bool {
        guard characters(line[...]) < 250, !contains(line[...], Array(". ".utf8)) else { return false }
        return metadataLabels.count(in: line, limit: 2) >= 2
    }

    // MARK: - Bytes

    /// Characters (Unicode scalars) in UTF-8 bytes.
    private static func characters(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// A byte of an e-mail address's local part or domain (ASCII letters, digits, `-`, `_`, `+`).
    private static func isAddressByte(_ byte: UInt8) -> Bool {
        HintPattern.isWordByte(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `line` starts with `prefix`, written in lower case, in any case: ASCII letters and the
    /// Latin-1 ones (`Über`, `À propos`).
    private static func hasPrefix(_ line: [UInt8], _ prefix: [UInt8]) -> Bool {
        guard line.count >= prefix.count else { return false }
        for offset in 0..<prefix.count where lowered(line, at: offset) != prefix[offset] { return false }
        return true
    }

    /// The byte at `offset` in lower case: an ASCII capital, or the second byte of a Latin-1
    /// capital (U+00C0–U+00DE but ×).
    private static func lowered(_ line: [UInt8], at offset: Int) -> UInt8 {
        let byte = line[offset]
        if offset > 0, line[offset - 1] == 0xC3, byte >= 0x80, byte <= 0x9E, byte != 0x97 { return byte + 0x20 }
        return HintSet.lowered(byte)
    }

    /// `line` starts with the word `word`: followed by the end, a space or punctuation.
    private static func startsWithWord(_ line: [UInt8], _ word: [UInt8]) -> Bool {
        hasPrefix(line, word) && (line.count == word.count || !HintPattern.isWordByte(line[word.count]))
    }

    /// `bytes` holds `needle` (lower-case ASCII, or any bytes), ASCII letters compared without case.
    private static func contains(_ bytes: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        let base = bytes.startIndex
        var start = base
        while start <= bytes.endIndex - needle.count {
            var offset = 0
            while offset < needle.count, HintSet.lowered(bytes[start + offset]) == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
            start += 1
        }
        return false
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
