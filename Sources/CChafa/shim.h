#ifndef TIDINGS_CCHAFA_SHIM_H
#define TIDINGS_CCHAFA_SHIM_H
/* chafa renders pixels as sixel data or as Unicode block symbols with colours. Its print call
   returns a GLib GString: one wrapper hands the bytes over and frees the string. */
#include <chafa.h>
#include <string.h>

/* Copies at most capacity bytes of the canvas's sixel/ANSI print into buffer; returns the full
   length (call again with a larger buffer when it did not fit). */
static inline size_t tidings_chafa_print(ChafaCanvas *canvas, ChafaTermInfo *info, char **out) {
    GString *text = chafa_canvas_print(canvas, info);
    size_t length = text->len;
    *out = g_string_free(text, FALSE);
    return length;
}

static inline void tidings_chafa_free(char *text) {
    g_free(text);
}
#endif
