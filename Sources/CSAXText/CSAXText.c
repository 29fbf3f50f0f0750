#include "CSAXText.h"
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>

/* Copies `count` bytes (`width` <= count <= 2 * width) as two moves of `width` bytes that overlap
   in the middle. */
static inline __attribute__((always_inline)) void copy_ends(unsigned char *to, const unsigned char *from,
                                                            long count, long width) {
    unsigned char head[32], tail[32];
    memcpy(head, from, (size_t)width);
    memcpy(tail, from + count - width, (size_t)width);
    memcpy(to, head, (size_t)width);
    memcpy(to + count - width, tail, (size_t)width);
}

void tidings_sax_characters(void *context, const unsigned char *bytes, int count) {
    xmlParserCtxtPtr parser = (xmlParserCtxtPtr)context;
    TidingsSAXText *text = (TidingsSAXText *)parser->_private;
    long end = text->count + count;
    if (parser->wellFormed == 0 || count <= 0 || end > text->plainTextLimit) {
        text->slowPath(context, bytes, count);
        return;
    }
    unsigned char *to = text->storage + text->count;
    text->count = end;
    if (count == 1) {
        *to = *bytes; /* every entity (`&lt;`, `&amp;`) */
    } else if (count <= 16) {
        /* Two loads and two stores, overlapping in the middle, instead of a call to memcpy. */
        if (count >= 8) {
            unsigned long long head, tail;
            memcpy(&head, bytes, 8);
            memcpy(&tail, bytes + count - 8, 8);
            memcpy(to, &head, 8);
            memcpy(to + count - 8, &tail, 8);
        } else if (count >= 4) {
            unsigned int head, tail;
            memcpy(&head, bytes, 4);
            memcpy(&tail, bytes + count - 4, 4);
            memcpy(to, &head, 4);
            memcpy(to + count - 4, &tail, 4);
        } else {
            to[0] = bytes[0];
            to[1] = bytes[1];
            to[count - 1] = bytes[count - 1];
        }
    } else if (count <= 32) {
        /* The same with 16-byte moves, and 32-byte ones below: most runs of text between two
           entities are this short, and a call to memcpy cost more than the copy. */
        copy_ends(to, bytes, count, 16);
    } else if (count <= 64) {
        copy_ends(to, bytes, count, 32);
    } else {
        memcpy(to, bytes, (size_t)count);
    }
}

#if defined(__x86_64__)

/* One masked load and one masked store of the piece, whatever its length (the bytes past it are
   neither read nor written, and cannot fault): the branches on the length above mispredicted
   about one piece in ten, as entities (one byte) and runs of text between them alternate. */
__attribute__((target("avx512bw,avx512vl,bmi2")))
void tidings_sax_characters_masked(void *context, const unsigned char *bytes, int count) {
    xmlParserCtxtPtr parser = (xmlParserCtxtPtr)context;
    TidingsSAXText *text = (TidingsSAXText *)parser->_private;
    long end = text->count + count;
    if (parser->wellFormed == 0 || count <= 0 || count > 64 || end > text->plainTextLimit) {
        tidings_sax_characters(context, bytes, count);
        return;
    }
    unsigned char *to = text->storage + text->count;
    text->count = end;
    __mmask64 piece = _bzhi_u64(~0ULL, (unsigned)count);
    _mm512_mask_storeu_epi8((void *)to, piece, _mm512_maskz_loadu_epi8(piece, bytes));
}

int tidings_sax_masked_copy_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("bmi2");
}

#else

void tidings_sax_characters_masked(void *context, const unsigned char *bytes, int count) {
    tidings_sax_characters(context, bytes, count);
}

int tidings_sax_masked_copy_available(void) { return 0; }

#endif

/* Chosen once, before `main`, and only read afterwards. */
static TidingsSAXCharacters chosenCallback = tidings_sax_characters;

__attribute__((constructor)) static void chooseCallback(void) {
    if (tidings_sax_masked_copy_available()) chosenCallback = tidings_sax_characters_masked;
}

TidingsSAXCharacters tidings_sax_characters_callback(void) { return chosenCallback; }
