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

#include "io/jsonio.h"

/* directory part of path into dir (at least "."); -1 when it does not fit */
static int dir_of(const char *path, char *dir, size_t len)
{
    char tmp[DB_PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp)
        return -1;
    return snprintf(dir, len, "%s", dirname(tmp)) >= (int)len ? -1 : 0;
}

int db_dir_of_exists(const char *path)
{
    char dir[DB_PATH_MAX];
    struct stat st;
    if (dir_of(path, dir, sizeof dir) != 0)
        return -1;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -1;
}

int db_output_check(const char *path, char *err, size_t errlen)
{
    char dir[DB_PATH_MAX];
    struct stat st;
    if (strlen(path) >= DB_PATH_MAX - 32 || dir_of(path, dir, sizeof dir) != 0) {
        snprintf(err, errlen, "cannot write %.200s...: path longer than %d bytes", path,
                 DB_PATH_MAX - 32);
        return -1;
    }
    if (lstat(path, &st) == 0) {
        struct stat to;
        if (S_ISLNK(st.st_mode) && stat(path, &to) == 0)
            st = to;
        if (S_ISLNK(st.st_mode) || !S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "cannot write %s: exists and is not a regular file", path);
            return -1;
        }
    } else if (errno != ENOENT) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot write %s: %s is not a directory", path, dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

FILE *db_out_open(const char *path, char *tmp, size_t tmplen, char *err, size_t errlen)
{
    char dir[DB_PATH_MAX], base[DB_PATH_MAX], copy[DB_PATH_MAX];
    if (db_output_check(path, err, errlen) != 0)
        return NULL;
    dir_of(path, dir, sizeof dir);
    snprintf(copy, sizeof copy, "%s", path);
    snprintf(base, sizeof base, "%s", basename(copy));
    if (snprintf(tmp, tmplen, "%s/.%s.tmpXXXXXX", dir, base) >= (int)tmplen) {
        snprintf(err, errlen, "cannot write %s: path too long", path);
        return NULL;
    }
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return NULL;
    }
    /* mkstemp makes 0600: give the file the usual permissions */
    mode_t um = umask(0);
    umask(um);
    fchmod(fd, 0666 & ~um);
    FILE *f = fdopen(fd, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        close(fd);
        unlink(tmp);
    }
    return f;
}

int db_out_commit(FILE *f, const char *tmp, const char *path, char *err, size_t errlen)
{
    char dir[DB_PATH_MAX];
    int bad = fflush(f) != 0 || ferror(f);
    int e = errno;
    if (!bad && fsync(fileno(f)) != 0) {
        bad = 1;
        e = errno;
    }
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        e = errno;
    }
    /* a target made a FIFO or a device since the check is not replaced */
    if (!bad && db_output_check(path, err, errlen) != 0) {
        unlink(tmp);
        return -1;
    }
    if (!bad && rename(tmp, path) != 0) {
        bad = 1;
        e = errno;
    }
    if (bad) {
        snprintf(err, errlen, "cannot write %s: %s", path, e ? strerror(e) : "write error");
        unlink(tmp);
        return -1;
    }
    /* make the rename durable */
    dir_of(path, dir, sizeof dir);
    int dfd = open(dir, O_RDONLY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 0;
}

void db_out_abort(FILE *f, const char *tmp)
{
    if (f)
        fclose(f);
    unlink(tmp);
}

FILE *db_fopen_output(const char *path)
{
    char err[64];
    if (db_output_check(path, err, sizeof err) != 0) {
        errno = EINVAL;
        return NULL;
    }
    return fopen(path, "w");
}

int db_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen)
{
    char tmp[DB_PATH_MAX + 64];
    FILE *f = db_out_open(path, tmp, sizeof tmp, err, errlen);
    if (!f)
        return -1;
    if (len && fwrite(data, 1, len, f) != len) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        db_out_abort(f, tmp);
        return -1;
    }
    return db_out_commit(f, tmp, path, err, errlen);
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

int db_input_check(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot read %s: not a regular file", path);
        return -1;
    }
    return 0;
}

char *db_read_file(const char *path, long maxbytes, size_t *len, char *err, size_t errlen)
{
    /* a FIFO, device or directory is refused before it is opened (opening a
     * FIFO for reading would wait for a writer) */
    if (db_input_check(path, err, errlen) != 0)
        return NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot read %s: not a regular file", path);
        close(fd);
        return NULL;
    }
    if (st.st_size > maxbytes) {
        snprintf(err, errlen, "cannot read %s: larger than %ld bytes", path, maxbytes);
        close(fd);
        return NULL;
    }
    size_t n = (size_t)st.st_size;
    char *buf = malloc(n + 1);
    if (!buf) {
        snprintf(err, errlen, "cannot read %s: out of memory", path);
        close(fd);
        return NULL;
    }
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
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

const char *db_json_str_or_empty(const cJSON *obj, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(obj, key));
    return s ? s : "";
}

double db_json_num_at(const cJSON *obj, const char *a, const char *b)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(obj, a);
    if (b)
        x = cJSON_GetObjectItemCaseSensitive(x, b);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
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
