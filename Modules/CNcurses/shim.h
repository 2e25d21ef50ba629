#ifndef CURTAIN_CNCURSES_SHIM_H
#define CURTAIN_CNCURSES_SHIM_H
// SwiftPM drops pkg-config's -D flags, so the wide-character API must be requested here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <sys/ioctl.h>

// Swift cannot see function-like or expression macros, and Swift 6 rejects mutable C globals.
// Each one used by CurtainTerminal gets a prefixed, logic-free `static inline` wrapper here.

// MARK: Globals

static inline WINDOW *curtain_stdscr(void) { return stdscr; }
static inline WINDOW *curtain_curscr(void) { return curscr; }
static inline int curtain_COLORS(void) { return COLORS; }
static inline int curtain_COLOR_PAIRS(void) { return COLOR_PAIRS; }
static inline int curtain_LINES(void) { return LINES; }
static inline int curtain_COLS(void) { return COLS; }
static inline TERMINAL *curtain_cur_term(void) { return cur_term; }
static inline void curtain_getmaxyx(const WINDOW *win, int *y, int *x) {
    int yy, xx;
    getmaxyx(win, yy, xx);
    *y = yy;
    *x = xx;
}
static inline FILE *curtain_stdout(void) { return stdout; }
static inline FILE *curtain_stdin(void) { return stdin; }
static inline int curtain_ERR(void) { return ERR; }
static inline int curtain_OK(void) { return OK; }
// wcwidth is hidden behind _XOPEN_SOURCE in glibc's headers, which Swift's Glibc module is
// built without; ncurses measures cells with it, so Curtain must use the same function.
extern int wcwidth(wchar_t);
static inline int curtain_wcwidth(wchar_t c) { return wcwidth(c); }
static inline const char *curtain_codeset(void) { return nl_langinfo(CODESET); }
/// The window size the kernel holds for the terminal on `fd` (TIOCGWINSZ; ioctl is variadic,
/// which Swift cannot call): 0 and the size, or -1.
/// (Parameter names avoid term.h's macros `lines` and `columns`.)
static inline int curtain_window_size(int fd, int *height, int *width) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *height = size.ws_row;
    *width = size.ws_col;
    return 0;
}
/// tigetstr's "not a string capability" marker, (char *)-1.
static inline const char *curtain_CANCELLED_STRING(void) { return (const char *)-1; }

// MARK: Attributes

static inline attr_t curtain_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t curtain_A_BOLD(void) { return A_BOLD; }
static inline attr_t curtain_A_DIM(void) { return A_DIM; }
static inline attr_t curtain_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t curtain_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t curtain_A_ITALIC(void) { return A_ITALIC; }
static inline attr_t curtain_A_ALTCHARSET(void) { return A_ALTCHARSET; }
static inline attr_t curtain_A_CHARTEXT(void) { return A_CHARTEXT; }
static inline attr_t curtain_A_ATTRIBUTES(void) { return A_ATTRIBUTES; }
static inline attr_t curtain_A_COLOR(void) { return A_COLOR; }

// MARK: Line drawing and symbols for locales that cannot show Unicode
// (valid only once a screen exists: ncurses fills acs_map at newterm; a terminal without one
// of them gets ncurses' ASCII stand-in, such as < > ^ v for the arrows and # for the block).

static inline chtype curtain_ACS_HLINE(void) { return ACS_HLINE; }
static inline chtype curtain_ACS_VLINE(void) { return ACS_VLINE; }
static inline chtype curtain_ACS_ULCORNER(void) { return ACS_ULCORNER; }
static inline chtype curtain_ACS_URCORNER(void) { return ACS_URCORNER; }
static inline chtype curtain_ACS_LLCORNER(void) { return ACS_LLCORNER; }
static inline chtype curtain_ACS_LRCORNER(void) { return ACS_LRCORNER; }
static inline chtype curtain_ACS_LTEE(void) { return ACS_LTEE; }
static inline chtype curtain_ACS_RTEE(void) { return ACS_RTEE; }
static inline chtype curtain_ACS_TTEE(void) { return ACS_TTEE; }
static inline chtype curtain_ACS_BTEE(void) { return ACS_BTEE; }
static inline chtype curtain_ACS_PLUS(void) { return ACS_PLUS; }
static inline chtype curtain_ACS_CKBOARD(void) { return ACS_CKBOARD; }
static inline chtype curtain_ACS_BLOCK(void) { return ACS_BLOCK; }
static inline chtype curtain_ACS_BULLET(void) { return ACS_BULLET; }
static inline chtype curtain_ACS_DIAMOND(void) { return ACS_DIAMOND; }
static inline chtype curtain_ACS_LARROW(void) { return ACS_LARROW; }
static inline chtype curtain_ACS_RARROW(void) { return ACS_RARROW; }
static inline chtype curtain_ACS_UARROW(void) { return ACS_UARROW; }
static inline chtype curtain_ACS_DARROW(void) { return ACS_DARROW; }
static inline chtype curtain_ACS_DEGREE(void) { return ACS_DEGREE; }
static inline chtype curtain_ACS_PLMINUS(void) { return ACS_PLMINUS; }
static inline chtype curtain_ACS_LEQUAL(void) { return ACS_LEQUAL; }
static inline chtype curtain_ACS_GEQUAL(void) { return ACS_GEQUAL; }
static inline chtype curtain_ACS_NEQUAL(void) { return ACS_NEQUAL; }
static inline chtype curtain_ACS_PI(void) { return ACS_PI; }
static inline chtype curtain_ACS_STERLING(void) { return ACS_STERLING; }
static inline chtype curtain_ACS_S1(void) { return ACS_S1; }
static inline chtype curtain_ACS_S9(void) { return ACS_S9; }

#endif
