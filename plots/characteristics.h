/* characteristics.h — the run-characteristics table of a problem page
 * (characteristics.c), after the IVP test set's: per solver, its best
 * formulation on the page, and at each tolerance the steps, rejected steps,
 * f, J and LU counts, CPU time and gscd. */
#ifndef DAEBENCH_CHARACTERISTICS_H
#define DAEBENCH_CHARACTERISTICS_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* the table of the page's runs v[0..n−1] as HTML on h and Markdown on m */
void db_characteristics_write(FILE *h, FILE *m, const cJSON **v, int n);

#endif
