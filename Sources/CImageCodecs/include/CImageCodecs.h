#ifndef TIDINGS_CIMAGECODECS_H
#define TIDINGS_CIMAGECODECS_H
/* The image decoders of Debian's libraries (libpng, libjpeg-turbo, giflib, libwebp) behind one
   small C interface. C because libpng and libjpeg report errors by longjmp, which Swift cannot
   catch; everything above "read this header, decode this frame" lives in Swift (ImageRendering). */
#include <stddef.h>
#include <stdint.h>

typedef enum {
    TIDINGS_IMAGE_PNG = 1,
    TIDINGS_IMAGE_JPEG = 2,
    TIDINGS_IMAGE_GIF = 3,
    TIDINGS_IMAGE_WEBP = 4,
} tidings_image_format;

typedef enum {
    TIDINGS_IMAGE_OK = 0,
    /* The library refused the bytes: truncated, corrupt, or not this format at all. */
    TIDINGS_IMAGE_CORRUPT = 1,
    /* The header declares more pixels (or a longer side) than the caller allows: nothing decoded. */
    TIDINGS_IMAGE_TOO_LARGE = 2,
    /* A valid file the decoder does not handle (e.g. a JPEG colour space without conversion). */
    TIDINGS_IMAGE_UNSUPPORTED = 3,
    TIDINGS_IMAGE_OUT_OF_MEMORY = 4,
} tidings_image_status;

typedef struct {
    /* Width and height declared by the header, filled as soon as the header is read (also when
       the image is then refused as too large). */
    uint32_t width;
    uint32_t height;
    /* Row-major RGBA, 8 bits a channel, not premultiplied; malloc'd, free with
       tidings_image_free. NULL unless the status is TIDINGS_IMAGE_OK. */
    uint8_t *rgba;
    /* The library's own words for a refusal, NUL-terminated. */
    char message[160];
} tidings_image_result;

/* Reads the header only and fills width and height: cheap for any declared size. */
tidings_image_status tidings_image_probe(const uint8_t *data, size_t size, tidings_image_format format,
                                         tidings_image_result *result);

/* Reads the header, refuses a width × height above max_pixels or a side above max_side before
   allocating anything, then decodes (the first frame of a GIF or an animated WebP) to RGBA. */
tidings_image_status tidings_image_decode(const uint8_t *data, size_t size, tidings_image_format format,
                                          uint64_t max_pixels, uint32_t max_side, tidings_image_result *result);

/* Encodes RGBA pixels as a PNG in memory (for the terminal protocols that carry PNG). */
tidings_image_status tidings_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **png,
                                        size_t *png_size);

void tidings_image_free(void *pointer);
#endif
