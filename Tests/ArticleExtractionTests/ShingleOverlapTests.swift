import Testing

/// The benchmark's measure, checked on texts small enough to count by hand.
@Suite struct ShingleOverlapTests {
    @Test func oneWrongWordCostsTheShinglesThatHoldIt() {
        // Expected shingles: (a b c d), (b c d e); extracted: (a b c d), (b c d x).
        let page = ShingleOverlap(extracted: "a b c d x", expected: "a, b. c d e")
        #expect(page.truePositives == 1.0 / 3 && page.falsePositives == 1.0 / 3 && page.falseNegatives == 1.0 / 3)
        #expect(page.precision == 0.5 && page.recall == 0.5)
    }

    @Test func tokensAreWordCharactersWithCaseKept() {
        #expect(ShingleOverlap.tokens("Don’t stop_me now, 2024 日本語") == ["Don", "t", "stop_me", "now", "2024", "日本語"])
    }

    @Test func aSetsFigureIsTheF1OfMeanPrecisionAndMeanRecall() {
        let exact = ShingleOverlap(extracted: "one two three four", expected: "one two three four")
        let nothing = ShingleOverlap(extracted: "", expected: "one two three four")
        let figures = ShingleOverlap.figures([exact, nothing])
        // The empty answer has no precision to average; it counts in recall as 0.
        #expect(figures.precision == 1 && figures.recall == 0.5)
        #expect(abs(figures.f1 - 2.0 / 3) < 1e-12)
    }
}
