import FuzzDriver

// `fuzz-extractor`: throws libFuzzer's inputs at the article extractor (see ExtractorFuzzCase and FuzzDriver).

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ExtractorFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}

FuzzDriver.run("fuzz-extractor", testOneInput)
