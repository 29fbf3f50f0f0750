#include "CVectorScan.h"
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

/* Keiser and Lemire's "lookup" algorithm ("Validating UTF-8 in less than one instruction per
   byte", 2021), as simdjson and simdutf use it. Each byte is classified with the byte before it
   by three table lookups (the high and low half of the byte before, the high half of this one);
   an error bit survives the AND of the three only where the pair is malformed. Third and fourth
   bytes of a sequence are checked by whether the byte two or three back is a lead that needs
   them. Every block is checked in full, without a branch on its content: text in feeds mixes
   ASCII with other characters every few dozen bytes, and a branch per block mispredicted. */

enum {
    TOO_SHORT = 1 << 0,      /* a lead followed by ASCII or another lead */
    TOO_LONG = 1 << 1,       /* ASCII followed by a continuation byte */
    OVERLONG_3 = 1 << 2,     /* E0 80..9F */
    TOO_LARGE = 1 << 3,      /* F4 90..BF, F5..FF */
    SURROGATE = 1 << 4,      /* ED A0..BF */
    OVERLONG_2 = 1 << 5,     /* C0, C1 */
    TOO_LARGE_1000 = 1 << 6, /* F5..FF 80..8F */
    OVERLONG_4 = 1 << 6,     /* F0 80..8F */
    TWO_CONTS = 1 << 7,      /* a continuation byte after another: fine only where a lead needs it */
    CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS
};

#define BYTE_1_HIGH \
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, \
    TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS, \
    TOO_SHORT | OVERLONG_2, TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE, \
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4
#define BYTE_1_LOW \
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY, \
    CARRY | TOO_LARGE, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, \
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, \
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, \
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, \
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000, \
    CARRY | TOO_LARGE | TOO_LARGE_1000
#define BYTE_2_HIGH \
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, \
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4, \
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE, \
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, \
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, \
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT
static const unsigned char byte1HighTable[16] = {BYTE_1_HIGH};
static const unsigned char byte1LowTable[16] = {BYTE_1_LOW};
static const unsigned char byte2HighTable[16] = {BYTE_2_HIGH};
/* For the last block of a document, read from its end (the last 16 or 32 bytes): a lead in the
   last three bytes that needs more bytes than remain (F0.. in the third last, E0.. in the second
   last, C0.. in the last) is above its entry. */
static const unsigned char incompleteTable[32] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1};

static int verdict(int valid, int nonASCII, int pairs) {
    if (!valid) return 0;
    return 1 | (nonASCII ? TIDINGS_UTF8_NOT_ASCII : 0) | (pairs ? TIDINGS_UTF8_MOJIBAKE_PAIR : 0);
}

__attribute__((target("ssse3")))
static int check16(const unsigned char *bytes, long count) {
    const __m128i byte1High = _mm_loadu_si128((const __m128i *)byte1HighTable);
    const __m128i byte1Low = _mm_loadu_si128((const __m128i *)byte1LowTable);
    const __m128i byte2High = _mm_loadu_si128((const __m128i *)byte2HighTable);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i previous = _mm_setzero_si128(), error = _mm_setzero_si128();
    __m128i any = _mm_setzero_si128(), pairs = _mm_setzero_si128();
    for (long index = 0; index < count; index += 16) {
        __m128i input;
        if (index + 16 <= count) {
            input = _mm_loadu_si128((const __m128i *)(bytes + index));
        } else {
            /* The tail, padded with zeros: a sequence cut off by the end meets ASCII. */
            unsigned char last[16] = {0};
            memcpy(last, bytes + index, (size_t)(count - index));
            input = _mm_loadu_si128((const __m128i *)last);
        }
        __m128i prev1 = _mm_alignr_epi8(input, previous, 15);
        __m128i prev2 = _mm_alignr_epi8(input, previous, 14);
        __m128i prev3 = _mm_alignr_epi8(input, previous, 13);
        __m128i special = _mm_and_si128(
            _mm_and_si128(_mm_shuffle_epi8(byte1High, _mm_and_si128(_mm_srli_epi16(prev1, 4), nibble)),
                          _mm_shuffle_epi8(byte1Low, _mm_and_si128(prev1, nibble))),
            _mm_shuffle_epi8(byte2High, _mm_and_si128(_mm_srli_epi16(input, 4), nibble)));
        __m128i third = _mm_subs_epu8(prev2, _mm_set1_epi8((char)(0xE0 - 0x80)));
        __m128i fourth = _mm_subs_epu8(prev3, _mm_set1_epi8((char)(0xF0 - 0x80)));
        __m128i needed = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8((char)0x80));
        error = _mm_or_si128(error, _mm_xor_si128(needed, special));
        any = _mm_or_si128(any, input);
        /* MojibakeRepair's first clue: C3, then 82..B4, then a byte >= C2. */
        __m128i isC3 = _mm_cmpeq_epi8(prev2, _mm_set1_epi8((char)0xC3));
        __m128i inRange = _mm_cmpeq_epi8(
            _mm_subs_epu8(_mm_sub_epi8(prev1, _mm_set1_epi8((char)0x82)), _mm_set1_epi8(0xB4 - 0x82)), _mm_setzero_si128());
        __m128i atLeastC2 = _mm_cmpeq_epi8(_mm_max_epu8(input, _mm_set1_epi8((char)0xC2)), input);
        pairs = _mm_or_si128(pairs, _mm_and_si128(_mm_and_si128(isC3, inRange), atLeastC2));
        previous = input;
    }
    error = _mm_or_si128(error, _mm_subs_epu8(previous, _mm_loadu_si128((const __m128i *)(incompleteTable + 16))));
    return verdict(_mm_movemask_epi8(_mm_cmpeq_epi8(error, _mm_setzero_si128())) == 0xFFFF,
                   _mm_movemask_epi8(any), _mm_movemask_epi8(pairs));
}

/* The same, 32 bytes a step. A byte's predecessors can be in the other 128-bit lane, which
   `alignr` does not cross: it is given the block's lanes shifted by one lane instead. */
__attribute__((target("avx2")))
static int check32(const unsigned char *bytes, long count) {
    const __m256i byte1High = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)byte1HighTable));
    const __m256i byte1Low = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)byte1LowTable));
    const __m256i byte2High = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)byte2HighTable));
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i previous = _mm256_setzero_si256(), error = _mm256_setzero_si256();
    __m256i any = _mm256_setzero_si256(), pairs = _mm256_setzero_si256();
    for (long index = 0; index < count; index += 32) {
        __m256i input;
        if (index + 32 <= count) {
            input = _mm256_loadu_si256((const __m256i *)(bytes + index));
        } else {
            unsigned char last[32] = {0};
            memcpy(last, bytes + index, (size_t)(count - index));
            input = _mm256_loadu_si256((const __m256i *)last);
        }
        __m256i shifted = _mm256_permute2x128_si256(previous, input, 0x21);
        __m256i prev1 = _mm256_alignr_epi8(input, shifted, 15);
        __m256i prev2 = _mm256_alignr_epi8(input, shifted, 14);
        __m256i prev3 = _mm256_alignr_epi8(input, shifted, 13);
        __m256i special = _mm256_and_si256(
            _mm256_and_si256(_mm256_shuffle_epi8(byte1High, _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble)),
                             _mm256_shuffle_epi8(byte1Low, _mm256_and_si256(prev1, nibble))),
            _mm256_shuffle_epi8(byte2High, _mm256_and_si256(_mm256_srli_epi16(input, 4), nibble)));
        __m256i third = _mm256_subs_epu8(prev2, _mm256_set1_epi8((char)(0xE0 - 0x80)));
        __m256i fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8((char)(0xF0 - 0x80)));
        __m256i needed = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
        error = _mm256_or_si256(error, _mm256_xor_si256(needed, special));
        any = _mm256_or_si256(any, input);
        __m256i isC3 = _mm256_cmpeq_epi8(prev2, _mm256_set1_epi8((char)0xC3));
        __m256i inRange = _mm256_cmpeq_epi8(
            _mm256_subs_epu8(_mm256_sub_epi8(prev1, _mm256_set1_epi8((char)0x82)), _mm256_set1_epi8(0xB4 - 0x82)),
            _mm256_setzero_si256());
        __m256i atLeastC2 = _mm256_cmpeq_epi8(_mm256_max_epu8(input, _mm256_set1_epi8((char)0xC2)), input);
        pairs = _mm256_or_si256(pairs, _mm256_and_si256(_mm256_and_si256(isC3, inRange), atLeastC2));
        previous = input;
    }
    /* Only the upper lane holds the last bytes. */
    __m256i incomplete = _mm256_subs_epu8(previous, _mm256_loadu_si256((const __m256i *)incompleteTable));
    error = _mm256_or_si256(error, incomplete);
    return verdict(_mm256_testz_si256(error, error), _mm256_movemask_epi8(any) != 0, _mm256_movemask_epi8(pairs) != 0);
}

/* The same, 64 bytes a step (AVX-512 BW). The block shifted by one lane comes from `valignq`,
   and the last block is read with a masked load, zeros past the end, instead of a copy. */
__attribute__((target("avx512f,avx512bw,bmi2")))
static int check64(const unsigned char *bytes, long count) {
    const __m512i byte1High = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)byte1HighTable));
    const __m512i byte1Low = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)byte1LowTable));
    const __m512i byte2High = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)byte2HighTable));
    const __m512i nibble = _mm512_set1_epi8(0x0F);
    __m512i previous = _mm512_setzero_si512(), error = _mm512_setzero_si512(), any = _mm512_setzero_si512();
    __mmask64 pairs = 0;
    for (long index = 0; index < count; index += 64) {
        __m512i input = index + 64 <= count
            ? _mm512_loadu_si512((const void *)(bytes + index))
            : _mm512_maskz_loadu_epi8(_bzhi_u64(~0ULL, (unsigned)(count - index)), bytes + index);
        __m512i shifted = _mm512_alignr_epi64(input, previous, 6);
        __m512i prev1 = _mm512_alignr_epi8(input, shifted, 15);
        __m512i prev2 = _mm512_alignr_epi8(input, shifted, 14);
        __m512i prev3 = _mm512_alignr_epi8(input, shifted, 13);
        __m512i special = _mm512_and_si512(
            _mm512_and_si512(_mm512_shuffle_epi8(byte1High, _mm512_and_si512(_mm512_srli_epi16(prev1, 4), nibble)),
                             _mm512_shuffle_epi8(byte1Low, _mm512_and_si512(prev1, nibble))),
            _mm512_shuffle_epi8(byte2High, _mm512_and_si512(_mm512_srli_epi16(input, 4), nibble)));
        __m512i third = _mm512_subs_epu8(prev2, _mm512_set1_epi8((char)(0xE0 - 0x80)));
        __m512i fourth = _mm512_subs_epu8(prev3, _mm512_set1_epi8((char)(0xF0 - 0x80)));
        __m512i needed = _mm512_and_si512(_mm512_or_si512(third, fourth), _mm512_set1_epi8((char)0x80));
        error = _mm512_or_si512(error, _mm512_xor_si512(needed, special));
        any = _mm512_or_si512(any, input);
        __mmask64 isC3 = _mm512_cmpeq_epi8_mask(prev2, _mm512_set1_epi8((char)0xC3));
        __mmask64 inRange = _mm512_cmple_epu8_mask(_mm512_sub_epi8(prev1, _mm512_set1_epi8((char)0x82)), _mm512_set1_epi8(0xB4 - 0x82));
        __mmask64 atLeastC2 = _mm512_cmpge_epu8_mask(input, _mm512_set1_epi8((char)0xC2));
        pairs |= isC3 & inRange & atLeastC2;
        previous = input;
    }
    /* Only the last lane holds the last bytes. */
    __m512i incomplete = _mm512_subs_epu8(previous, _mm512_inserti64x4(_mm512_set1_epi8(-1),
        _mm256_loadu_si256((const __m256i *)incompleteTable), 1));
    error = _mm512_or_si512(error, incomplete);
    return verdict(_mm512_test_epi8_mask(error, error) == 0, _mm512_movepi8_mask(any) != 0, pairs != 0);
}

int tidings_utf8_check_using(int vectorBytes, const unsigned char *bytes, long count) {
    if (vectorBytes == 64 && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("bmi2")) return check64(bytes, count);
    if (vectorBytes == 32 && __builtin_cpu_supports("avx2")) return check32(bytes, count);
    if (vectorBytes == 16 && __builtin_cpu_supports("ssse3")) return check16(bytes, count);
    return -1;
}

#else

int tidings_utf8_check_using(int vectorBytes, const unsigned char *bytes, long count) {
    (void)vectorBytes;
    (void)bytes;
    (void)count;
    return -1;
}

#endif

int tidings_utf8_check(const unsigned char *bytes, long count) {
    for (int vectorBytes = 64; vectorBytes >= 16; vectorBytes /= 2) {
        int verdict = tidings_utf8_check_using(vectorBytes, bytes, count);
        if (verdict >= 0) return verdict;
    }
    return -1;
}
