import ImageRendering
import Testing

/// `srcset` read as browsers read it, and the source that fits the width a picture is drawn at.
struct ImageSourceSetTests {
    @Test func widthDescriptorsGiveTheNarrowestWideEnough() {
        let set = ImageSourceSet(src: "a.jpg", srcset: "a-320.jpg 320w, a-1280.jpg 1280w, a-640.jpg 640w")
        #expect(set.best(forPixelWidth: 300) == "a-320.jpg")
        #expect(set.best(forPixelWidth: 400) == "a-640.jpg")
        #expect(set.best(forPixelWidth: 700) == "a-1280.jpg")
        #expect(set.best(forPixelWidth: 5000) == "a-1280.jpg")
    }

    @Test func densitiesGiveOneX() {
        #expect(ImageSourceSet(src: "small.png", srcset: "big.png 2x").best(forPixelWidth: 500) == "small.png")
        #expect(ImageSourceSet(src: nil, srcset: "big.png 2x, huge.png 3x").best(forPixelWidth: 500) == "big.png")
        #expect(ImageSourceSet(src: nil, srcset: "half.png 0.5x").best(forPixelWidth: 500) == "half.png")
        #expect(ImageSourceSet(src: "only.png", srcset: nil).best(forPixelWidth: 10) == "only.png")
        #expect(ImageSourceSet(src: "  ", srcset: "").best(forPixelWidth: 10) == nil)
    }

    @Test func parsesAsTheStandardSays() {
        // Commas inside a URL, a URL ending with a comma, extra white space and commas; a URL
        // runs to white space, so "d.jpg,e.jpg" is one URL, as in browsers.
        let set = ImageSourceSet(src: nil, srcset: " ,https://cdn.example/i/w_400,h_300/a.jpg 400w,  b.jpg, c.jpg 2x ,, d.jpg,e.jpg 3x")
        #expect(set.candidates == [
            .init(url: "https://cdn.example/i/w_400,h_300/a.jpg", width: 400),
            .init(url: "b.jpg"),
            .init(url: "c.jpg", density: 2),
            .init(url: "d.jpg,e.jpg", density: 3),
        ])
        // Unreadable descriptors drop their candidate only.
        let broken = ImageSourceSet(src: nil, srcset: "a.jpg 12q, b.jpg -2x, c.jpg 300w 2x, d.jpg 300w 200h, e.jpg (foo, bar) 1x")
        #expect(broken.candidates == [.init(url: "d.jpg", width: 300)])
    }

    @Test func sourceTypesTheReaderDecodes() {
        #expect(ImageFormat(mimeType: "image/webp") == .webp)
        #expect(ImageFormat(mimeType: "IMAGE/JPEG; charset=binary") == .jpeg)
        #expect(ImageFormat(mimeType: "image/avif") == nil)
        #expect(ImageFormat(mimeType: "image/svg+xml") == nil)
    }
}
