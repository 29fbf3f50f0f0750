#include "CVectorScan.h"
#include "ForbiddenControl.h"

#if defined(__x86_64__)

/* The bytes after the last whole block are read one at a time. */
static int scanRest(const unsigned char *bytes, long index, long count) {
    for (; index < count; index++) {
        if (isForbiddenControl(bytes[index])) return 1;
    }
    return 0;
}

static int check16(const unsigned char *bytes, long count) {
    long index = 0;
    for (; index + 16 <= count; index += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + index));
        if (_mm_movemask_epi8(forbiddenControls16(v)) != 0) return 1;
    }
    return scanRest(bytes, index, count);
}

__attribute__((target("avx2")))
static int check32(const unsigned char *bytes, long count) {
    long index = 0;
    for (; index + 32 <= count; index += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(bytes + index));
        __m256i found = forbiddenControls32(v);
        if (!_mm256_testz_si256(found, found)) return 1;
    }
    return scanRest(bytes, index, count);
}

int tidings_has_forbidden_control_using(int vectorBytes, const unsigned char *bytes, long count) {
    if (vectorBytes == 32 && __builtin_cpu_supports("avx2")) return check32(bytes, count);
    if (vectorBytes == 16) return check16(bytes, count);
    return -1;
}

#else

int tidings_has_forbidden_control_using(int vectorBytes, const unsigned char *bytes, long count) {
    (void)vectorBytes;
    (void)bytes;
    (void)count;
    return -1;
}

#endif

int tidings_has_forbidden_control(const unsigned char *bytes, long count) {
    int found = tidings_has_forbidden_control_using(32, bytes, count);
    return found >= 0 ? found : tidings_has_forbidden_control_using(16, bytes, count);
}
