/* jsonio.c — atomic JSON writing, bounded reading and typed getters (cJSON). */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jsonio.h"

/* directory part of path into dir (at least "." ) */
static void dir_of(const char *path, char *dir, size_t len)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    snprintf(dir, len, "%s", dirname(tmp));
}

int db_dir_of_exists(const char *path)
{
    char dir[4096];
    struct stat st;
    dir_of(path, dir, sizeof dir);
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -1;
}

int db_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
    char dir[4096], base[1024], tmp[4096 + 1100];
    char copy[4096];
    dir_of(path, dir, sizeof dir);
    snprintf(copy, sizeof copy, "%s", path);
    snprintf(base, sizeof base, "%s", basename(copy));
    snprintf(tmp, sizeof tmp, "%s/.%s.tmpXXXXXX", dir, base);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    /* mkstemp makes 0600: give the file the usual permissions */
    mode_t um = umask(0);
    umask(um);
    fchmod(fd, 0666 & ~um);
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            goto fail;
        }
        done += (size_t)w;
    }
    if (fsync(fd) != 0)
        goto fail;
    if (close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path) != 0)
        goto fail;
    /* make the rename durable */
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 0;
fail:
    snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    return -1;
}

int db_json_write_atomic(const char *path, const cJSON *json, char *err, size_t errlen)
{
    char *text = cJSON_Print(json);
    if (!text) {
        snprintf(err, errlen, "cannot write %s: out of memory", path);
        return -1;
    }
    size_t len = strlen(text);
    /* end with a newline, as text files do */
    char *full = malloc(len + 2);
    if (!full) {
        cJSON_free(text);
        snprintf(err, errlen, "cannot write %s: out of memory", path);
        return -1;
    }
    memcpy(full, text, len);
    full[len] = '\n';
    full[len + 1] = '\0';
    cJSON_free(text);
    int rc = db_write_atomic(path, full, len + 1, err, errlen);
    free(full);
    return rc;
}

char *db_read_file(const char *path, long maxbytes, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot read %s: not a regular file", path);
        fclose(f);
        return NULL;
    }
    if (st.st_size > maxbytes) {
        snprintf(err, errlen, "cannot read %s: larger than %ld bytes", path, maxbytes);
        fclose(f);
        return NULL;
    }
    size_t n = (size_t)st.st_size;
    char *buf = malloc(n + 1);
    if (!buf) {
        snprintf(err, errlen, "cannot read %s: out of memory", path);
        fclose(f);
        return NULL;
    }
    size_t got = fread(buf, 1, n, f);
    fclose(f);
    if (got != n) {
        snprintf(err, errlen, "cannot read %s: short read", path);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

cJSON *db_json_read_file(const char *path, char *err, size_t errlen)
{
    size_t n;
    char *text = db_read_file(path, DB_JSON_MAX_BYTES, &n, err, errlen);
    if (!text)
        return NULL;
    if (strlen(text) != n) {
        snprintf(err, errlen, "%s: not valid JSON (NUL byte at %zu)", path, strlen(text));
        free(text);
        return NULL;
    }
    const char *end = NULL;
    cJSON *json = cJSON_ParseWithOpts(text, &end, 1);
    if (!json) {
        const char *at = cJSON_GetErrorPtr();
        long pos = at && at >= text && at <= text + n ? (long)(at - text) : -1;
        snprintf(err, errlen, "%s: not valid JSON (near byte %ld)", path, pos);
    }
    free(text);
    return json;
}

int db_json_number(const cJSON *obj, const char *name, double *out, char *err, size_t errlen)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsNumber(it)) {
        snprintf(err, errlen, "field '%s' %s", name, it ? "is not a number" : "is missing");
        return -1;
    }
    if (!isfinite(it->valuedouble)) { /* 1e999 parses as inf */
        snprintf(err, errlen, "field '%s' is not a finite number", name);
        return -1;
    }
    *out = it->valuedouble;
    return 0;
}

int db_json_number_or_null(const cJSON *obj, const char *name, double *out, char *err,
                           size_t errlen)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (cJSON_IsNull(it)) {
        *out = NAN;
        return 0;
    }
    return db_json_number(obj, name, out, err, errlen);
}

int db_json_string(const cJSON *obj, const char *name, const char **out, char *err,
                   size_t errlen)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsString(it)) {
        snprintf(err, errlen, "field '%s' %s", name, it ? "is not a string" : "is missing");
        return -1;
    }
    *out = it->valuestring;
    return 0;
}

const cJSON *db_json_array(const cJSON *obj, const char *name, char *err, size_t errlen)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsArray(it)) {
        snprintf(err, errlen, "field '%s' %s", name, it ? "is not an array" : "is missing");
        return NULL;
    }
    return it;
}

const cJSON *db_json_object(const cJSON *obj, const char *name, char *err, size_t errlen)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (!cJSON_IsObject(it)) {
        snprintf(err, errlen, "field '%s' %s", name, it ? "is not an object" : "is missing");
        return NULL;
    }
    return it;
}

int db_json_vector(const cJSON *arr, int n, double *out, char *err, size_t errlen)
{
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != n) {
        snprintf(err, errlen, "expected an array of %d numbers", n);
        return -1;
    }
    int k = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, arr) {
        if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble)) {
            snprintf(err, errlen, "expected an array of %d finite numbers (item %d)", n, k);
            return -1;
        }
        out[k++] = it->valuedouble;
    }
    return 0;
}

cJSON *db_json_num(double x)
{
    return isfinite(x) ? cJSON_CreateNumber(x) : cJSON_CreateNull();
}

cJSON *db_json_numarray(const double *x, int n)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < n; i++)
        cJSON_AddItemToArray(a, db_json_num(x[i]));
    return a;
}
