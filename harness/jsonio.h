/* jsonio.h — JSON files of daebench (cJSON): atomic writing (temp file in the
 * same directory, fsync, rename), reading a whole file with a size limit, and
 * typed field getters that say what is wrong in one line. */
#ifndef DAEBENCH_JSONIO_H
#define DAEBENCH_JSONIO_H

#include <stddef.h>

#include <cjson/cJSON.h>

#define DB_JSON_MAX_BYTES (256L * 1024 * 1024)

/* write len bytes to path atomically: a temp file next to path, fsync, rename.
 * On failure no file is left behind (the temp is removed; an existing path is
 * untouched).  0 on success, else -1 with a message in err. */
int db_write_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen);
/* print json (formatted) and write it atomically */
int db_json_write_atomic(const char *path, const cJSON *json, char *err, size_t errlen);

/* read the whole file (at most maxbytes) into a NUL-terminated malloc'd buffer */
char *db_read_file(const char *path, long maxbytes, size_t *len, char *err, size_t errlen);
/* read and parse a JSON file; NULL with a message (file, position) on error */
cJSON *db_json_read_file(const char *path, char *err, size_t errlen);

/* 0 if the directory that would hold path exists and is a directory */
int db_dir_of_exists(const char *path);

/* typed getters: 0 on success, else -1 and "<what>: field 'name' missing / not a number" */
int db_json_number(const cJSON *obj, const char *name, double *out, char *err, size_t errlen);
/* a number or null (null gives NAN) */
int db_json_number_or_null(const cJSON *obj, const char *name, double *out, char *err,
                           size_t errlen);
int db_json_string(const cJSON *obj, const char *name, const char **out, char *err,
                   size_t errlen);
/* the member, checked to be an array (object) */
const cJSON *db_json_array(const cJSON *obj, const char *name, char *err, size_t errlen);
const cJSON *db_json_object(const cJSON *obj, const char *name, char *err, size_t errlen);
/* an array of exactly n numbers into out[n] */
int db_json_vector(const cJSON *arr, int n, double *out, char *err, size_t errlen);

/* number, or null if x is NaN/inf (JSON has no NaN) */
cJSON *db_json_num(double x);
/* array of n numbers */
cJSON *db_json_numarray(const double *x, int n);

#endif
