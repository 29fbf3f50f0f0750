#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>
#include <jpeglib.h>
#include <jerror.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/demux.h>

/* A progressive JPEG may hold thousands of scans, each a full pass over the image: a small file
   that costs minutes (libjpeg-turbo's own djpeg offers -maxscan for this). Real pictures use
   about ten. */
#define TIDINGS_JPEG_MAX_SCANS 100

static void set_message(tidings_image_result *result, const char *message) {
    snprintf(result->message, sizeof result->message, "%s", message ? message : "");
}

/* Called once the header is known; decides whether decoding may start. */
static tidings_image_status check_size(tidings_image_result *result, uint64_t max_pixels, uint32_t max_side) {
    if (result->width == 0 || result->height == 0) {
        set_message(result, "the header declares an empty image");
        return TIDINGS_IMAGE_CORRUPT;
    }
    if (result->width > max_side || result->height > max_side ||
        (uint64_t)result->width * (uint64_t)result->height > max_pixels) {
        snprintf(result->message, sizeof result->message, "%u × %u pixels is over the limit", result->width,
                 result->height);
        return TIDINGS_IMAGE_TOO_LARGE;
    }
    return TIDINGS_IMAGE_OK;
}

/* ---- PNG: libpng's simplified API converts every colour type, depth and interlace to RGBA. */

static tidings_image_status png_read(const uint8_t *data, size_t size, int decode, uint64_t max_pixels,
                                     uint32_t max_side, tidings_image_result *result) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        set_message(result, image.message);
        png_image_free(&image);
        return TIDINGS_IMAGE_CORRUPT;
    }
    result->width = image.width;
    result->height = image.height;
    if (!decode) {
        png_image_free(&image);
        return TIDINGS_IMAGE_OK;
    }
    tidings_image_status status = check_size(result, max_pixels, max_side);
    if (status != TIDINGS_IMAGE_OK) {
        png_image_free(&image);
        return status;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *rgba = malloc(PNG_IMAGE_SIZE(image));
    if (!rgba) {
        png_image_free(&image);
        return TIDINGS_IMAGE_OUT_OF_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, rgba, 0, NULL)) {
        set_message(result, image.message);
        png_image_free(&image);
        free(rgba);
        return TIDINGS_IMAGE_CORRUPT;
    }
    result->rgba = rgba;
    return TIDINGS_IMAGE_OK;
}

/* ---- JPEG: libjpeg-turbo, whose errors arrive by longjmp to the setjmp below. */

struct jpeg_guard {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int truncated;
    int too_many_scans;
};

static void jpeg_fail(j_common_ptr info) {
    longjmp(((struct jpeg_guard *)info->err)->jump, 1);
}

/* Warnings are not printed (stderr belongs to the person); the one that matters is a file that
   ends early, which libjpeg would otherwise pad with grey and call a success. */
static void jpeg_note(j_common_ptr info, int level) {
    struct jpeg_guard *guard = (struct jpeg_guard *)info->err;
    if (level < 0) {
        guard->manager.num_warnings++;
        if (guard->manager.msg_code == JWRN_JPEG_EOF) guard->truncated = 1;
    }
}

static void jpeg_watch_scans(j_common_ptr info) {
    if (!info->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > TIDINGS_JPEG_MAX_SCANS) {
        ((struct jpeg_guard *)info->err)->too_many_scans = 1;
        longjmp(((struct jpeg_guard *)info->err)->jump, 1);
    }
}

static tidings_image_status jpeg_read(const uint8_t *data, size_t size, int decode, uint64_t max_pixels,
                                      uint32_t max_side, tidings_image_result *result) {
    struct jpeg_decompress_struct info;
    struct jpeg_guard guard;
    struct jpeg_progress_mgr progress;
    uint8_t *volatile rgba = NULL;
    volatile tidings_image_status failure = TIDINGS_IMAGE_CORRUPT;

    memset(&info, 0, sizeof info);
    info.err = jpeg_std_error(&guard.manager);
    guard.manager.error_exit = jpeg_fail;
    guard.manager.emit_message = jpeg_note;
    guard.truncated = 0;
    guard.too_many_scans = 0;
    if (setjmp(guard.jump)) {
        if (guard.too_many_scans) {
            set_message(result, "a progressive JPEG with too many scans");
        } else {
            char text[JMSG_LENGTH_MAX];
            guard.manager.format_message((j_common_ptr)&info, text);
            set_message(result, text);
        }
        jpeg_destroy_decompress(&info);
        free(rgba);
        return failure;
    }
    jpeg_create_decompress(&info);
    progress.progress_monitor = jpeg_watch_scans;
    info.progress = &progress;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    result->width = info.image_width;
    result->height = info.image_height;
    if (!decode) {
        jpeg_destroy_decompress(&info);
        return TIDINGS_IMAGE_OK;
    }
    tidings_image_status status = check_size(result, max_pixels, max_side);
    if (status != TIDINGS_IMAGE_OK) {
        jpeg_destroy_decompress(&info);
        return status;
    }
    /* Adobe's CMYK JPEGs have no RGBA conversion in libjpeg: decode the inks, convert below. */
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    if (info.output_width != result->width || info.output_height != result->height || info.output_components != 4) {
        set_message(result, "unexpected output geometry");
        jpeg_destroy_decompress(&info);
        return TIDINGS_IMAGE_UNSUPPORTED;
    }
    size_t stride = (size_t)result->width * 4;
    rgba = malloc(stride * result->height);
    if (!rgba) {
        jpeg_destroy_decompress(&info);
        return TIDINGS_IMAGE_OUT_OF_MEMORY;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = rgba + stride * info.output_scanline;
        if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
        if (guard.truncated) break;
    }
    if (guard.truncated || info.output_scanline < info.output_height) {
        set_message(result, "premature end of JPEG file");
        jpeg_destroy_decompress(&info);
        free(rgba);
        return TIDINGS_IMAGE_CORRUPT;
    }
    jpeg_destroy_decompress(&info);
    if (cmyk) {
        /* Adobe writes the inks inverted: 255 is no ink. */
        size_t count = (size_t)result->width * result->height;
        for (size_t index = 0; index < count; index++) {
            uint8_t *pixel = rgba + index * 4;
            unsigned key = pixel[3];
            pixel[0] = (uint8_t)(pixel[0] * key / 255);
            pixel[1] = (uint8_t)(pixel[1] * key / 255);
            pixel[2] = (uint8_t)(pixel[2] * key / 255);
            pixel[3] = 255;
        }
    }
    result->rgba = rgba;
    return TIDINGS_IMAGE_OK;
}

/* ---- GIF: giflib, record by record up to the first image; later frames are never read. */

struct gif_source {
    const uint8_t *data;
    size_t size;
    size_t offset;
};

static int gif_input(GifFileType *gif, GifByteType *bytes, int length) {
    struct gif_source *source = gif->UserData;
    size_t left = source->size - source->offset;
    size_t count = length < 0 ? 0 : (size_t)length < left ? (size_t)length : left;
    memcpy(bytes, source->data + source->offset, count);
    source->offset += count;
    return (int)count;
}

static tidings_image_status gif_fail(GifFileType *gif, tidings_image_result *result, const char *fallback) {
    const char *text = GifErrorString(gif->Error);
    set_message(result, text ? text : fallback);
    int ignored;
    DGifCloseFile(gif, &ignored);
    return TIDINGS_IMAGE_CORRUPT;
}

static tidings_image_status gif_read(const uint8_t *data, size_t size, int decode, uint64_t max_pixels,
                                     uint32_t max_side, tidings_image_result *result) {
    struct gif_source source = {data, size, 0};
    int error = 0;
    GifFileType *gif = DGifOpen(&source, gif_input, &error);
    if (!gif) {
        const char *text = GifErrorString(error);
        set_message(result, text ? text : "not a GIF");
        return TIDINGS_IMAGE_CORRUPT;
    }
    result->width = (uint32_t)gif->SWidth;
    result->height = (uint32_t)gif->SHeight;
    if (!decode) {
        DGifCloseFile(gif, &error);
        return TIDINGS_IMAGE_OK;
    }
    tidings_image_status status = check_size(result, max_pixels, max_side);
    if (status != TIDINGS_IMAGE_OK) {
        DGifCloseFile(gif, &error);
        return status;
    }
    int transparent = NO_TRANSPARENT_COLOR;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return gif_fail(gif, result, "unreadable record");
        if (type == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *extension = NULL;
            if (DGifGetExtension(gif, &code, &extension) == GIF_ERROR) return gif_fail(gif, result, "bad extension");
            if (code == GRAPHICS_EXT_FUNC_CODE && extension && extension[0] >= 4) {
                GraphicsControlBlock control;
                if (DGifExtensionToGCB(extension[0], extension + 1, &control) == GIF_OK)
                    transparent = control.TransparentColor;
            }
            while (extension) {
                if (DGifGetExtensionNext(gif, &extension) == GIF_ERROR) return gif_fail(gif, result, "bad extension");
            }
        } else if (type == IMAGE_DESC_RECORD_TYPE) {
            break;
        } else if (type == TERMINATE_RECORD_TYPE) {
            set_message(result, "a GIF without an image");
            DGifCloseFile(gif, &error);
            return TIDINGS_IMAGE_CORRUPT;
        }
    }
    if (DGifGetImageDesc(gif) == GIF_ERROR) return gif_fail(gif, result, "bad image descriptor");
    GifImageDesc frame = gif->Image;
    ColorMapObject *colors = frame.ColorMap ? frame.ColorMap : gif->SColorMap;
    if (!colors || frame.Width <= 0 || frame.Height <= 0) return gif_fail(gif, result, "a frame without colours or size");
    uint8_t *rgba = calloc((size_t)result->width * result->height, 4);
    GifPixelType *line = malloc((size_t)frame.Width);
    if (!rgba || !line) {
        free(rgba);
        free(line);
        DGifCloseFile(gif, &error);
        return TIDINGS_IMAGE_OUT_OF_MEMORY;
    }
    /* Interlaced frames store rows in four passes. */
    static const int pass_start[] = {0, 4, 2, 1}, pass_step[] = {8, 8, 4, 2};
    int passes = frame.Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = frame.Interlace ? pass_start[pass] : 0, step = frame.Interlace ? pass_step[pass] : 1;
        for (int row = start; row < frame.Height; row += step) {
            if (DGifGetLine(gif, line, frame.Width) == GIF_ERROR) {
                free(rgba);
                free(line);
                return gif_fail(gif, result, "truncated image data");
            }
            long y = (long)frame.Top + row;
            if (y >= (long)result->height) continue;
            for (int column = 0; column < frame.Width; column++) {
                long x = (long)frame.Left + column;
                int index = line[column];
                if (x >= (long)result->width || index == transparent || index >= colors->ColorCount) continue;
                uint8_t *pixel = rgba + ((size_t)y * result->width + (size_t)x) * 4;
                pixel[0] = colors->Colors[index].Red;
                pixel[1] = colors->Colors[index].Green;
                pixel[2] = colors->Colors[index].Blue;
                pixel[3] = 255;
            }
        }
    }
    free(line);
    DGifCloseFile(gif, &error);
    result->rgba = rgba;
    return TIDINGS_IMAGE_OK;
}

/* ---- WebP: libwebp; an animation through libwebpdemux's decoder, its first frame only. */

static tidings_image_status webp_read(const uint8_t *data, size_t size, int decode, uint64_t max_pixels,
                                      uint32_t max_side, tidings_image_result *result) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) {
        set_message(result, "not a readable WebP header");
        return TIDINGS_IMAGE_CORRUPT;
    }
    result->width = (uint32_t)features.width;
    result->height = (uint32_t)features.height;
    if (!decode) return TIDINGS_IMAGE_OK;
    tidings_image_status status = check_size(result, max_pixels, max_side);
    if (status != TIDINGS_IMAGE_OK) return status;
    size_t stride = (size_t)result->width * 4, total = stride * result->height;
    uint8_t *rgba = malloc(total);
    if (!rgba) return TIDINGS_IMAGE_OUT_OF_MEMORY;
    if (features.has_animation) {
        WebPAnimDecoderOptions options;
        WebPAnimDecoderOptionsInit(&options);
        options.color_mode = MODE_RGBA;
        options.use_threads = 0;
        WebPData whole = {data, size};
        WebPAnimDecoder *decoder = WebPAnimDecoderNew(&whole, &options);
        WebPAnimInfo info;
        uint8_t *frame = NULL;
        int timestamp = 0;
        int ok = decoder && WebPAnimDecoderGetInfo(decoder, &info) && info.canvas_width == result->width &&
                 info.canvas_height == result->height && WebPAnimDecoderGetNext(decoder, &frame, &timestamp);
        if (ok) memcpy(rgba, frame, total);
        WebPAnimDecoderDelete(decoder);
        if (!ok) {
            free(rgba);
            set_message(result, "an unreadable WebP animation");
            return TIDINGS_IMAGE_CORRUPT;
        }
    } else if (!WebPDecodeRGBAInto(data, size, rgba, total, (int)stride)) {
        free(rgba);
        set_message(result, "unreadable WebP image data");
        return TIDINGS_IMAGE_CORRUPT;
    }
    result->rgba = rgba;
    return TIDINGS_IMAGE_OK;
}

static tidings_image_status image_read(const uint8_t *data, size_t size, tidings_image_format format, int decode,
                                       uint64_t max_pixels, uint32_t max_side, tidings_image_result *result) {
    memset(result, 0, sizeof *result);
    switch (format) {
    case TIDINGS_IMAGE_PNG: return png_read(data, size, decode, max_pixels, max_side, result);
    case TIDINGS_IMAGE_JPEG: return jpeg_read(data, size, decode, max_pixels, max_side, result);
    case TIDINGS_IMAGE_GIF: return gif_read(data, size, decode, max_pixels, max_side, result);
    case TIDINGS_IMAGE_WEBP: return webp_read(data, size, decode, max_pixels, max_side, result);
    }
    set_message(result, "unknown format");
    return TIDINGS_IMAGE_UNSUPPORTED;
}

tidings_image_status tidings_image_probe(const uint8_t *data, size_t size, tidings_image_format format,
                                         tidings_image_result *result) {
    return image_read(data, size, format, 0, 0, 0, result);
}

tidings_image_status tidings_image_decode(const uint8_t *data, size_t size, tidings_image_format format,
                                          uint64_t max_pixels, uint32_t max_side, tidings_image_result *result) {
    return image_read(data, size, format, 1, max_pixels, max_side, result);
}

tidings_image_status tidings_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, uint8_t **png,
                                        size_t *png_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    *png = NULL;
    *png_size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, rgba, 0, NULL)) return TIDINGS_IMAGE_CORRUPT;
    uint8_t *buffer = malloc(size);
    if (!buffer) return TIDINGS_IMAGE_OUT_OF_MEMORY;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, rgba, 0, NULL)) {
        free(buffer);
        return TIDINGS_IMAGE_CORRUPT;
    }
    *png = buffer;
    *png_size = size;
    return TIDINGS_IMAGE_OK;
}

void tidings_image_free(void *pointer) {
    free(pointer);
}
