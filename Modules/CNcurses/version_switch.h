#ifndef CURTAIN_NCURSES_VERSION_SWITCH_H
#define CURTAIN_NCURSES_VERSION_SWITCH_H
// Read after <curses.h>, by shim.h and by ../CNcursesWide/wide.c.
//
// ncurses 6.1 added the extended colour pairs: init_extended_pair, setcchar taking an int pair
// through its `opts` argument, and direct colour (terminfo entries with `RGB`, numbers above
// 32767). 6.0 (what macOS ships) has none of them: its setcchar returns ERR whenever `opts` is not
// NULL, and pairs are shorts in 8 attribute bits (COLOR_PAIRS 256). NCURSES_EXT_COLORS cannot
// tell them apart: 6.0 defines it too (to its patch date).
//
// CURTAIN_NCURSES_AS_6_0 (defined on the command line: `swift build -Xcc -DCURTAIN_NCURSES_AS_6_0=1`,
// scripts/ncurses60-check.sh) compiles the 6.0 side against a newer header, so that what 6.0 means
// for Curtain is built and run on any machine: no extended pairs, no direct colour, and at most
// 256 pairs (6.0's ABI keeps the pair in 8 attribute bits, so its COLOR_PAIRS is 256 whatever
// terminfo says). Every call the 6.0 side makes exists in the newer libraries too.
#if defined(CURTAIN_NCURSES_AS_6_0) && CURTAIN_NCURSES_AS_6_0
#define CURTAIN_NCURSES_EXTENDED_PAIRS 0
#define CURTAIN_NCURSES_PAIR_LIMIT 256
#elif NCURSES_VERSION_MAJOR > 6 || (NCURSES_VERSION_MAJOR == 6 && NCURSES_VERSION_MINOR >= 1)
#define CURTAIN_NCURSES_EXTENDED_PAIRS 1
#else
#define CURTAIN_NCURSES_EXTENDED_PAIRS 0
#endif

#endif
