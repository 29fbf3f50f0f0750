#ifndef TIDINGS_CSAXTEXT_H
#define TIDINGS_CSAXTEXT_H
/* The common case of libxml2's `characters` callback, in C: libxml2 hands every entity over as a
   piece of its own (half a million calls for 5 MB of escaped HTML), and the Swift callback paid a
   thunk, a frame and register moves around a dozen instructions of work. */

/* The field buffer as the callback sees it. The parser context's `_private` points at one;
   `owner` is what every other callback works on (the feed builder). */
typedef struct TidingsSAXText {
    unsigned char *storage;
    long count;
    /* Up to where a piece of text is copied as it is; 0 when pieces must take `slowPath`. */
    long plainTextLimit;
    /* Everything else (no field being read, markup, a buffer to grow, an error to note), called
       with the callback's own arguments. */
    void (*slowPath)(void *context, const unsigned char *bytes, int count);
    void *owner;
} TidingsSAXText;

/* libxml2's `characters` (and `cdataBlock`, `ignorableWhitespace`) callback: appends the piece
   to `storage` when libxml2 reported no error since the last event, the piece is not empty and
   it fits under `plainTextLimit`; otherwise passes it to `slowPath`. */
void tidings_sax_characters(void *context, const unsigned char *bytes, int count);

/* The same, copying each piece of up to 64 bytes (nearly all: half of them are entities of one
   byte) without a branch on its length, with an AVX-512 masked load and store. Only for
   processors where `tidings_sax_masked_copy_available()`; it is `tidings_sax_characters`
   elsewhere. */
void tidings_sax_characters_masked(void *context, const unsigned char *bytes, int count);
int tidings_sax_masked_copy_available(void);

/* The callback for this processor, chosen once at start-up: the masked one where it can run. */
typedef void (*TidingsSAXCharacters)(void *context, const unsigned char *bytes, int count);
TidingsSAXCharacters tidings_sax_characters_callback(void);

#endif
