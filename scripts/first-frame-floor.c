// The floor for the demo's first full frame (issue 38, item 3): a static C program on ncursesw
// that does only what a first frame needs — initscr, the same text at the same places, in
// colour, refresh — and then waits for `q`. scripts/measure-demo.py builds it (cc, static) and
// starts it in the same pty harness as the demo, with the demo's first frame as its text.
//
// Usage: first-frame-floor FILE   (FILE: the screen's rows, one a line, UTF-8)
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: first-frame-floor FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "r");
    if (!file) {
        perror(argv[1]);
        return 1;
    }
    static char rows[64][1024];
    int count = 0;
    while (count < 64 && fgets(rows[count], sizeof rows[count], file)) {
        rows[count][strcspn(rows[count], "\n")] = '\0';
        count++;
    }
    fclose(file);

    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    if (has_colors()) {
        start_color();
        use_default_colors();
        // Borders in one colour, text in the default: two pairs, as a plain themed frame needs.
        init_pair(1, COLOR_CYAN, -1);
    }
    for (int y = 0; y < count && y < LINES; y++) {
        // The box-drawing rows in colour, the rest plain: the frame's colour changes per row.
        int boxed = strstr(rows[y], "\xe2\x94") != NULL;  // U+25xx: box drawing
        if (boxed) attron(COLOR_PAIR(1));
        mvaddstr(y, 0, rows[y]);
        if (boxed) attroff(COLOR_PAIR(1));
    }
    refresh();
    while (getch() != 'q') {}
    endwin();
    return 0;
}
