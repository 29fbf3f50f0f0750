import FuzzDriver

// `fuzz-images`: throws libFuzzer's inputs at the picture decoders and the terminal protocols'
// encoders (see ImageFuzzCase and FuzzDriver).

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ImageFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}

FuzzDriver.run("fuzz-images", testOneInput)
