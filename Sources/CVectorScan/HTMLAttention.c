#include "CVectorScan.h"
#include "ForbiddenControl.h"

/* The bytes the HTML sanitiser stops at (see CVectorScan.h), one bit each. A block of 64 bytes
   gives one word of bits; the bytes after the last whole block are read one at a time. */

static int needsAttention(unsigned char byte) {
    return isForbiddenControl(byte) || byte == '<' || byte == '&' || byte == '>' || byte == 0x7F;
}

static void markRest(const unsigned char *bytes, long index, long count, unsigned long long *masks) {
    if (index >= count) return;
    unsigned long long mask = 0;
    for (long offset = 0; index + offset < count; offset++) {
        if (needsAttention(bytes[index + offset])) mask |= 1ULL << offset;
    }
    masks[index / 64] = mask;
}

static void markByScalars(const unsigned char *bytes, long count, unsigned long long *masks) {
    for (long index = 0; index < count; index += 64) markRest(bytes, index, index + 64 < count ? index + 64 : count, masks);
}

#if defined(__x86_64__)

static void mark16(const unsigned char *bytes, long count, unsigned long long *masks) {
    const __m128i less = _mm_set1_epi8('<'), ampersand = _mm_set1_epi8('&');
    const __m128i greater = _mm_set1_epi8('>'), delete = _mm_set1_epi8(0x7F);
    long index = 0;
    for (; index + 64 <= count; index += 64) {
        unsigned long long mask = 0;
        for (int part = 0; part < 4; part++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(bytes + index + 16 * part));
            __m128i hit = _mm_or_si128(forbiddenControls16(v),
                                       _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, less), _mm_cmpeq_epi8(v, ampersand)),
                                                    _mm_or_si128(_mm_cmpeq_epi8(v, greater), _mm_cmpeq_epi8(v, delete))));
            mask |= (unsigned long long)(unsigned)_mm_movemask_epi8(hit) << (16 * part);
        }
        masks[index / 64] = mask;
    }
    markRest(bytes, index, count, masks);
}

__attribute__((target("avx2")))
static void mark32(const unsigned char *bytes, long count, unsigned long long *masks) {
    const __m256i less = _mm256_set1_epi8('<'), ampersand = _mm256_set1_epi8('&');
    const __m256i greater = _mm256_set1_epi8('>'), delete = _mm256_set1_epi8(0x7F);
    long index = 0;
    for (; index + 64 <= count; index += 64) {
        unsigned long long mask = 0;
        for (int part = 0; part < 2; part++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(bytes + index + 32 * part));
            __m256i hit = _mm256_or_si256(
                forbiddenControls32(v),
                _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, less), _mm256_cmpeq_epi8(v, ampersand)),
                                _mm256_or_si256(_mm256_cmpeq_epi8(v, greater), _mm256_cmpeq_epi8(v, delete))));
            mask |= (unsigned long long)(unsigned)_mm256_movemask_epi8(hit) << (32 * part);
        }
        masks[index / 64] = mask;
    }
    markRest(bytes, index, count, masks);
}

int tidings_html_attention_using(int vectorBytes, const unsigned char *bytes, long count, unsigned long long *masks) {
    if (vectorBytes == 32 && __builtin_cpu_supports("avx2")) {
        mark32(bytes, count, masks);
        return 1;
    }
    if (vectorBytes == 16) {
        mark16(bytes, count, masks);
        return 1;
    }
    if (vectorBytes == 0) {
        markByScalars(bytes, count, masks);
        return 1;
    }
    return -1;
}

#else

int tidings_html_attention_using(int vectorBytes, const unsigned char *bytes, long count, unsigned long long *masks) {
    if (vectorBytes != 0) return -1;
    markByScalars(bytes, count, masks);
    return 1;
}

#endif

void tidings_html_attention(const unsigned char *bytes, long count, unsigned long long *masks) {
    if (tidings_html_attention_using(32, bytes, count, masks) < 0 && tidings_html_attention_using(16, bytes, count, masks) < 0) {
        markByScalars(bytes, count, masks);
    }
}
