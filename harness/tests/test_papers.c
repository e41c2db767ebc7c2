/* test_papers.c — the verdicts of the reproduction page and its regression gate
 * (harness/papers/papers_compare.c): the 5 % / 1.5x boundaries both ways, sign and
 * failed runs; a verdict that gets worse — also in the last of many entries —
 * is a regression, an improvement is not, a comparable entry that disappears is,
 * a not-comparable one is ignored, the --seeds selection limits the comparison,
 * and documents that are not papers results are refused.  Solution values are
 * judged in digits against min(significant digits - 1, 8): the boundaries both
 * ways, the cap, and a value 4 % off that the ratio would call reproduced. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "harness/papers/papers.h"
#include "testset/tests/check.h"

static void test_verdicts(void)
{
    double r, d;
    CHECK(db_papers_verdict(100, 104.9, &r, &d) == DB_VERDICT_REPRODUCED && fabs(r - 1.049) < 1e-12,
          "4.9 %% above: reproduced (ratio %g)", r);
    CHECK(db_papers_verdict(100, 95.3, &r, &d) == DB_VERDICT_REPRODUCED, "4.7 %% below: reproduced");
    CHECK(db_papers_verdict(100, 105.2, &r, &d) == DB_VERDICT_CLOSE, "5.2 %% above: close");
    CHECK(db_papers_verdict(100, 149, &r, &d) == DB_VERDICT_CLOSE, "1.49x: close");
    CHECK(db_papers_verdict(100, 67, &r, &d) == DB_VERDICT_CLOSE, "1/1.49: close");
    CHECK(db_papers_verdict(100, 151, &r, &d) == DB_VERDICT_DIFFERENT, "1.51x: different");
    CHECK(db_papers_verdict(100, 66, &r, &d) == DB_VERDICT_DIFFERENT, "1/1.52: different");
    CHECK(db_papers_verdict(-2.0, 2.0, &r, &d) == DB_VERDICT_DIFFERENT, "other sign: different");
    CHECK(db_papers_verdict(5, NAN, &r, &d) == DB_VERDICT_DIFFERENT && isnan(r),
          "no value (failed run): different");
    CHECK(db_papers_verdict(0, 0, &r, &d) == DB_VERDICT_REPRODUCED, "0 and 0: reproduced");
    CHECK(db_papers_verdict(0, 1e-3, &r, &d) == DB_VERDICT_DIFFERENT, "0 and 1e-3: different");
    CHECK(db_papers_verdict(47, 0, &r, &d) == DB_VERDICT_DIFFERENT && d == 0 && !signbit(d),
          "0 against 47: different, 0 digits (not -0)");
    db_papers_verdict(50.13234894447380, 50.13234894447390, &r, &d);
    CHECK(d > 14 && d < 15, "digits of agreement of 1e-13 relative: %g", d);
    for (int v = 0; v < 4; v++)
        CHECK(db_verdict_from_name(db_verdict_name((db_verdict)v)) == v, "verdict name %d", v);
    CHECK(db_verdict_from_name("fine") == -1, "unknown verdict name");
}

static void test_digits(void)
{
    double r, d;
    CHECK(db_papers_sig_digits(0.01124) == 4 && db_papers_sig_digits(1.5) == 2 &&
              db_papers_sig_digits(50.1323489444738) == 15 && db_papers_sig_digits(7) == 1,
          "significant digits as written");
    CHECK(db_papers_target_digits(0.01124) == 3 && db_papers_target_digits(50.1323489444738) == 8
              && db_papers_target_digits(7) == 1, "targets: s - 1, capped at 8, at least 1");
    /* 0.01124 (target 3): 3.1 digits reproduced, 2.9 close, 1.9 different */
    CHECK(db_papers_verdict_digits(0.01124, 0.01124 * (1 + 8e-4), &r, &d) ==
              DB_VERDICT_REPRODUCED, "3.1 digits of 3: reproduced (%g)", d);
    CHECK(db_papers_verdict_digits(0.01124, 0.01124 * (1 - 1.2e-3), &r, &d) == DB_VERDICT_CLOSE,
          "2.9 digits of 3: close (%g)", d);
    CHECK(db_papers_verdict_digits(0.01124, 0.01124 * (1 + 1.2e-2), &r, &d) ==
              DB_VERDICT_DIFFERENT, "1.9 digits of 3: different (%g)", d);
    /* 4 % off: the ratio says reproduced, the digits different */
    CHECK(db_papers_verdict(0.01124, 0.01124 * 1.04, &r, &d) == DB_VERDICT_REPRODUCED &&
              db_papers_verdict_digits(0.01124, 0.01124 * 1.04, &r, &d) == DB_VERDICT_DIFFERENT,
          "4 %% off: a count is reproduced, a value is not");
    /* 16 printed digits: the target is the cap, 8 */
    CHECK(db_papers_verdict_digits(50.1323489444738, 50.1323489444738 * (1 + 9e-9), &r, &d) ==
              DB_VERDICT_REPRODUCED, "8.05 digits of a 15-digit value: reproduced");
    CHECK(db_papers_verdict_digits(50.1323489444738, 50.1323489444738 * (1 + 2e-8), &r, &d) ==
              DB_VERDICT_CLOSE, "7.7 digits of a 15-digit value: close");
    CHECK(db_papers_verdict_digits(-2.0, 2.0, &r, &d) == DB_VERDICT_DIFFERENT &&
              db_papers_verdict_digits(5, NAN, &r, &d) == DB_VERDICT_DIFFERENT,
          "other sign, no value: different");
}

/* a results document of n entries of seed "001" (and one of "004"), verdict of
 * entry k from verdicts[k % nv] */
static cJSON *doc(int n, const char *const *verdicts, int nv)
{
    cJSON *d = cJSON_CreateObject(), *e = cJSON_CreateArray();
    cJSON_AddStringToObject(d, "schema", DB_PAPERS_RESULTS_SCHEMA);
    cJSON_AddItemToObject(d, "entries", e);
    for (int k = 0; k < n; k++) {
        cJSON *o = cJSON_CreateObject();
        char id[32];
        snprintf(id, sizeof id, "T5.%d", k);
        cJSON_AddStringToObject(o, "id", id);
        cJSON_AddStringToObject(o, "seed", k == n - 1 ? "004" : "001");
        cJSON_AddStringToObject(o, "verdict", verdicts[k % nv]);
        cJSON_AddItemToArray(e, o);
    }
    return d;
}

static void set_verdict(cJSON *d, int k, const char *v)
{
    cJSON *e = cJSON_GetArrayItem(cJSON_GetObjectItem(d, "entries"), k);
    cJSON_ReplaceItemInObject(e, "verdict", cJSON_CreateString(v));
}

static void test_compare(void)
{
    static const char *const vs[] = {"reproduced", "close", "different", "not comparable"};
    const int n = 60;
    cJSON *base = doc(n, vs, 4), *cur = doc(n, vs, 4);
    FILE *null = fopen("/dev/null", "w");
    char err[256];
    CHECK(db_papers_compare(base, cur, NULL, null, err, sizeof err) == 0, "identical: 0");
    /* a late entry of seed 001 gets worse */
    set_verdict(cur, n - 3, "different");   /* k = 57: 57 % 4 = 1, close -> different */
    CHECK(db_papers_compare(base, cur, NULL, null, err, sizeof err) == 1,
          "close -> different late in the data: 1 regression");
    CHECK(db_papers_compare(base, cur, "004", null, err, sizeof err) == 0,
          "--seeds 004 does not see a regression of seed 001");
    set_verdict(cur, n - 3, "reproduced");
    CHECK(db_papers_compare(base, cur, NULL, null, err, sizeof err) == 0, "improvement: 0");
    /* the last entry (seed 004) different in both, then hidden as not comparable */
    set_verdict(base, n - 1, "different");
    set_verdict(cur, n - 1, "different");
    CHECK(db_papers_compare(base, cur, NULL, null, err, sizeof err) == 0, "still 0");
    set_verdict(cur, n - 1, "not comparable");
    CHECK(db_papers_compare(base, cur, NULL, null, err, sizeof err) == 1,
          "different -> not comparable (hiding a difference) is a regression");
    set_verdict(cur, n - 1, "different");
    /* a not-comparable baseline entry (k = 3) may change freely */
    set_verdict(cur, 3, "different");
    CHECK(db_papers_compare(base, cur, NULL, null, err, sizeof err) == 0,
          "not comparable in the baseline: ignored");
    /* an entry disappears */
    cJSON_DeleteItemFromArray(cJSON_GetObjectItem(cur, "entries"), n - 2);
    CHECK(db_papers_compare(base, cur, NULL, null, err, sizeof err) == 1,
          "a comparable entry missing now: 1 regression");
    /* not a papers results document */
    cJSON *bad = cJSON_CreateObject();
    cJSON_AddStringToObject(bad, "schema", "daebench.bench/1");
    CHECK(db_papers_compare(bad, cur, NULL, null, err, sizeof err) == -1 &&
              strstr(err, "not a papers results file"),
          "wrong schema refused: %s", err);
    set_verdict(base, 5, "excellent");
    CHECK(db_papers_compare(base, cur, NULL, null, err, sizeof err) == -1,
          "unknown verdict in the baseline refused");
    fclose(null);
    cJSON_Delete(bad);
    cJSON_Delete(base);
    cJSON_Delete(cur);
}

int main(void)
{
    test_verdicts();
    test_digits();
    test_compare();
    return check_summary();
}
