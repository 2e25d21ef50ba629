#ifndef CURTAIN_CNCURSES_SHIM_H
#define CURTAIN_CNCURSES_SHIM_H
// SwiftPM drops pkg-config's -D flags, so the wide-character API must be requested here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#endif
