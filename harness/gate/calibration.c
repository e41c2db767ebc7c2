/* calibration.c — the calibration kernel of a bench file and its record
 * (calibration.h). */
#include <math.h>
#include <stdlib.h>

#include "harness/gate/calibration.h"
#include "harness/gate/machine.h"
#include "solvers/solver.h"

#define CAL_N 96          /* matrix order */
#define CAL_REPEATS 240   /* LU + solve per pass (~0.04 s on a 2020s core at -O3) */
#define CAL_NAME "dense LU 96x96 with partial pivoting + 4 solves, 240 times, least of 5"

/* one pass: factor and solve CAL_REPEATS matrices from a fixed LCG */
static double kernel_pass(void)
{
    static double a[CAL_N * CAL_N], b[CAL_N];
    int piv[CAL_N];
    unsigned long long s = 88172645463325252ULL;
    double sum = 0.0;
    for (int r = 0; r < CAL_REPEATS; r++) {
        for (int k = 0; k < CAL_N * CAL_N; k++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            a[k] = (double)(s >> 11) / 9007199254740992.0 - 0.5;
        }
        for (int i = 0; i < CAL_N; i++)
            a[i * CAL_N + i] += 4.0;
        for (int k = 0; k < CAL_N; k++) {
            int p = k;
            for (int i = k + 1; i < CAL_N; i++)
                if (fabs(a[i * CAL_N + k]) > fabs(a[p * CAL_N + k]))
                    p = i;
            piv[k] = p;
            if (p != k)
                for (int j = 0; j < CAL_N; j++) {
                    double t = a[k * CAL_N + j];
                    a[k * CAL_N + j] = a[p * CAL_N + j];
                    a[p * CAL_N + j] = t;
                }
            for (int i = k + 1; i < CAL_N; i++) {
                double l = a[i * CAL_N + k] /= a[k * CAL_N + k];
                for (int j = k + 1; j < CAL_N; j++)
                    a[i * CAL_N + j] -= l * a[k * CAL_N + j];
            }
        }
        for (int rhs = 0; rhs < 4; rhs++) {
            for (int i = 0; i < CAL_N; i++)
                b[i] = sin(0.1 * (i + rhs));
            for (int k = 0; k < CAL_N; k++) {
                double t = b[piv[k]];
                b[piv[k]] = b[k];
                b[k] = t;
                for (int i = k + 1; i < CAL_N; i++)
                    b[i] -= a[i * CAL_N + k] * b[k];
            }
            for (int i = CAL_N - 1; i >= 0; i--) {
                for (int j = i + 1; j < CAL_N; j++)
                    b[i] -= a[i * CAL_N + j] * b[j];
                b[i] /= a[i * CAL_N + i];
            }
            sum += b[rhs];
        }
    }
    return sum;
}

double db_calibration_time(double *checksum)
{
    double best = INFINITY, sum = 0.0;
    for (int k = 0; k < 5; k++) {
        double t0 = db_cpu_seconds();
        sum = kernel_pass();
        double t = db_cpu_seconds() - t0;
        if (t < best)
            best = t;
    }
    if (checksum)
        *checksum = sum;
    return best;
}

void db_calibration_begin(cJSON *root)
{
    double sum;
    double t = db_calibration_time(&sum);
    cJSON *c = cJSON_AddObjectToObject(root, "calibration");
    cJSON_AddStringToObject(c, "kernel", CAL_NAME);
    cJSON_AddNumberToObject(c, "checksum", sum);
    cJSON_AddNumberToObject(c, "start", t);
    cJSON_AddItemToObject(root, "build", db_build_json());
}

void db_calibration_end(cJSON *root)
{
    cJSON *c = cJSON_GetObjectItemCaseSensitive(root, "calibration");
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(c, "start");
    if (!cJSON_IsObject(c) || !cJSON_IsNumber(s))
        return;
    double t = db_calibration_time(NULL);
    cJSON_AddNumberToObject(c, "end", t);
    cJSON_AddNumberToObject(c, "seconds", 0.5 * (s->valuedouble + t));
}

double db_calibration_seconds(const cJSON *bench)
{
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(bench, "calibration");
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(c, "seconds");
    if (!cJSON_IsNumber(s))
        s = cJSON_GetObjectItemCaseSensitive(c, "start"); /* an interrupted sweep */
    if (!cJSON_IsNumber(s) || !(s->valuedouble > 0) || !isfinite(s->valuedouble))
        return NAN;
    return s->valuedouble;
}
