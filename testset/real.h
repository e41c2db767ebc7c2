/* real.h — the floating type of model code written once and compiled twice: in
 * double for a problem's callbacks (mech.h) and, with DB_REAL_LONG defined
 * before the include, in long double for its mech_ld.h table (the reference
 * integrator's evaluation).  Model code uses db_real and the DB_R* functions. */
#ifndef DAEBENCH_REAL_H
#define DAEBENCH_REAL_H

#include <math.h>

#ifdef DB_REAL_LONG
typedef long double db_real;
#define DB_RSIN sinl
#define DB_RCOS cosl
#define DB_RSQRT sqrtl
#else
typedef double db_real;
#define DB_RSIN sin
#define DB_RCOS cos
#define DB_RSQRT sqrt
#endif

#endif
