#ifndef TIDINGS_CVECTORSCAN_H
#define TIDINGS_CVECTORSCAN_H
/* Scans over every byte of a feed, with the processor's vector instructions (AVX-512 BW, else
   AVX2, else SSSE3 or SSE2 on x86-64). Each answers -1 where the processor has none of them,
   and the caller scans another way. */

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

/* The same with vectors of 16, 32 or 64 bytes only (for tests: all must agree). */
int tidings_utf8_check_using(int vectorBytes, const unsigned char *bytes, long count);

/* 1 when a byte is a control character other than tab, line feed and carriage return (below
   0x20), else 0. */
int tidings_has_forbidden_control(const unsigned char *bytes, long count);

/* The same with vectors of 16 or 32 bytes only. */
int tidings_has_forbidden_control_using(int vectorBytes, const unsigned char *bytes, long count);

/* Marks the bytes the HTML sanitiser must look at — below 0x20 except tab, line feed and
   carriage return, `<`, `&`, `>` and DEL — with
   bit `i % 64` of `masks[i / 64]` for byte `i`; `masks` holds `(count + 63) / 64` words, and the
   bits past `count` are 0. Text between two such bytes averages a few dozen bytes in feed
   HTML: a loop that looks for the next one mispredicts its exit at every one of them, a bit
   scan does not. */
void tidings_html_attention(const unsigned char *bytes, long count, unsigned long long *masks);

/* The same with vectors of 16, 32 or 64 bytes only, or 0 for a byte at a time (for tests: all
   must agree); -1, and nothing written, when the processor lacks the vectors. */
int tidings_html_attention_using(int vectorBytes, const unsigned char *bytes, long count, unsigned long long *masks);

#endif
