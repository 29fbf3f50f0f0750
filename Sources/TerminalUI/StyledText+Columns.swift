extension StyledText {
    /// The text as drawn from column `columns` on: what lies left of it is gone, a wide character
    /// cut in two leaves a space for its visible half, and tabs become the spaces they stand for,
    /// so that everything after keeps its column.
    ///
    ///     StyledText("let x\t= 1").droppingColumns(4)   // "x   = 1"
    public func droppingColumns(_ columns: Int) -> StyledText {
        guard columns > 0 else { return self }
        var result = StyledText()
        var column = 0
        for run in runs {
            for character in run.text {
                let end = column + DisplayWidth.advance(of: character, atColumn: column)
                if end > columns {
                    if column < columns || character == "\t" {
                        result.append(String(repeating: " ", count: end - max(column, columns)), style: run.style, link: run.link)
                    } else {
                        result.append(String(character), style: run.style, link: run.link)
                    }
                }
                column = end
            }
        }
        return result
    }
}
