/* test_curve_compare.c — the curve comparison of the gate (harness/gate/curves.c)
 * on synthetic curves, for the rule that a curve is judged at equal accuracy and
 * at equal work only where equal accuracy cannot be compared:
 *   - a steep curve (work fixed by stability, accuracy set by the tolerance) whose
 *     runs moved along it, by a few per mille in work and digits in accuracy, as
 *     a last-bit change moves them: not worse (it was, by the accuracy shift at
 *     equal work, before the rule);
 *   - 0.6 digits lost at equal work on an ordinary curve: worse, through the
 *     work at equal accuracy (×2);
 *   - two digits lost on a flat curve (accuracy within FLAT digits, work at
 *     equal accuracy undefined): worse, through the shift at equal work;
 *   - one run 3× off an ordinary curve, the last one: worse;
 *   - a secondary curve (judged by accuracy alone, as the gate's residuals
 *     and errors against f_evals): its last run, or its first, 3 digits less
 *     accurate at the same work, where work at equal accuracy is defined, is worse (the rule
 *     above once left such a curve without any test), and the steep curve
 *     moved along is not. */
#include <math.h>
#include <stdio.h>

#include "harness/gate/curves.h"
#include "testset/tests/check.h"

static const db_curve_th th = { 0.10, 2.0, 0.5, 1.5, NAN };

static db_curve_verdict judge(const db_curve_pt *b, int nb, const db_curve_pt *n, int nn,
                              const char *what)
{
    db_curve_cmp c;
    db_curve_compare(b, nb, n, nn, &th, &c);
    printf("%-40s verdict %d, ratio %.3g (worst %.3g), shift %.3g (worst %.3g)\n", what,
           (int)c.verdict, c.ratio, c.ratio_worst, c.shift, c.shift_worst);
    return c.verdict;
}

int main(void)
{
    /* steep: 58 000 steps whatever the tolerance */
    const db_curve_pt sb[] = { {4.0, 58000, 1e-4}, {6.0, 58200, 1e-6}, {8.0, 58400, 1e-8},
                               {10.0, 58600, 1e-10} };
    const db_curve_pt sn[] = { {4.3, 58150, 1e-4}, {5.6, 58330, 1e-6}, {8.4, 58390, 1e-8},
                               {9.1, 58610, 1e-10} };
    db_curve_verdict v = judge(sb, 4, sn, 4, "steep curve, runs moved along it");
    CHECK(v != DB_CURVE_WORSE, "a steep curve whose runs moved along it is not worse (%d)", v);

    /* ordinary: a decade of work per two digits; then half a digit lost */
    const db_curve_pt ob[] = { {4.0, 100, 1e-4}, {6.0, 1000, 1e-6}, {8.0, 10000, 1e-8},
                               {10.0, 100000, 1e-10} };
    const db_curve_pt on[] = { {3.4, 100, 1e-4}, {5.4, 1000, 1e-6}, {7.4, 10000, 1e-8},
                               {9.4, 100000, 1e-10} };
    v = judge(ob, 4, on, 4, "ordinary curve, 0.6 digits lost");
    CHECK(v == DB_CURVE_WORSE, "0.6 digits lost at equal work is worse (%d)", v);

    /* flat within FLAT digits: only the shift at equal work compares */
    const db_curve_pt fb[] = { {12.0, 100, 1e-4}, {12.1, 1000, 1e-6}, {12.2, 10000, 1e-8} };
    const db_curve_pt fn[] = { {10.0, 100, 1e-4}, {10.1, 1000, 1e-6}, {10.2, 10000, 1e-8} };
    v = judge(fb, 3, fn, 3, "flat curve, two digits lost");
    CHECK(v == DB_CURVE_WORSE, "two digits lost on a flat curve are worse (%d)", v);

    /* one run 3x off the ordinary curve, the last */
    const db_curve_pt pn[] = { {4.0, 100, 1e-4}, {6.0, 1000, 1e-6}, {8.0, 10000, 1e-8},
                               {10.0, 300000, 1e-10} };
    v = judge(ob, 4, pn, 4, "ordinary curve, last run 3x");
    CHECK(v == DB_CURVE_WORSE, "one run 3x off the curve, the last, is worse (%d)", v);

    /* secondary: accuracy alone (the gate's thresholds: no work test, 1.5
     * digits a run); the last run 3 digits off at its own work */
    const db_curve_th sec = { INFINITY, INFINITY, INFINITY, 1.5, NAN };
    const db_curve_pt qb[] = { {1.5, 121, 1e-4}, {3.9, 2236, 1e-6}, {6.1, 5121, 1e-8} };
    const db_curve_pt qn[] = { {1.5, 121, 1e-4}, {3.9, 2236, 1e-6}, {3.1, 5121, 1e-8} };
    db_curve_cmp c;
    db_curve_compare(qb, 3, qn, 3, &sec, &c);
    CHECK(c.verdict == DB_CURVE_WORSE, "secondary curve, last run 3 digits off: worse (%d, "
          "worst shift %.3g)", (int)c.verdict, c.shift_worst);
    /* and the first run, 3 digits off at its work (early in the curve) */
    const db_curve_pt qe[] = { {-1.5, 121, 1e-4}, {3.9, 2236, 1e-6}, {6.1, 5121, 1e-8} };
    db_curve_compare(qb, 3, qe, 3, &sec, &c);
    CHECK(c.verdict == DB_CURVE_WORSE, "secondary curve, first run 3 digits off: worse (%d, "
          "worst shift %.3g)", (int)c.verdict, c.shift_worst);
    db_curve_compare(sb, 4, sn, 4, &sec, &c);
    CHECK(c.verdict != DB_CURVE_WORSE, "secondary: the steep curve moved along it is not "
          "worse (%d, worst shift %.3g)", (int)c.verdict, c.shift_worst);
    return check_summary();
}
