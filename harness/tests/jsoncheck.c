/* jsoncheck.c — helper of the shell tests (not a test itself): checks that a
 * file is valid JSON with cJSON (python is not guaranteed on CI) and, for a
 * bench file, prints one line per run record:
 *     problem scenario formulation solver rtol status reason|- message
 * Exit 0 when the file parses (and is an object with a "runs" array when it has
 * "runs"), 1 otherwise.  Built as daebench-jsoncheck (testsolvers.cmake); reads
 * the file with db_read_file (io/jsonio.c). */
#include <stdio.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "io/jsonio.h"

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
    char err[512];
    char *buf = db_read_file(argv[1], DB_JSON_MAX_BYTES, NULL, err, sizeof err);
    if (!buf) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
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
