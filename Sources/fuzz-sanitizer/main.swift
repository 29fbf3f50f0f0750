import FuzzDriver

// `fuzz-sanitizer`: throws libFuzzer's inputs at the HTML sanitiser (see SanitizerFuzzCase and FuzzDriver).

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    SanitizerFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}

FuzzDriver.run("fuzz-sanitizer", testOneInput)
