#include "CVectorScan.h"
#include "ScalarKernels.h"
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

/* The UTF-8 check's tables (VectorKernels.h): error bits that the byte before (its high and low
   half) and this byte (its high half) allow; one survives the AND of the three where the pair
   is malformed. */
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

static const unsigned char byte1HighTable[16] = {
    TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
    TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
    TOO_SHORT | OVERLONG_2, TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4};
static const unsigned char byte1LowTable[16] = {
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY,
    CARRY | TOO_LARGE, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000};
static const unsigned char byte2HighTable[16] = {
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT};

#define SEQUENCE8(start) (start), (start) + 1, (start) + 2, (start) + 3, (start) + 4, (start) + 5, (start) + 6, (start) + 7
#define SEQUENCE16(start) SEQUENCE8(start), SEQUENCE8((start) + 8)
#define SEQUENCE32(start) SEQUENCE16(start), SEQUENCE16((start) + 16)
#define SEQUENCE64(start) SEQUENCE32(start), SEQUENCE32((start) + 32)

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define WIDTH 32
#define SEQUENCE SEQUENCE32
#define LOOKUP(table, index) ((Bytes32)_mm256_shuffle_epi8((__m256i)(table), (__m256i)(index)))
#include "VectorKernels.h"
#undef LOOKUP
#undef SEQUENCE
#undef WIDTH
#pragma clang attribute pop

#pragma clang attribute push(__attribute__((target("avx512f,avx512bw"))), apply_to = function)
#define WIDTH 64
#define SEQUENCE SEQUENCE64
#define LOOKUP(table, index) ((Bytes64)_mm512_shuffle_epi8((__m512i)(table), (__m512i)(index)))
#include "VectorKernels.h"
#undef LOOKUP
#undef SEQUENCE
#undef WIDTH
#pragma clang attribute pop

int tidings_scan_kernel_available(int kernel) {
    __builtin_cpu_init();
    switch (kernel) {
    case TIDINGS_SCAN_SCALAR: return 1;
    case TIDINGS_SCAN_AVX2: return __builtin_cpu_supports("avx2");
    case TIDINGS_SCAN_AVX512: return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    default: return 0;
    }
}

#else

int tidings_scan_kernel_available(int kernel) { return kernel == TIDINGS_SCAN_SCALAR; }

#endif

typedef int (*UTF8Check)(const unsigned char *, long);
typedef int (*ControlCheck)(const unsigned char *, long);
typedef void (*Attention)(const unsigned char *, long, unsigned long long *);

struct Kernels {
    UTF8Check utf8Check;
    ControlCheck hasForbiddenControl;
    Attention htmlAttention;
};

/* The kernels of each width; NULL members where the build has none. */
static struct Kernels kernels(int kernel) {
    switch (kernel) {
#if defined(__x86_64__)
    case TIDINGS_SCAN_AVX2: return (struct Kernels){utf8Check32, hasForbiddenControl32, htmlAttention32};
    case TIDINGS_SCAN_AVX512: return (struct Kernels){utf8Check64, hasForbiddenControl64, htmlAttention64};
#endif
    case TIDINGS_SCAN_SCALAR:
        return (struct Kernels){tidings_utf8_check_scalar, tidings_has_forbidden_control_scalar, tidings_html_attention_scalar};
    default: return (struct Kernels){0, 0, 0};
    }
}

/* Chosen once, before `main`, and only read afterwards: the scalar kernels until then. */
static int chosenKernel = TIDINGS_SCAN_SCALAR;
static struct Kernels chosen = {tidings_utf8_check_scalar, tidings_has_forbidden_control_scalar, tidings_html_attention_scalar};

__attribute__((constructor)) static void chooseKernels(void) {
    const int widestFirst[] = {TIDINGS_SCAN_AVX512, TIDINGS_SCAN_AVX2};
    for (unsigned index = 0; index < sizeof widestFirst / sizeof widestFirst[0]; index++) {
        int kernel = widestFirst[index];
        if (tidings_scan_kernel_available(kernel) && kernels(kernel).utf8Check) {
            chosenKernel = kernel;
            chosen = kernels(kernel);
            return;
        }
    }
}

int tidings_scan_kernel(void) { return chosenKernel; }

int tidings_utf8_check(const unsigned char *bytes, long count) { return chosen.utf8Check(bytes, count); }

int tidings_has_forbidden_control(const unsigned char *bytes, long count) { return chosen.hasForbiddenControl(bytes, count); }

void tidings_html_attention(const unsigned char *bytes, long count, unsigned long long *masks) {
    chosen.htmlAttention(bytes, count, masks);
}

int tidings_utf8_check_using(int kernel, const unsigned char *bytes, long count) {
    if (!tidings_scan_kernel_available(kernel) || !kernels(kernel).utf8Check) return -1;
    return kernels(kernel).utf8Check(bytes, count);
}

int tidings_has_forbidden_control_using(int kernel, const unsigned char *bytes, long count) {
    if (!tidings_scan_kernel_available(kernel) || !kernels(kernel).hasForbiddenControl) return -1;
    return kernels(kernel).hasForbiddenControl(bytes, count);
}

int tidings_html_attention_using(int kernel, const unsigned char *bytes, long count, unsigned long long *masks) {
    if (!tidings_scan_kernel_available(kernel) || !kernels(kernel).htmlAttention) return -1;
    kernels(kernel).htmlAttention(bytes, count, masks);
    return 1;
}
