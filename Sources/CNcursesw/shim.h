#ifndef TIDINGS_CNCURSESW_SHIM_H
#define TIDINGS_CNCURSESW_SHIM_H
/* The wide-character API (cchar_t, setcchar, mvadd_wch, get_wch) is only declared when these are
   defined before the header. */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Glibc's Swift module does not export wcwidth. */
int wcwidth(wchar_t c);

/* Macros and globals that Swift cannot import (Swift 6 rejects stdscr, LINES and COLS as shared
   mutable state). */
static inline WINDOW *tidings_stdscr(void) { return stdscr; }
static inline int tidings_lines(void) { return LINES; }
static inline int tidings_cols(void) { return COLS; }
static inline int tidings_color_pair(int n) { return COLOR_PAIR(n); }
static inline attr_t tidings_a_bold(void) { return A_BOLD; }
static inline attr_t tidings_a_reverse(void) { return A_REVERSE; }
static inline attr_t tidings_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tidings_a_dim(void) { return A_DIM; }
static inline attr_t tidings_a_normal(void) { return A_NORMAL; }
static inline int tidings_key_resize(void) { return KEY_RESIZE; }
static inline WINDOW *tidings_curscr(void) { return curscr; }
static inline int tidings_colors(void) { return COLORS; }
static inline int tidings_color_pairs(void) { return COLOR_PAIRS; }
/* tiparm is variadic, which Swift cannot call: one parameter (setaf, setab). */
static inline char *tidings_tiparm1(const char *capability, int value) { return tiparm(capability, value); }
#endif
