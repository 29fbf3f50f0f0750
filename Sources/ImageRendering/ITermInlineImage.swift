import Foundation

/// iTerm2's inline image protocol (also WezTerm, mintty, Konsole): one OSC 1337 sequence with
/// the whole file in base64, drawn at the cursor across a box of cells.
///
///     ESC ] 1337 ; File=inline=1;size=N;width=40;height=10;preserveAspectRatio=0 : <base64> BEL
///
/// The picture is sent already scaled and padded to exactly its box, so the terminal has nothing
/// to stretch.
public enum ITermInlineImage {
    public static func sequence(png: [UInt8], fit: ImageFit) -> [UInt8] {
        let head = "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(fit.columns);height=\(fit.rows);preserveAspectRatio=0:"
        return Array(head.utf8) + Array(Data(png).base64EncodedData()) + [0x07]
    }
}
