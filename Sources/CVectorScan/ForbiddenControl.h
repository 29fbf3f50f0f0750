#ifndef TIDINGS_FORBIDDEN_CONTROL_H
#define TIDINGS_FORBIDDEN_CONTROL_H
/* The control characters XML forbids and HTML text drops: below 0x20, other than tab, line feed
   and carriage return. Shared by the control-byte scan and the sanitiser's stops. */

static inline int isForbiddenControl(unsigned char byte) {
    return byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D;
}

#if defined(__x86_64__)
#include <immintrin.h>

/* A byte below 0x20 is one that the unsigned minimum with 0x1F leaves as it is; tab, line feed
   and carriage return are taken out of those. All bits of a byte are set where it is one. */

/* SSE2 is part of x86-64: no check of the processor needed. */
static inline __m128i forbiddenControls16(__m128i v) {
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    __m128i spacing = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x09)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0A))),
                                   _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0D)));
    return _mm_andnot_si128(spacing, control);
}

__attribute__((target("avx2")))
static inline __m256i forbiddenControls32(__m256i v) {
    __m256i control = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(0x1F)), v);
    __m256i spacing = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x09)), _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0A))),
        _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x0D)));
    return _mm256_andnot_si256(spacing, control);
}

#endif
#endif
