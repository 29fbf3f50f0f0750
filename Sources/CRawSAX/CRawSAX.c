#include "CRawSAX.h"
#include <string.h>
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>

static void start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                          const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                          int nb_attributes, int nb_defaulted, const xmlChar **attributes) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    (*(long *)ctxt->_private)++;
}
static void end_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                        const xmlChar *uri) {}
static void characters(void *ctx, const xmlChar *ch, int len) {}

long tidings_raw_sax_parse(const char *bytes, size_t length, size_t chunk) {
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = start_element;
    sax.endElementNs = end_element;
    sax.characters = characters;
    sax.cdataBlock = characters;
    long elements = 0;
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, NULL, NULL, 0, NULL);
    if (ctxt == NULL) return -1;
    ctxt->_private = &elements;
    xmlCtxtUseOptions(ctxt, XML_PARSE_RECOVER | XML_PARSE_NONET | XML_PARSE_COMPACT);
    size_t offset = 0;
    while (offset < length) {
        size_t n = length - offset < chunk ? length - offset : chunk;
        xmlParseChunk(ctxt, bytes + offset, (int)n, 0);
        offset += n;
    }
    xmlParseChunk(ctxt, NULL, 0, 1);
    xmlFreeParserCtxt(ctxt);
    return elements;
}
