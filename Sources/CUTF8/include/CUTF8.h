#ifndef TIDINGS_CUTF8_H
#define TIDINGS_CUTF8_H
/* UTF-8 validation with the processor's vector instructions (see UTF8Check.c): a field of feed
   text mixes ASCII and other characters every few dozen bytes, where a validator that goes a
   sequence at a time mispredicts a branch per character. */

/* Bits of a verdict on well-formed UTF-8, besides bit 0 (always set then). */
enum {
    /* Some byte is 0x80 or above. */
    TIDINGS_UTF8_NOT_ASCII = 1 << 1,
    /* Somewhere C3, then 82..B4, then a byte of C2 or above: what MojibakeRepair looks for first. */
    TIDINGS_UTF8_MOJIBAKE_PAIR = 1 << 2
};

/* 0 when `bytes` are not well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates
   or code points above U+10FFFF); otherwise 1 with the bits above. -1 when this processor has no
   vector instructions for it (the caller validates another way). */
int tidings_utf8_check(const unsigned char *bytes, long count);

/* The same with vectors of 16 or 32 bytes only (for tests: both must agree). */
int tidings_utf8_check_using(int vectorBytes, const unsigned char *bytes, long count);

#endif
