/// The links of a grid's cells (see ``CellGrid/link(row:column:)``), kept beside the cells so
/// that a grid without links pays nothing for them: a `Cell` stays 24 bytes, and the numbers
/// below are allocated at the first link.
///
/// Each cell's link is a number into a table of the addresses, one entry per address however
/// many cells carry it; 0 is no link.
struct CellLinks: Sendable {
    private var numbers: [UInt32] = []
    private var addresses: [String] = []
    private var numberOfAddress: [String: UInt32] = [:]

    /// False while no cell was ever given a link: every cell's link is nil.
    var mayHaveLinks: Bool { !numbers.isEmpty }

    func link(at index: Int) -> String? {
        guard !numbers.isEmpty else { return nil }
        let number = numbers[index]
        return number == 0 ? nil : addresses[Int(number) - 1]
    }

    /// Gives cell `index` of a grid of `cellCount` cells `link`.
    mutating func set(_ link: String?, at index: Int, cellCount: Int) {
        guard let link else {
            if !numbers.isEmpty { numbers[index] = 0 }
            return
        }
        if numbers.isEmpty { numbers = Array(repeating: 0, count: cellCount) }
        if let known = numberOfAddress[link] {
            numbers[index] = known
        } else {
            addresses.append(link)
            let number = UInt32(addresses.count)
            numberOfAddress[link] = number
            numbers[index] = number
        }
    }
}
