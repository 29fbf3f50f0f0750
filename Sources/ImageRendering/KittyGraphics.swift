import Foundation

/// The kitty graphics protocol (also spoken by WezTerm, Konsole and ghostty): a picture is
/// sent once as base64 PNG in APC sequences, under an id, then placed at the cursor in a box of
/// cells, and its placements deleted when the text moves.
///
///     ESC _ G a=T,f=100,i=7,p=1,c=40,r=10,C=1,q=2,m=1 ; <base64 PNG, 4096 bytes> ESC \
///     ESC _ G m=0 ; <the rest> ESC \
///
/// `q=2` keeps the terminal silent (its replies would arrive as keys); `C=1` leaves the cursor
/// where it was, so the text around is not shifted. Only base64 and the keys below are written:
/// nothing from the picture can end the sequence early.
public enum KittyGraphics {
    /// Largest base64 chunk per sequence, as the protocol asks.
    static let chunkSize = 4096

    /// Sends `png` as image `id` and places it at the cursor across `fit`'s cells, showing
    /// pixel rows `crop` of the picture (nil: all of it) — how a picture half scrolled out of
    /// the view keeps its visible part.
    public static func transmitAndPlace(png: [UInt8], id: UInt32, fit: ImageFit, crop: Range<Int>? = nil) -> [UInt8] {
        var keys = "a=T,f=100,t=d,i=\(id),p=1,c=\(fit.columns),r=\(fit.rows),C=1,q=2"
        if let crop { keys += ",y=\(crop.lowerBound),h=\(crop.count)" }
        return chunked(keys: keys, payload: Array(Data(png).base64EncodedData()))
    }

    /// Places the already sent image `id` again at the cursor (after scrolling), replacing its
    /// earlier placement.
    public static func place(id: UInt32, fit: ImageFit, crop: Range<Int>? = nil) -> [UInt8] {
        var keys = "a=p,i=\(id),p=1,c=\(fit.columns),r=\(fit.rows),C=1,q=2"
        if let crop { keys += ",y=\(crop.lowerBound),h=\(crop.count)" }
        return Array("\u{1B}_G\(keys)\u{1B}\\".utf8)
    }

    /// Removes the placements of image `id` from the screen; the terminal keeps the picture for
    /// the next `place`.
    public static func deletePlacements(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Removes every placement and frees every picture (leaving the article or the program).
    public static func deleteAll() -> [UInt8] {
        Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
    }

    private static func chunked(keys: String, payload: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? "\(keys),m=\(more)" : "m=\(more)"
            output += Array("\u{1B}_G\(control);".utf8)
            output += payload[start..<end]
            output += [0x1B, 0x5C]
            start = end
        } while start < payload.count
        return output
    }
}
