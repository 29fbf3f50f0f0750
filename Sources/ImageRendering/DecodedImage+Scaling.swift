extension DecodedImage {
    /// The picture at `width` × `height` pixels: each target pixel the average of the source
    /// pixels it covers (a box filter), so a shrunk photo keeps its colours without aliasing.
    /// Enlarging repeats pixels.
    public func scaled(width targetWidth: Int, height targetHeight: Int) -> DecodedImage {
        precondition(targetWidth > 0 && targetHeight > 0)
        if targetWidth == width && targetHeight == height { return self }
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        for targetY in 0..<targetHeight {
            let top = targetY * height / targetHeight
            let bottom = max(top + 1, (targetY + 1) * height / targetHeight)
            for targetX in 0..<targetWidth {
                let left = targetX * width / targetWidth
                let right = max(left + 1, (targetX + 1) * width / targetWidth)
                var sums = (0, 0, 0, 0)
                for y in top..<bottom {
                    var offset = (y * width + left) * 4
                    for _ in left..<right {
                        sums.0 += Int(rgba[offset]); sums.1 += Int(rgba[offset + 1])
                        sums.2 += Int(rgba[offset + 2]); sums.3 += Int(rgba[offset + 3])
                        offset += 4
                    }
                }
                let count = (bottom - top) * (right - left)
                let target = (targetY * targetWidth + targetX) * 4
                output[target] = UInt8(sums.0 / count)
                output[target + 1] = UInt8(sums.1 / count)
                output[target + 2] = UInt8(sums.2 / count)
                output[target + 3] = UInt8(sums.3 / count)
            }
        }
        return DecodedImage(width: targetWidth, height: targetHeight, rgba: output)
    }

    /// The picture in the top-left corner of a transparent canvas of `width` × `height` pixels
    /// (cut where it is larger).
    public func padded(width targetWidth: Int, height targetHeight: Int) -> DecodedImage {
        if targetWidth == width && targetHeight == height { return self }
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
        let rowBytes = min(width, targetWidth) * 4
        for y in 0..<min(height, targetHeight) {
            output.replaceSubrange(y * targetWidth * 4..<y * targetWidth * 4 + rowBytes, with: rgba[y * width * 4..<y * width * 4 + rowBytes])
        }
        return DecodedImage(width: targetWidth, height: targetHeight, rgba: output)
    }

    /// The picture as a PNG file (the kitty and iTerm2 protocols carry PNG).
    public func pngBytes() -> [UInt8]? {
        PNGEncoder.encode(self)
    }
}
