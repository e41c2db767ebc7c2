/* test_reference_corrupt.c — `daebench reference --verify` must fail on a
 * corrupted copy of a stored reference and name file, group and row (issue 13):
 *   - every group of every grid row past the middle scaled by 1 + 1e-6 (and the
 *     end values with them, so that end = last row still holds): exit 1, the
 *     message names the copy, group p and the first row past the middle;
 *   - only the end values scaled by 1 + 1e-6: exit 1, naming the end values;
 *   - the unchanged copy in the same directory: exit 0.
 * On double_pendulum_stiff (short span: the whole-span recomputation is fast)
 * and truck:hump (the recomputation crosses the kinks of the road).
 * The wheelset, whose plan lets --verify's recomputation differ by 1e-8 in v
 * (refgen.c verify_digits; the default is 1e-9): its spin β moved by 3e-8 of the
 * group's magnitude in every row past the middle and at the end → exit 1 naming
 * group v and the first such row, so that the looser bound is still a gate. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "io/jsonio.h"
#include "testset/tests/check.h"

static const char *groups[] = {"p", "v", "lambda", "mu"};

static void scale_row(cJSON *row, double f)
{
    cJSON *x;
    cJSON_ArrayForEach(x, row)
        cJSON_SetNumberValue(x, x->valuedouble * f);
}

/* reference/<name>.json of the source tree, or NULL (a failed check) */
static cJSON *read_stored(const char *name)
{
    char src[1024], err[512];
    snprintf(src, sizeof src, "%s/reference/data/%s.json", DAEBENCH_SOURCE_DIR, name);
    cJSON *j = db_json_read_file(src, err, sizeof err);
    CHECK(j != NULL, "read %s: %s", src, err);
    return j;
}

/* write j as dir/<name>.json and free it */
static void write_copy(cJSON *j, const char *name, const char *dir)
{
    char dst[1200], err[512];
    snprintf(dst, sizeof dst, "%s/%s.json", dir, name);
    CHECK(db_json_write_atomic(dst, j, err, sizeof err) == 0, "write %s: %s", dst, err);
    cJSON_Delete(j);
}

/* copy reference/<name>.json into dir: rows > nt/2 scaled (rows = 1) and/or the
 * end values (end = 1); returns the first scaled row (or -1) */
static int corrupt_copy(const char *name, const char *dir, int rows, int end)
{
    cJSON *j = read_stored(name);
    if (!j)
        return -1;
    cJSON *grid = cJSON_GetObjectItemCaseSensitive(j, "grid");
    int nt = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(grid, "t"));
    int first = nt / 2 + 1;
    for (int g = 0; g < 4 && rows; g++) {
        cJSON *a = cJSON_GetObjectItemCaseSensitive(grid, groups[g]);
        for (int k = first; k < nt; k++)
            scale_row(cJSON_GetArrayItem(a, k), 1.0 + 1e-6);
    }
    for (int g = 0; g < 4 && end; g++)
        scale_row(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(j, "end"),
                                                   groups[g]),
                  1.0 + 1e-6);
    write_copy(j, name, dir);
    return rows ? first : -1;
}

/* copy reference/<name>.json into dir with component i of group g moved by
 * rel times the group's magnitude in every row past the middle and at the end;
 * returns the first moved row */
static int shift_copy(const char *name, const char *dir, const char *g, int i, double rel)
{
    cJSON *j = read_stored(name);
    if (!j)
        return -1;
    double d = rel * cJSON_GetObjectItemCaseSensitive(
                         cJSON_GetObjectItemCaseSensitive(j, "magnitude"), g)->valuedouble;
    cJSON *grid = cJSON_GetObjectItemCaseSensitive(j, "grid");
    cJSON *a = cJSON_GetObjectItemCaseSensitive(grid, g);
    int nt = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(grid, "t"));
    int first = nt / 2 + 1;
    for (int k = first; k < nt; k++) {
        cJSON *x = cJSON_GetArrayItem(cJSON_GetArrayItem(a, k), i);
        cJSON_SetNumberValue(x, x->valuedouble + d);
    }
    cJSON *x = cJSON_GetArrayItem(
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(j, "end"), g), i);
    cJSON_SetNumberValue(x, x->valuedouble + d);
    write_copy(j, name, dir);
    return first;
}

/* run verify of spec with the references of dir; status, output in out */
static int verify(const char *dir, const char *spec, char *out, size_t len)
{
    char cmd[2048], path[1200];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    snprintf(cmd, sizeof cmd, "DAEBENCH_REFERENCE_DIR='%s' '%s' reference --verify -p %s > '%s' 2>&1",
             dir, DAEBENCH_BINARY, spec, path);
    int st = system(cmd);
    out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (f) {
        size_t n = fread(out, 1, len - 1, f);
        out[n] = '\0';
        fclose(f);
    }
    unlink(path);
    printf("%s", out);
    return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void case_of(const char *dir, const char *name, const char *spec)
{
    char out[8192], want[256];
    /* unchanged copy passes */
    corrupt_copy(name, dir, 0, 0);
    int st = verify(dir, spec, out, sizeof out);
    CHECK(st == 0, "%s unchanged: status %d (want 0)", name, st);
    /* late rows scaled */
    int first = corrupt_copy(name, dir, 1, 1);
    st = verify(dir, spec, out, sizeof out);
    CHECK(st == 1, "%s rows past the middle scaled: status %d (want 1)", name, st);
    snprintf(want, sizeof want, "%s.json: group p, grid row %d ", name, first);
    CHECK(strstr(out, want) != NULL, "%s: message lacks '%s'", name, want);
    /* only the end values scaled */
    corrupt_copy(name, dir, 0, 1);
    st = verify(dir, spec, out, sizeof out);
    CHECK(st == 1, "%s end values scaled: status %d (want 1)", name, st);
    snprintf(want, sizeof want, "%s.json: group ", name);
    CHECK(strstr(out, want) != NULL && strstr(out, ", end values") != NULL,
          "%s: message does not name file, group and the end values", name);
    char p[1300];
    snprintf(p, sizeof p, "%s/%s.json", dir, name);
    unlink(p);
}

int main(void)
{
    char dir[] = "/tmp/daebench-refcorrupt-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    case_of(dir, "double_pendulum_stiff-default", "double_pendulum_stiff");
    case_of(dir, "truck-hump", "truck:hump");
    /* the wheelset's looser bound in v still goes red */
    char out[8192], want[256], p[1300];
    int first = shift_copy("wheelset-default", dir, "v", 5, 3e-8);
    int st = verify(dir, "wheelset", out, sizeof out);
    CHECK(st == 1, "wheelset beta moved by 3e-8: status %d (want 1)", st);
    snprintf(want, sizeof want, "wheelset-default.json: group v, grid row %d ", first);
    CHECK(strstr(out, want) != NULL, "wheelset: message lacks '%s'", want);
    snprintf(p, sizeof p, "%s/wheelset-default.json", dir);
    unlink(p);
    rmdir(dir);
    return check_summary();
}
