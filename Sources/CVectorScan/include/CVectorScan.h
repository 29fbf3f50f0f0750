#ifndef TIDINGS_CVECTORSCAN_H
#define TIDINGS_CVECTORSCAN_H
/* Scans over every byte of a feed. Each has one portable kernel that reads a byte at a time (the
   general path, which every other must agree with) and one kernel written once over a vector
   width, built for AVX2 (32 bytes) and AVX-512 BW (64 bytes) on x86-64. The functions without
   `_using` run the widest kernel the processor has, chosen once at start-up. */

/* The kernels, by the bytes they read a step. */
enum {
    TIDINGS_SCAN_SCALAR = 0,
    TIDINGS_SCAN_AVX2 = 32,
    TIDINGS_SCAN_AVX512 = 64
};

/* The kernel the functions without `_using` run on this processor. */
int tidings_scan_kernel(void);

/* 1 when this processor can run `kernel` (the scalar one always), else 0. */
int tidings_scan_kernel_available(int kernel);

/* Bits of a verdict on well-formed UTF-8, besides bit 0 (always set then). */
enum {
    /* Some byte is 0x80 or above. */
    TIDINGS_UTF8_NOT_ASCII = 1 << 1,
    /* Somewhere C3, then 82..B4, then a byte of C2 or above: what MojibakeRepair looks for first. */
    TIDINGS_UTF8_MOJIBAKE_PAIR = 1 << 2
};

/* 0 when `bytes` are not well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates
   or code points above U+10FFFF); otherwise 1 with the bits above. Feed text mixes ASCII with
   other characters every few dozen bytes, where a validator that goes a sequence at a time
   mispredicts a branch per character. */
int tidings_utf8_check(const unsigned char *bytes, long count);

/* 1 when a byte is a control character other than tab, line feed and carriage return (below
   0x20), else 0. */
int tidings_has_forbidden_control(const unsigned char *bytes, long count);

/* Marks the bytes the HTML sanitiser must look at — below 0x20 except tab, line feed and
   carriage return, `<`, `&`, `>` and DEL — with bit `i % 64` of `masks[i / 64]` for byte `i`;
   `masks` holds `(count + 63) / 64` words, and the bits past `count` are 0. Text between two
   such bytes averages a few dozen bytes in feed HTML: a loop that looks for the next one
   mispredicts its exit at every one of them, a bit scan does not. */
void tidings_html_attention(const unsigned char *bytes, long count, unsigned long long *masks);

/* The same with a given kernel (`TIDINGS_SCAN_…`), for the tests and the parser's general path;
   -1, and nothing written, when the processor cannot run it. */
int tidings_utf8_check_using(int kernel, const unsigned char *bytes, long count);
int tidings_has_forbidden_control_using(int kernel, const unsigned char *bytes, long count);
int tidings_html_attention_using(int kernel, const unsigned char *bytes, long count, unsigned long long *masks);

#endif
