import Configuration
import TerminalUI

/// An item's HTML as terminal text: styled blocks laid out for a width, and the links and
/// images it contains, numbered in order of appearance (`[1]` in the text is `links[0]`).
public struct ArticleBody: Hashable, Sendable {
    /// A piece of the text, laid out by ``lines(width:)``.
    public enum Block: Hashable, Sendable {
        /// A line the view wraps at its width.
        case line(TextView.Line)
        /// A line of `pre`: never wrapped; cut at the width with a dim `→`.
        case preformatted(StyledText)
        case table(ArticleTable)
    }

    public var blocks: [Block]
    /// Absolute URLs of the links and images, without duplicates.
    public var links: [String]
    /// The numbers (from 1, as in the text) of the entries of `links` that an image brought in
    /// first: the URL view says "image" for them.
    public var imageNumbers: Set<Int>
    /// The pictures that can be drawn, in order, each at the line holding its label.
    public var images: [ArticleImage]
    /// The numbers (from 1) of the entries of `links` that a video or audio brought in first,
    /// with what each is (`video`, `audio`, a track's `captions`…): the URL view says so, and
    /// opens video and audio with the player.
    public var mediaKinds: [Int: String]

    public init(
        blocks: [Block] = [], links: [String] = [], imageNumbers: Set<Int> = [], images: [ArticleImage] = [],
        mediaKinds: [Int: String] = [:]
    ) {
        self.blocks = blocks
        self.links = links
        self.imageNumbers = imageNumbers
        self.images = images
        self.mediaKinds = mediaKinds
    }

    /// The text as lines for a view `width` columns wide, the lines of `pre` shown from column
    /// `codeColumn` on (scrolled sideways), with a dim `←` where something is hidden on the left.
    public func lines(width: Int, codeColumn: Int = 0) -> [TextView.Line] {
        var lines: [TextView.Line] = []
        lines.reserveCapacity(blocks.count)
        for block in blocks {
            switch block {
            case .line(let line): lines.append(line)
            case .preformatted(let text):
                let shown = codeColumn > 0 && !text.isEmpty
                    ? StyledText("←", style: .dim) + text.droppingColumns(codeColumn + 1)
                    : text
                lines.append(TextView.Line(Self.clipped(shown, toWidth: width)))
            case .table(let table): lines += table.lines(width: width)
            }
        }
        return lines
    }

    /// Where a drawn picture stands in the lines of ``lines(width:codeColumn:pictureRows:)``.
    public struct PictureLine: Hashable, Sendable {
        /// Its index in ``images``.
        public var image: Int
        /// The first of the blank lines reserved for it.
        public var line: Int
        public var rows: Int
    }

    /// The text as lines, with rows reserved for the pictures that are drawn: `pictureRows`
    /// gives the rows of picture N of ``images``, nil while it is not drawn (its label stays in
    /// the text). A drawn picture follows the line holding its label; when that line holds only
    /// labels, the pictures replace it, each with its label under it as a caption.
    public func lines(width: Int, codeColumn: Int = 0, pictureRows: (Int) -> Int?) -> (lines: [TextView.Line], pictures: [PictureLine]) {
        var drawn: [Int: [(image: Int, rows: Int)]] = [:]
        for (index, image) in images.enumerated() {
            if let rows = pictureRows(index), rows > 0 { drawn[image.block, default: []].append((index, rows)) }
        }
        guard !drawn.isEmpty else { return (lines(width: width, codeColumn: codeColumn), []) }
        var lines: [TextView.Line] = []
        var pictures: [PictureLine] = []
        for (blockIndex, block) in blocks.enumerated() {
            guard let shown = drawn[blockIndex], case .line(let line) = block else {
                lines += ArticleBody(blocks: [block]).lines(width: width, codeColumn: codeColumn)
                continue
            }
            let onLine = images.indices.filter { images[$0].block == blockIndex }
            let keepsLine = !(images[shown[0].image].standsAlone && shown.count == onLine.count)
            if keepsLine { lines.append(line) }
            let indent = String(repeating: " ", count: line.continuationIndent)
            for picture in shown {
                pictures.append(PictureLine(image: picture.image, line: lines.count, rows: picture.rows))
                lines += Array(repeating: TextView.Line(""), count: picture.rows)
                // A picture that replaced its line has its label as a caption; one whose line
                // stays has its label in that line, right above it (issue 45 §9).
                if !keepsLine {
                    lines.append(TextView.Line(StyledText(indent) + StyledText(images[picture.image].label, style: .dim), continuationIndent: line.continuationIndent))
                }
            }
        }
        return (lines, pictures)
    }

    /// Columns of the widest line of `pre`: how far its lines can be scrolled sideways.
    public var widestCodeLine: Int {
        blocks.reduce(0) { widest, block in
            guard case .preformatted(let text) = block else { return widest }
            return max(widest, text.width)
        }
    }

    /// `text` cut to `width` columns, ending with a dim `→` when something was cut.
    static func clipped(_ text: StyledText, toWidth width: Int) -> StyledText {
        let cut = text.truncated(toWidth: width)
        guard cut != text, var last = cut.runs.last, last.text.hasSuffix("…") else { return cut }
        last.text.removeLast()
        var runs = Array(cut.runs.dropLast())
        if !last.text.isEmpty { runs.append(last) }
        return StyledText(runs: runs) + StyledText("→", style: .dim)
    }
}
