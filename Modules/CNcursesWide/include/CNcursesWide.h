#ifndef CURTAIN_CNCURSES_WIDE_H
#define CURTAIN_CNCURSES_WIDE_H
// The wide-character half of the ncurses shim: the cell type (cchar_t) and the calls that take
// it. Everything else ncurses offers is in ../CNcurses/shim.h.
//
// Why a C target of its own: ncurses declares cchar_t and the wide functions only when
// NCURSES_WIDECHAR (6.x) or _XOPEN_SOURCE_EXTENDED (older headers) is defined before its header
// is read. Swift reads shim.h through a Clang module, and on macOS <curses.h> is itself a module
// of the SDK (Darwin.ncurses), built without any macro shim.h could define, so Swift can never
// see cchar_t there. This target's C file is compiled with both macros on the command line
// (Package.swift), which reach the SDK's module too. This header shows Swift only plain C
// types, so it reads the same on every platform and every ncurses from 6.0 to 6.5.
#include <stddef.h>

// A window, as in shim.h (the same never-defined struct: Swift sees an OpaquePointer in both).
struct curtain_window;

/// The characters one cell holds: a spacing character and up to four combining characters
/// (ncurses' CCHARW_MAX), NUL-terminated when fewer.
#define CURTAIN_CELL_CHARACTERS 5

/// The size in bytes of one ncurses cell (cchar_t), for cell storage the caller allocates and
/// fills with curtain_set_cell.
size_t curtain_cell_size(void);

/// Sets cell `index` of `cells` (storage for at least index + 1 cells): `characters` (at most
/// CURTAIN_CELL_CHARACTERS, NUL-terminated), attribute bits from shim.h's curtain_A_*, and
/// colour pair `pair`, passed in the argument this ncurses reads it from. OK, or ERR when this
/// ncurses refused the cell (a negative pair, or one above 32767 on 6.0): the cell is then a
/// blank in the terminal's colours.
int curtain_set_cell(void *cells, int index, const wchar_t *characters, unsigned long attributes, int pair);

/// Writes the first `count` cells of `cells` at the window's cursor (wadd_wchnstr: no wrapping,
/// no scrolling, the cursor stays). A wide character's cell covers two columns.
int curtain_add_cells(struct curtain_window *window, const void *cells, int count);

/// Reads the cell at (y, x) of `window` back (win_wch + getcchar): its characters into
/// `characters` (room for CURTAIN_CELL_CHARACTERS + 1), its attribute bits and its colour pair
/// as this ncurses stores it.
int curtain_read_cell(struct curtain_window *window, int y, int x, wchar_t *characters,
                      unsigned long *attributes, int *pair);

#endif
