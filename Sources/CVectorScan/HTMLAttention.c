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

/* With AVX-512 BW, a block is one vector, and its word of bits is one comparison's mask. Each
   byte is classified by two table lookups, one for each half of the byte, whose AND is nonzero
   only for a stop (as simdjson finds JSON's structural characters): bit 0 for 0x00..0x0F but
   tab, line feed and carriage return, bit 1 for 0x10..0x1F, bit 2 for `&`, bit 3 for `<` and
   `>`, bit 4 for DEL. Bytes from 0x80 find 0 in both tables. The rest of the input is read
   with a masked load; the zeros past its end are not marked. */
__attribute__((target("avx512f,avx512bw")))
static void mark64(const unsigned char *bytes, long count, unsigned long long *masks) {
    const __m512i highTable = _mm512_broadcast_i32x4(_mm_setr_epi8(0x01, 0x02, 0x04, 0x08, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0));
    const __m512i lowTable = _mm512_broadcast_i32x4(
        _mm_setr_epi8(0x03, 0x03, 0x03, 0x03, 0x03, 0x03, 0x07, 0x03, 0x03, 0x02, 0x02, 0x03, 0x0B, 0x02, 0x0B, 0x13));
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    for (long index = 0; index < count; index += 64) {
        long rest = count - index;
        __m512i v = rest >= 64 ? _mm512_loadu_si512((const void *)(bytes + index))
                               : _mm512_maskz_loadu_epi8((__mmask64)((1ULL << rest) - 1), bytes + index);
        /* `vpshufb` reads the low four bits of each byte, and gives 0 where the top bit is set. */
        __m512i high = _mm512_shuffle_epi8(highTable, _mm512_and_si512(_mm512_srli_epi16(v, 4), nibble));
        __m512i low = _mm512_shuffle_epi8(lowTable, v);
        unsigned long long mask = _mm512_test_epi8_mask(high, low);
        masks[index / 64] = rest >= 64 ? mask : mask & ((1ULL << rest) - 1);
    }
}

int tidings_html_attention_using(int vectorBytes, const unsigned char *bytes, long count, unsigned long long *masks) {
    if (vectorBytes == 64 && __builtin_cpu_supports("avx512bw")) {
        mark64(bytes, count, masks);
        return 1;
    }
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
    if (tidings_html_attention_using(64, bytes, count, masks) < 0 && tidings_html_attention_using(32, bytes, count, masks) < 0
        && tidings_html_attention_using(16, bytes, count, masks) < 0) {
        markByScalars(bytes, count, masks);
    }
}
