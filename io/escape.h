/* escape.h — one escaper per output sink (issue 15, "no injection"): every
 * string from a bench file, a reference file or the command line that reaches
 * gnuplot, a .dat file, HTML, Markdown, CSV or a terminal goes through the
 * escaper of that sink, here and nowhere else.  And the check of names where
 * they enter (bench file reader, benchfile.h).
 *
 *   db_esc_gnuplot  text inside a gnuplot single-quoted string of "-e": ' is
 *                   doubled; control bytes, ` and @ become '?' (no command,
 *                   macro or backquote substitution can be reached)
 *   db_esc_dat      one field of a line of a .dat file (also a "# ..." comment):
 *                   control bytes (a newline would add a data row) become '?'
 *   db_esc_html     HTML text or attribute value: & < > " ' as entities,
 *                   control bytes become '?'
 *   db_esc_md       a Markdown table cell: as HTML (Markdown passes inline HTML
 *                   through), and | ` * _ [ ] as entities
 *   db_esc_csv      one CSV cell (RFC 4180): quoted when it holds , " CR LF, a
 *                   leading = + - @ TAB CR gets a ' in front (a spreadsheet would
 *                   run it as a formula), other control bytes become '?'
 *   db_esc_term     text for a terminal or a log: control bytes (ESC, CR, LF,
 *                   BS, DEL, ...) and backslash as \xNN, so that a name can
 *                   neither move the cursor nor forge a line
 *
 * Each returns a pointer to a buffer owned by this module that stays valid for
 * the next DB_ESC_RING - 1 calls of any escaper (enough for one printf); NULL
 * gives "".  The text is never truncated.  Out of memory: the program dies
 * (one line, exit 2). */
#ifndef DAEBENCH_ESCAPE_H
#define DAEBENCH_ESCAPE_H

#include <stdio.h>

#define DB_ESC_RING 16
#define DB_NAME_MAX 64

const char *db_esc_gnuplot(const char *s);
const char *db_esc_dat(const char *s);
const char *db_esc_html(const char *s);
const char *db_esc_md(const char *s);
const char *db_esc_csv(const char *s);
const char *db_esc_term(const char *s);

/* s as HTML text (db_esc_html) written to f, with every space-separated word
 * that holds a digit and a hyphen (1e-13, t=0.714, p:1) kept on one line: a
 * narrow table wraps such a cell between words only */
void db_html_words(FILE *f, const char *s);

/* s in place made printable UTF-8 (issue 28: text from a solver plugin): every
 * control character (C0, DEL, C1 as U+0080..U+009F) and every byte that is not
 * part of a valid UTF-8 sequence (overlong, surrogate, above U+10FFFF,
 * truncated) becomes '?'; valid printable characters stay.  The length never
 * changes; NULL is left alone. */
void db_printable_utf8(char *s);

/* a name of a problem, scenario, formulation, solver, variant, parameter or
 * suite: 1..DB_NAME_MAX characters of [A-Za-z0-9._+-], not starting with '-'
 * or '.'; 1 if s is one */
int db_name_valid(const char *s);

#endif
