/* jsonio.h — JSON files of daebench (cJSON): atomic writing (temp file in the
 * same directory, fsync, rename), reading a whole file with a size limit, and
 * typed field getters that say what is wrong in one line. */
#ifndef DAEBENCH_JSONIO_H
#define DAEBENCH_JSONIO_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#define DB_JSON_MAX_BYTES (256L * 1024 * 1024)
#define DB_PATH_MAX 4096   /* longer paths are refused, never truncated */

/* an output path that can be written: not longer than DB_PATH_MAX - 32, absent
 * or a regular file (a symlink to one), in a writable directory; 0, else -1
 * with a one-line message.  Called before the work starts, and again before
 * the rename (a FIFO, device or symlink to one is never replaced). */
int db_output_check(const char *path, char *err, size_t errlen);
/* an input path that names a regular file (FIFOs, devices, directories are
 * refused before opening); 0 or -1 with a message */
int db_input_check(const char *path, char *err, size_t errlen);

/* an output written as a stream: db_out_open makes the temp file beside path
 * (its name in tmp), db_out_commit checks for write errors, fsyncs and renames
 * it over path (-1 and the temp removed on any error), db_out_abort drops it */
FILE *db_out_open(const char *path, char *tmp, size_t tmplen, char *err, size_t errlen);
int db_out_commit(FILE *f, const char *tmp, const char *path, char *err, size_t errlen);
void db_out_abort(FILE *f, const char *tmp);
/* fopen(path, "w") of an output checked by db_output_check (a FIFO, device or
 * symlink to one is not opened: NULL with errno EINVAL), for files written in
 * place (the .dat files of plot) */
FILE *db_fopen_output(const char *path);

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
/* lenient getters for reading records already validated (benchfile.h): the
 * string obj.key or "" when absent; the number obj.a (obj.a.b when b) or NAN */
const char *db_json_str_or_empty(const cJSON *obj, const char *key);
double db_json_num_at(const cJSON *obj, const char *a, const char *b);
/* array of n numbers */
cJSON *db_json_numarray(const double *x, int n);

#endif
