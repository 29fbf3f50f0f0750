import FuzzDriver

// libFuzzer target for the image path (SECURITY.md, `make fuzz`): see `ImageFuzzCase`.
FuzzDriver.run("fuzz-images") { data, size in
    ImageFuzzCase(UnsafeRawBufferPointer(start: data, count: size)).run()
    return 0
}
