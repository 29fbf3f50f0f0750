import CChafa

/// Sixel data and Unicode block symbols from pixels, by chafa (`libchafa`), which picks for
/// each cell the symbol and colours closest to the pixels it covers and quantises sixels.
public enum ChafaRenderer {
    /// The picture as one sixel sequence (DCS … ST) covering `fit`'s cells, for a terminal
    /// whose cells are `cell` pixels. The caller puts the cursor at the box's top-left cell.
    public static func sixel(_ image: DecodedImage, fit: ImageFit, cell: CellSize) -> [UInt8] {
        withCanvas(image, fit: fit, cell: cell, pixelMode: CHAFA_PIXEL_MODE_SIXELS) { canvas in
            let database = chafa_term_db_get_default()
            let info = chafa_term_db_get_fallback_info(database)
            defer { chafa_term_info_unref(info) }
            var text: UnsafeMutablePointer<CChar>?
            let length = tidings_chafa_print(canvas, info, &text)
            defer { tidings_chafa_free(text) }
            guard let text else { return [] }
            return text.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
    }

    /// The picture as rows of block symbols (half blocks, quadrants, sextants) with colours of
    /// the 240 palette entries above the 16 that users theme.
    public static func blocks(_ image: DecodedImage, fit: ImageFit, cell: CellSize) -> [[BlockCell]] {
        withCanvas(image, fit: fit, cell: cell, pixelMode: CHAFA_PIXEL_MODE_SYMBOLS) { canvas in
            (0..<fit.rows).map { row in
                (0..<fit.columns).map { column in
                    let character = chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))
                    var foreground: Int32 = -1, background: Int32 = -1
                    chafa_canvas_get_raw_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
                    return BlockCell(
                        symbol: Unicode.Scalar(character).map(Character.init) ?? " ",
                        foreground: (0...255).contains(foreground) ? UInt8(foreground) : nil,
                        background: (0...255).contains(background) ? UInt8(background) : nil
                    )
                }
            }
        }
    }

    private static func withCanvas<Result>(
        _ image: DecodedImage, fit: ImageFit, cell: CellSize, pixelMode: ChafaPixelMode, _ body: (OpaquePointer) -> Result
    ) -> Result {
        // One thread: the caller already draws off the main thread, and chafa's own pool starts
        // and ends worker threads whose GLib bookkeeping LeakSanitizer reported as lost
        // (fuzz-images, once in about 100 000 pictures).
        chafa_set_n_threads(1)
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(fit.columns), Int32(fit.rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
        chafa_canvas_config_set_pixel_mode(config, pixelMode)
        chafa_canvas_config_set_canvas_mode(config, pixelMode == CHAFA_PIXEL_MODE_SIXELS ? CHAFA_CANVAS_MODE_TRUECOLOR : CHAFA_CANVAS_MODE_INDEXED_240)
        let symbols = chafa_symbol_map_new()
        defer { chafa_symbol_map_unref(symbols) }
        chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_BLOCK.rawValue))
        chafa_canvas_config_set_symbol_map(config, symbols)
        let canvas = chafa_canvas_new(config)!
        defer { chafa_canvas_unref(canvas) }
        image.rgba.withUnsafeBufferPointer {
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, $0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4))
        }
        return body(canvas)
    }
}
