/* overlay.h — a baseline curve and its new curve in one inline SVG (overlay.c),
 * for the diff page of `report`: work (log axis) against accuracy (digits). */
#ifndef DAEBENCH_OVERLAY_H
#define DAEBENCH_OVERLAY_H

#include <stdio.h>

#include "harness/gate/curves.h"

/* the points b[0..nb−1] (baseline) and n[0..nn−1] (now) as one <svg> on f;
 * work and acc name the axes */
void db_overlay_svg(FILE *f, const db_curve_pt *b, int nb, const db_curve_pt *n, int nn,
                    const char *work, const char *acc);

#endif
