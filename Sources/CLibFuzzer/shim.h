#ifndef TIDINGS_CLIBFUZZER_SHIM_H
#define TIDINGS_CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, linked in by `-sanitize=fuzzer` (compiler-rt's libclang_rt.fuzzer).
// SwiftPM links every executable with its own `main` (renamed to `<module>_main` and aliased), so
// libFuzzer's `main` is never used: the fuzz targets call this from their `main.swift` instead.
// Only declared here; a build without the fuzzer never calls it (see TIDINGS_FUZZ in SECURITY.md).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
