// Compiled with NCURSES_WIDECHAR=1 and _XOPEN_SOURCE_EXTENDED=1 (Package.swift): see
// include/CNcursesWide.h for why this is a target of its own.
#include "CNcursesWide.h"
#include <limits.h>
#include <wchar.h>
// Found through the include path pkg-config gives the CNcurses module this target depends on
// (or the SDK's on macOS, which has no .pc file).
#include <curses.h>

#if !defined(NCURSES_WIDECHAR) || !NCURSES_WIDECHAR
#error "this ncurses header did not declare the wide-character API (cchar_t)"
#endif

_Static_assert(CURTAIN_CELL_CHARACTERS <= CCHARW_MAX, "a cell holds fewer characters than Curtain gives it");

#include "../CNcurses/version_switch.h"

size_t curtain_cell_size(void) { return sizeof(cchar_t); }

int curtain_set_cell(void *cells, int index, const wchar_t *characters, unsigned long attributes, int pair) {
    cchar_t *cell = (cchar_t *)cells + index;
    int result;
    if (pair >= 0 && pair <= SHRT_MAX) {
        // A pair that fits in a short goes in the short argument, which every version honours.
        result = setcchar(cell, characters, (attr_t)attributes, (short)pair, NULL);
    } else {
#if CURTAIN_NCURSES_EXTENDED_PAIRS
        // A larger one goes through `opts`, which wins over the short argument (and which a
        // build without extended colours turns into ERR).
        result = pair > SHRT_MAX ? setcchar(cell, characters, (attr_t)attributes, 0, &pair) : ERR;
#else
        result = ERR;
#endif
    }
    if (result == ERR) {
        // Never leave the cell as it was: the caller writes every cell it set.
        static const wchar_t blank[] = {L' ', 0};
        setcchar(cell, blank, 0, 0, NULL);
    }
    return result;
}

int curtain_add_cells(struct curtain_window *window, const void *cells, int count) {
    return wadd_wchnstr((WINDOW *)window, (const cchar_t *)cells, count);
}

int curtain_read_cell(struct curtain_window *window, int y, int x, wchar_t *characters,
                      unsigned long *attributes, int *pair) {
    cchar_t cell;
    if (wmove((WINDOW *)window, y, x) == ERR || win_wch((WINDOW *)window, &cell) == ERR) return ERR;
    wchar_t all[CCHARW_MAX + 1] = {0};
    attr_t readAttributes = 0;
    short shortPair = 0;
    int wholePair = 0;
#if CURTAIN_NCURSES_EXTENDED_PAIRS
    // 6.1 and later write the whole pair through `opts` as well.
    int result = getcchar(&cell, all, &readAttributes, &shortPair, &wholePair);
#else
    int result = getcchar(&cell, all, &readAttributes, &shortPair, NULL);
    wholePair = shortPair;
#endif
    for (int i = 0; i < CURTAIN_CELL_CHARACTERS; i++) characters[i] = all[i];
    characters[CURTAIN_CELL_CHARACTERS] = 0;
    *attributes = readAttributes;
    *pair = wholePair;
    return result;
}
