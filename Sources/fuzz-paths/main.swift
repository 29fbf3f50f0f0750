import FuzzDriver

// `fuzz-paths`: reads libFuzzer's inputs on the fast and the general paths and traps on any
// difference (see PathsFuzzCase and FuzzDriver).

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    PathsFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}

FuzzDriver.run("fuzz-paths", testOneInput)
