import FuzzDriver

// `fuzz-feed`: throws libFuzzer's inputs at the streaming feed parser (see FeedFuzzCase and FuzzDriver).

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FeedFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}

FuzzDriver.run("fuzz-feed", testOneInput)
