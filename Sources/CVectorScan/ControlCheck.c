#include "CVectorScan.h"

#if defined(__x86_64__)
#include <immintrin.h>

/* A byte below 0x20 is one that the unsigned minimum with 0x1F leaves as it is. Tab, line feed
   and carriage return, allowed in XML, are taken out of those. The bytes after the last whole
   block are read one at a time. */

static int forbidden(unsigned char byte) {
    return byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D;
}

static int scanRest(const unsigned char *bytes, long index, long count) {
    for (; index < count; index++) {
        if (forbidden(bytes[index])) return 1;
    }
    return 0;
}

/* SSE2 is part of x86-64: no check of the processor needed. */
static int check16(const unsigned char *bytes, long count) {
    const __m128i below = _mm_set1_epi8(0x1F);
    const __m128i tab = _mm_set1_epi8(0x09), lineFeed = _mm_set1_epi8(0x0A), carriageReturn = _mm_set1_epi8(0x0D);
    long index = 0;
    for (; index + 16 <= count; index += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, below), v);
        __m128i allowed = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, lineFeed)),
                                       _mm_cmpeq_epi8(v, carriageReturn));
        if (_mm_movemask_epi8(_mm_andnot_si128(allowed, control)) != 0) return 1;
    }
    return scanRest(bytes, index, count);
}

__attribute__((target("avx2")))
static int check32(const unsigned char *bytes, long count) {
    const __m256i below = _mm256_set1_epi8(0x1F);
    const __m256i tab = _mm256_set1_epi8(0x09), lineFeed = _mm256_set1_epi8(0x0A), carriageReturn = _mm256_set1_epi8(0x0D);
    long index = 0;
    for (; index + 32 <= count; index += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(bytes + index));
        __m256i control = _mm256_cmpeq_epi8(_mm256_min_epu8(v, below), v);
        __m256i allowed = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, tab), _mm256_cmpeq_epi8(v, lineFeed)),
                                          _mm256_cmpeq_epi8(v, carriageReturn));
        if (!_mm256_testc_si256(allowed, control)) return 1;
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
