import FuzzDriver

// `fuzz-images`: throws libFuzzer's inputs at the picture decoders and the terminal protocols'
// encoders (see ImageFuzzCase and FuzzDriver).

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ImageFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}

// chafa and GLib set up their tables (symbol maps, the terminal database) on first use and keep
// them: done here, before libFuzzer counts allocations, so that they are not taken for a leak of
// the first input that decodes.
ImageFuzzCase.warmUp()

FuzzDriver.run("fuzz-images", testOneInput)
