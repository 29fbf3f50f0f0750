#include "CVectorScan.h"
#include "ScalarKernels.h"

static int isForbiddenControl(unsigned char byte) {
    return byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D;
}

int tidings_utf8_check_scalar(const unsigned char *bytes, long count) {
    int notASCII = 0, mojibakePair = 0;
    long index = 0;
    while (index < count) {
        unsigned char lead = bytes[index];
        if (lead < 0x80) {
            index++;
            continue;
        }
        notASCII = 1;
        /* Table 3-7: the second byte's range depends on the lead; later ones are 80..BF. */
        long length;
        unsigned char lowest = 0x80, highest = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) length = 2;
        else if (lead == 0xE0) length = 3, lowest = 0xA0;
        else if (lead == 0xED) length = 3, highest = 0x9F;
        else if (lead >= 0xE1 && lead <= 0xEF) length = 3;
        else if (lead == 0xF0) length = 4, lowest = 0x90;
        else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
        else if (lead == 0xF4) length = 4, highest = 0x8F;
        else return 0;
        if (count - index < length || bytes[index + 1] < lowest || bytes[index + 1] > highest) return 0;
        for (long next = 2; next < length; next++) {
            if ((bytes[index + next] & 0xC0) != 0x80) return 0;
        }
        /* In well-formed UTF-8 every C3 is a lead byte: this sees each pair. */
        if (lead == 0xC3 && bytes[index + 1] >= 0x82 && bytes[index + 1] <= 0xB4 && index + 2 < count
            && bytes[index + 2] >= 0xC2) {
            mojibakePair = 1;
        }
        index += length;
    }
    return tidings_utf8_verdict(1, notASCII, mojibakePair);
}

int tidings_has_forbidden_control_scalar(const unsigned char *bytes, long count) {
    for (long index = 0; index < count; index++) {
        if (isForbiddenControl(bytes[index])) return 1;
    }
    return 0;
}

void tidings_html_attention_scalar(const unsigned char *bytes, long count, unsigned long long *masks) {
    for (long word = 0; word * 64 < count; word++) masks[word] = 0;
    for (long index = 0; index < count; index++) {
        unsigned char byte = bytes[index];
        if (isForbiddenControl(byte) || byte == '<' || byte == '&' || byte == '>' || byte == 0x7F) {
            masks[index / 64] |= 1ULL << (index % 64);
        }
    }
}
