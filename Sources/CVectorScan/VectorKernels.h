/* The vector kernels, written once over a vector width: VectorKernels.c includes this file once
   per width, with `WIDTH` (bytes a step), `SEQUENCE` (WIDTH consecutive indexes from a start)
   and `LOOKUP` (a table of 16 bytes looked up in every 16-byte lane, `pshufb`) defined, inside a
   `target` attribute for the instructions of that width. Everything else is the compiler's
   generic vector arithmetic. No include guard: it is meant to be included more than once. */

#define KERNEL_CONCAT(name, width) name##width
#define KERNEL_NAME(name, width) KERNEL_CONCAT(name, width)
#define NAME(name) KERNEL_NAME(name, WIDTH)

#define Bytes NAME(Bytes)
#define Flags NAME(Flags)
typedef unsigned char Bytes __attribute__((vector_size(WIDTH)));
/* One bit per byte, as a comparison's mask (`vpmovmskb`, `vpmovb2m`). */
typedef _Bool Flags __attribute__((ext_vector_type(WIDTH)));

/* WIDTH bytes from `bytes`, of which `available` (possibly none) can be read: the rest is
   `fill`, a byte that none of the kernels looks for. */
static inline Bytes NAME(load)(const unsigned char *bytes, long available, unsigned char fill) {
    Bytes v;
    if (available >= WIDTH) {
        memcpy(&v, bytes, WIDTH);
    } else {
        v = (Bytes){0} + fill;
        if (available > 0) memcpy(&v, bytes, (size_t)available);
    }
    return v;
}

/* A table of 16 bytes in every lane. */
static inline Bytes NAME(broadcast)(const unsigned char *table) {
    Bytes v;
    for (int lane = 0; lane < WIDTH; lane += 16) memcpy((unsigned char *)&v + lane, table, 16);
    return v;
}

/* The bytes `distance` places before each byte of `input`, the first ones from `previous`. */
#define BEFORE(previous, input, distance) __builtin_shufflevector(previous, input, SEQUENCE(WIDTH - (distance)))

/* Bit `i` for each byte `i` that is not 0. */
static inline unsigned long long NAME(bits)(Bytes v) {
    Flags flags = __builtin_convertvector(v != 0, Flags);
#if WIDTH == 64
    return __builtin_bit_cast(unsigned long long, flags);
#else
    return __builtin_bit_cast(unsigned int, flags);
#endif
}

static inline Bytes NAME(forbiddenControls)(Bytes v) {
    return (Bytes)(v < 0x20) & (Bytes)(v != 0x09) & (Bytes)(v != 0x0A) & (Bytes)(v != 0x0D);
}

/* Keiser and Lemire's "lookup" algorithm ("Validating UTF-8 in less than one instruction per
   byte", 2021), as simdjson and simdutf use it. Each byte is classified with the byte before it
   by three table lookups (the high and low half of the byte before, the high half of this one);
   an error bit survives the AND of the three only where the pair is malformed. Third and fourth
   bytes of a sequence are checked by whether the byte two or three back is a lead that needs
   them. Every block is checked in full, without a branch on its content: text in feeds mixes
   ASCII with other characters every few dozen bytes, and a branch per block mispredicted. The
   last block is padded with zeros: a sequence cut off by the end meets ASCII. */
static int NAME(utf8Check)(const unsigned char *bytes, long count) {
    const Bytes byte1High = NAME(broadcast)(byte1HighTable);
    const Bytes byte1Low = NAME(broadcast)(byte1LowTable);
    const Bytes byte2High = NAME(broadcast)(byte2HighTable);
    Bytes previous = {0}, error = {0}, any = {0}, pairs = {0};
    for (long index = 0; index < count; index += WIDTH) {
        Bytes input = NAME(load)(bytes + index, count - index, 0);
        Bytes before1 = BEFORE(previous, input, 1);
        Bytes before2 = BEFORE(previous, input, 2);
        Bytes before3 = BEFORE(previous, input, 3);
        Bytes special = LOOKUP(byte1High, before1 >> 4) & LOOKUP(byte1Low, before1 & 0x0F) & LOOKUP(byte2High, input >> 4);
        Bytes needed = (__builtin_elementwise_sub_sat(before2, (Bytes){0} + (0xE0 - 0x80))
                        | __builtin_elementwise_sub_sat(before3, (Bytes){0} + (0xF0 - 0x80))) & 0x80;
        error |= needed ^ special;
        any |= input;
        /* MojibakeRepair's first clue: C3, then 82..B4, then a byte >= C2. */
        pairs |= (Bytes)(before2 == 0xC3) & (Bytes)((Bytes)(before1 - 0x82) <= 0xB4 - 0x82) & (Bytes)(input >= 0xC2);
        previous = input;
    }
    /* A lead in the last three bytes that needs more bytes than remain (F0.. third last, E0..
       second last, C0.. last) is above its entry. */
    Bytes incomplete = (Bytes){0} + 0xFF;
    incomplete[WIDTH - 3] = 0xF0 - 1;
    incomplete[WIDTH - 2] = 0xE0 - 1;
    incomplete[WIDTH - 1] = 0xC0 - 1;
    error |= __builtin_elementwise_sub_sat(previous, incomplete);
    return tidings_utf8_verdict(__builtin_reduce_or(error) == 0, __builtin_reduce_or(any) >= 0x80,
                                __builtin_reduce_or(pairs) != 0);
}

static int NAME(hasForbiddenControl)(const unsigned char *bytes, long count) {
    for (long index = 0; index < count; index += WIDTH) {
        if (__builtin_reduce_or(NAME(forbiddenControls)(NAME(load)(bytes + index, count - index, ' ')))) return 1;
    }
    return 0;
}

/* A block of 64 bytes gives one word of bits. */
static void NAME(htmlAttention)(const unsigned char *bytes, long count, unsigned long long *masks) {
    for (long block = 0; block < count; block += 64) {
        unsigned long long mask = 0;
        for (int part = 0; part < 64 / WIDTH; part++) {
            long start = block + part * WIDTH;
            Bytes v = NAME(load)(bytes + start, count - start, ' ');
            Bytes stops = NAME(forbiddenControls)(v) | (Bytes)(v == '<') | (Bytes)(v == '&') | (Bytes)(v == '>')
                | (Bytes)(v == 0x7F);
            mask |= NAME(bits)(stops) << (part * WIDTH % 64);
        }
        masks[block / 64] = mask;
    }
}

#undef BEFORE
#undef Bytes
#undef Flags
#undef NAME
#undef KERNEL_NAME
#undef KERNEL_CONCAT
