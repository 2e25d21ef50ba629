#ifndef CURTAIN_CNCURSES_SHIM_H
#define CURTAIN_CNCURSES_SHIM_H
// The narrow half of the ncurses shim. The wide-character half (cchar_t and the calls that take
// it) is the CNcursesWide target: Swift reads this header through a Clang module, where on macOS
// <curses.h> is the SDK's own module, built without any macro defined here, so the wide API can
// never be requested from this file (see ../CNcursesWide/include/CNcursesWide.h). Nothing here
// needs it, on any platform, so that a use of it fails on Linux too.
#include <limits.h>
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
// Plain <curses.h>, found through the include paths pkg-config gives (module.modulemap): Debian's
// /usr/include/curses.h is its wide ncursesw header, ncurses 6.0 built as macOS's has it in
// include/ncurses/ (its ncurses.pc adds that path), Homebrew's ncursesw.pc adds
// include/ncursesw, and macOS's SDK has it in /usr/include.
#include <curses.h>
#include <term.h>
#include <sys/ioctl.h>

#include "version_switch.h"

// Swift cannot see function-like or expression macros, and Swift 6 rejects mutable C globals.
// Each one used by CurtainTerminal gets a prefixed `static inline` wrapper here, logic-free but for
// the version switch (colour pairs) and the casts that bridge ncurses' declarations.

// MARK: Globals

static inline int curtain_COLORS(void) { return COLORS; }
static inline int curtain_COLOR_PAIRS(void) {
#ifdef CURTAIN_NCURSES_PAIR_LIMIT
    return COLOR_PAIRS < CURTAIN_NCURSES_PAIR_LIMIT ? COLOR_PAIRS : CURTAIN_NCURSES_PAIR_LIMIT;
#else
    return COLOR_PAIRS;
#endif
}
static inline int curtain_LINES(void) { return LINES; }
static inline int curtain_COLS(void) { return COLS; }
static inline TERMINAL *curtain_cur_term(void) { return cur_term; }
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

// MARK: Windows
// WINDOW is a complete struct in some builds (Debian's 6.4) and an incomplete one in others
// (NCURSES_OPAQUE, as on macOS), which Swift imports as two different types
// (UnsafeMutablePointer<WINDOW> and OpaquePointer). Swift gets windows only as this never-defined
// struct, always an OpaquePointer, and calls the window functions it uses through these wrappers.

struct curtain_window;
static inline struct curtain_window *curtain_stdscr(void) { return (struct curtain_window *)stdscr; }
static inline struct curtain_window *curtain_curscr(void) { return (struct curtain_window *)curscr; }
static inline void curtain_getmaxyx(struct curtain_window *win, int *y, int *x) {
    int yy, xx;
    getmaxyx((WINDOW *)win, yy, xx);
    *y = yy;
    *x = xx;
}
static inline int curtain_keypad(struct curtain_window *win, bool on) { return keypad((WINDOW *)win, on); }
static inline int curtain_meta(struct curtain_window *win, bool on) { return meta((WINDOW *)win, on); }
static inline int curtain_intrflush(struct curtain_window *win, bool on) { return intrflush((WINDOW *)win, on); }
static inline int curtain_leaveok(struct curtain_window *win, bool on) { return leaveok((WINDOW *)win, on); }
static inline int curtain_clearok(struct curtain_window *win, bool on) { return clearok((WINDOW *)win, on); }
static inline int curtain_werase(struct curtain_window *win) { return werase((WINDOW *)win); }
static inline int curtain_wrefresh(struct curtain_window *win) { return wrefresh((WINDOW *)win); }
static inline int curtain_wnoutrefresh(struct curtain_window *win) { return wnoutrefresh((WINDOW *)win); }
static inline int curtain_wclrtoeol(struct curtain_window *win) { return wclrtoeol((WINDOW *)win); }
static inline int curtain_wmove(struct curtain_window *win, int y, int x) { return wmove((WINDOW *)win, y, x); }

// MARK: Terminfo and newterm
// ncurses 6.0 declares these with NCURSES_CONST, which is empty there (`char *`), where 6.1 and
// later say `const char *`; neither writes to the string, so the cast only bridges the
// declarations and Swift passes its C strings the same way to both.

static inline int curtain_setupterm(const char *term, int fd, int *status) {
    return setupterm((char *)term, fd, status);
}
static inline char *curtain_tigetstr(const char *name) { return tigetstr((char *)name); }
static inline int curtain_tigetflag(const char *name) { return tigetflag((char *)name); }
/// `tparm` with one parameter (Swift cannot call the variadic C function): what a string
/// capability such as `setaf` sends for `value`.
static inline char *curtain_tiparm1(const char *format, int value) {
    return tparm((char *)format, (long)value, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
}
static inline SCREEN *curtain_newterm(const char *term, FILE *output, FILE *input) {
    return newterm((char *)term, output, input);
}

/// Whether this ncurses can draw in direct colour (6.1 and later): 6.0 has no RGB colours and
/// cannot even read a `-direct` terminfo entry, so there 24-bit colour falls back to 256.
static inline bool curtain_ncurses_has_direct_color(void) { return CURTAIN_NCURSES_EXTENDED_PAIRS; }

/// Whether this build compiled the 6.0 side of the version switch: a 6.0 header, or the 6.0 mode
/// forced on a newer one (version_switch.h).
static inline bool curtain_ncurses_is_6_0_build(void) { return !CURTAIN_NCURSES_EXTENDED_PAIRS; }

/// Whether `TERMINFO` may hold a compiled entry itself, as `hex:` and the entry's bytes in
/// hexadecimal (6.1 and later, `decode_quickdump` in read_entry.c): 6.0 reads entries only from
/// files in a directory.
static inline bool curtain_ncurses_reads_entry_from_environment(void) { return CURTAIN_NCURSES_EXTENDED_PAIRS; }

// MARK: Colour pairs

/// Defines colour pair `pair`: init_extended_pair on 6.1 and later; on 6.0 init_pair, whose
/// shorts would silently truncate, so a pair or colour that does not fit is refused (ERR) here.
static inline int curtain_init_pair(int pair, int foreground, int background) {
#if CURTAIN_NCURSES_EXTENDED_PAIRS
    return init_extended_pair(pair, foreground, background);
#else
    if (pair < 0 || pair >= curtain_COLOR_PAIRS() || pair > SHRT_MAX
        || foreground < SHRT_MIN || foreground > SHRT_MAX || background < SHRT_MIN || background > SHRT_MAX)
        return ERR;
    return init_pair((short)pair, (short)foreground, (short)background);
#endif
}

/// The colours of pair `pair`: extended_pair_content on 6.1 and later, pair_content's shorts on
/// 6.0. OK or ERR.
static inline int curtain_pair_content(int pair, int *foreground, int *background) {
#if CURTAIN_NCURSES_EXTENDED_PAIRS
    return extended_pair_content(pair, foreground, background);
#else
    short shortForeground = 0, shortBackground = 0;
    if (pair < 0 || pair > SHRT_MAX) return ERR;
    int result = pair_content((short)pair, &shortForeground, &shortBackground);
    *foreground = shortForeground;
    *background = shortBackground;
    return result;
#endif
}

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
