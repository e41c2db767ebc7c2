/* diff_page.h — the body of diff.html / diff.md of `daebench report --baseline`
 * (diff_page.c): check's verdict at equal accuracy, for a reviewer. */
#ifndef DAEBENCH_DIFF_PAGE_H
#define DAEBENCH_DIFF_PAGE_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* write the page's body to h (HTML) and m (Markdown) for the bench files at
 * basepath and respath (loaded: base, cur); *nreg = check's regressions;
 * returns check's exit status */
int db_diff_page(FILE *h, FILE *m, const char *basepath, const char *respath, const cJSON *base,
                 const cJSON *cur, int *nreg);

#endif
