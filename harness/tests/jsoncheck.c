/* jsoncheck.c — helper of the shell tests (not a test itself): checks that a
 * file is valid JSON with cJSON (python is not guaranteed on CI) and, for a
 * bench file, prints one line per run record:
 *     problem scenario formulation solver rtol status reason|- message
 * Exit 0 when the file parses (and is an object with a "runs" array when it has
 * "runs"), 1 otherwise.  Built as daebench-jsoncheck (testsolvers.cmake). */
#include <stdio.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

static const char *str(const cJSON *o, const char *name)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(it) ? it->valuestring : "-";
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: daebench-jsoncheck FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *grown = realloc(buf, 2 * cap + 1);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf)
        return 1;
    buf[n] = '\0';
    cJSON *j = cJSON_ParseWithOpts(buf, NULL, 1);
    free(buf);
    if (!j) {
        fprintf(stderr, "%s: not valid JSON\n", argv[1]);
        return 1;
    }
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(j, "runs");
    if (runs && !cJSON_IsArray(runs)) {
        fprintf(stderr, "%s: runs is not an array\n", argv[1]);
        cJSON_Delete(j);
        return 1;
    }
    const cJSON *r;
    cJSON_ArrayForEach(r, runs) {
        const cJSON *rtol = cJSON_GetObjectItemCaseSensitive(r, "rtol");
        printf("%s %s %s %s %g %s %s %s\n", str(r, "problem"), str(r, "scenario"),
               str(r, "formulation"), str(r, "solver"),
               cJSON_IsNumber(rtol) ? rtol->valuedouble : -1.0, str(r, "status"),
               str(r, "reason"), str(r, "message"));
    }
    cJSON_Delete(j);
    return 0;
}
