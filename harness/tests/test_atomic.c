/* test_atomic.c — writing goes through a temp file in the same directory and a
 * rename (io/jsonio.c): a complete file or none, never a partial one, and
 * no temp file left behind on failure; reading honours the size limit and
 * reports corrupt JSON. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/jsonio.h"
#include "testset/tests/check.h"

/* number of entries in dir (without . and ..) */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    if (!d)
        return -1;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            n++;
    closedir(d);
    return n;
}

static char *slurp(const char *path)
{
    char err[256];
    return db_read_file(path, 1 << 20, NULL, err, sizeof err);
}

int main(void)
{
    char dir[] = "/tmp/daebench_atomic_XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    char path[256], sub[256], missing[256], err[512];
    snprintf(path, sizeof path, "%s/a.json", dir);
    snprintf(sub, sizeof sub, "%s/sub", dir);
    snprintf(missing, sizeof missing, "%s/nodir/b.json", dir);

    /* a fresh write: complete content, nothing else in the directory */
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "schema", "daebench.bench/1");
    cJSON_AddNumberToObject(j, "x", 1.5);
    CHECK(db_json_write_atomic(path, j, err, sizeof err) == 0, "write: %s", err);
    CHECK(entries(dir) == 1, "only the target in the directory, found %d", entries(dir));
    cJSON *back = db_json_read_file(path, err, sizeof err);
    CHECK(back && cJSON_GetNumberValue(cJSON_GetObjectItem(back, "x")) == 1.5,
          "read back what was written");
    cJSON_Delete(back);

    /* overwrite: the new content replaces the old one */
    CHECK(db_write_atomic(path, "{\"v\": 2}\n", 9, err, sizeof err) == 0, "overwrite: %s", err);
    char *text = slurp(path);
    CHECK(text && strcmp(text, "{\"v\": 2}\n") == 0, "overwritten content");
    free(text);

    /* failure at the rename (the target is a directory): the temp file, fully
     * written, must be removed and the directory left as it was */
    mkdir(sub, 0777);
    CHECK(db_json_write_atomic(sub, j, err, sizeof err) != 0, "writing onto a directory fails");
    CHECK(strstr(err, sub) != NULL, "the message names the path: %s", err);
    CHECK(entries(dir) == 2, "no temp file left after a failed rename (%d entries)", entries(dir));
    CHECK(entries(sub) == 0, "the directory target is untouched");
    text = slurp(path);
    CHECK(text && strcmp(text, "{\"v\": 2}\n") == 0, "other files untouched");
    free(text);

    /* failure at the temp file (no such directory): nothing created */
    CHECK(db_json_write_atomic(missing, j, err, sizeof err) != 0, "writing into a missing dir fails");
    CHECK(access(missing, F_OK) != 0, "no file in a missing directory");
    CHECK(entries(dir) == 2, "nothing new after a failed write");
    CHECK(db_dir_of_exists(missing) != 0 && db_dir_of_exists(path) == 0, "db_dir_of_exists");

    /* reading: size limit, corrupt JSON, embedded NUL */
    CHECK(db_read_file(path, 4, NULL, err, sizeof err) == NULL && strstr(err, "larger"),
          "size limit: %s", err);
    CHECK(db_write_atomic(path, "{\"v\": [1, 2", 11, err, sizeof err) == 0, "write corrupt");
    CHECK(db_json_read_file(path, err, sizeof err) == NULL && strstr(err, "not valid JSON"),
          "corrupt JSON is reported: %s", err);
    CHECK(db_write_atomic(path, "{}\0{}", 5, err, sizeof err) == 0, "write NUL");
    CHECK(db_json_read_file(path, err, sizeof err) == NULL, "a NUL byte makes the file corrupt");
    CHECK(db_write_atomic(path, "{\"v\": 3}\n\n", 10, err, sizeof err) == 0, "write");
    back = db_json_read_file(path, err, sizeof err);
    CHECK(back != NULL, "trailing blank lines are fine: %s", back ? "" : err);
    cJSON_Delete(back);

    /* typed getters */
    double x;
    const char *s;
    CHECK(db_json_number(j, "x", &x, err, sizeof err) == 0 && x == 1.5, "number getter");
    CHECK(db_json_number(j, "schema", &x, err, sizeof err) != 0 && strstr(err, "not a number"),
          "type error message: %s", err);
    CHECK(db_json_string(j, "nosuch", &s, err, sizeof err) != 0 && strstr(err, "missing"),
          "missing field message: %s", err);
    cJSON_Delete(j);

    unlink(path);
    rmdir(sub);
    rmdir(dir);
    return check_summary();
}
