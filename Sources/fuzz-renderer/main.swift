import FuzzDriver

// `fuzz-renderer`: throws libFuzzer's inputs at the article HTML-to-text renderer (see RendererFuzzCase and FuzzDriver).

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    RendererFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}

FuzzDriver.run("fuzz-renderer", testOneInput)
