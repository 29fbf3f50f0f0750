#ifndef TIDINGS_CRAWSAX_H
#define TIDINGS_CRAWSAX_H
#include <stddef.h>
/* Parses `length` bytes with libxml2's SAX2 push parser and callbacks that do nothing, fed in
   chunks of `chunk` bytes: the practical ceiling for any SAX-based feed parser. Returns the number
   of start-element events seen, or -1 when the context could not be created. */
long tidings_raw_sax_parse(const char *bytes, size_t length, size_t chunk);
#endif
