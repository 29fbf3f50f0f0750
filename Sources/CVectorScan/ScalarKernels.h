#ifndef TIDINGS_SCALAR_KERNELS_H
#define TIDINGS_SCALAR_KERNELS_H
/* The portable kernels: a byte at a time, plainly, so that they can be read against the
   definitions in CVectorScan.h. They are the general path the vector kernels are held to. */

int tidings_utf8_check_scalar(const unsigned char *bytes, long count);
int tidings_has_forbidden_control_scalar(const unsigned char *bytes, long count);
void tidings_html_attention_scalar(const unsigned char *bytes, long count, unsigned long long *masks);

/* The verdict of a UTF-8 check (CVectorScan.h). */
static inline int tidings_utf8_verdict(int valid, int notASCII, int mojibakePair) {
    if (!valid) return 0;
    return 1 | (notASCII ? TIDINGS_UTF8_NOT_ASCII : 0) | (mojibakePair ? TIDINGS_UTF8_MOJIBAKE_PAIR : 0);
}

#endif
