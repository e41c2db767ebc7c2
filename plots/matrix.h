/* matrix.h — the problem × solver matrix of the report's summary page
 * (matrix.c): per problem page and solver the work to reach 4, 6, 8 digits,
 * the formulation, the best digits and the failures. */
#ifndef DAEBENCH_MATRIX_H
#define DAEBENCH_MATRIX_H

#include <stdio.h>

#include <cjson/cJSON.h>

/* the matrix of the run records `runs` as HTML on h and Markdown on m */
void db_matrix_write(FILE *h, FILE *m, const cJSON *runs);

#endif
