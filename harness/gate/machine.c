/* machine.c — creation time, git commit and machine description of a bench
 * file (hostname, CPU model from /proc/cpuinfo, online cores), and the build
 * description (compiler, flags, loaded BLAS/LAPACK/SUNDIALS libraries). */
#define _GNU_SOURCE /* dl_iterate_phdr, RTLD_DEFAULT */
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gnu/libc-version.h>

#include "harness/gate/machine.h"

#ifndef DAEBENCH_SOURCE_DIR
#define DAEBENCH_SOURCE_DIR "."
#endif

void db_now_iso(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void db_git_commit(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *p = popen("git -C '" DAEBENCH_SOURCE_DIR "' rev-parse HEAD 2>/dev/null", "r");
    if (!p)
        return;
    char line[128];
    if (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strlen(line) == 40)
            snprintf(buf, len, "%s", line);
    }
    pclose(p);
}

static void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *c = strchr(line, ':');
            if (c) {
                c++;
                while (*c == ' ' || *c == '\t')
                    c++;
                c[strcspn(c, "\r\n")] = '\0';
                snprintf(buf, len, "%s", c);
            }
            break;
        }
    }
    fclose(f);
}

/* "vendor family/model/stepping" of /proc/cpuinfo's first processor: CPUs of
 * one marketing name ("AMD EPYC") differ here */
static void cpu_id(char *buf, size_t len)
{
    static const char *const keys[] = {"vendor_id", "cpu family", "model", "stepping"};
    char val[4][64] = {"?", "?", "?", "?"};
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        if (line[0] == '\n')
            break; /* the first processor only */
        char *c = strchr(line, ':');
        if (!c)
            continue;
        size_t kl = (size_t)(c - line);
        while (kl > 0 && (line[kl - 1] == ' ' || line[kl - 1] == '\t'))
            kl--;
        for (int k = 0; k < 4; k++)
            if (strlen(keys[k]) == kl && strncmp(line, keys[k], kl) == 0) {
                c++;
                while (*c == ' ' || *c == '\t')
                    c++;
                c[strcspn(c, "\r\n")] = '\0';
                snprintf(val[k], sizeof val[k], "%s", c);
            }
    }
    if (f)
        fclose(f);
    snprintf(buf, len, "%s %s/%s/%s", val[0], val[1], val[2], val[3]);
}

cJSON *db_machine_json(void)
{
    char host[256] = "unknown", cpu[256];
    if (gethostname(host, sizeof host) != 0)
        snprintf(host, sizeof host, "unknown");
    host[sizeof host - 1] = '\0';
    cpu_model(cpu, sizeof cpu);
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "hostname", host);
    cJSON_AddStringToObject(m, "cpu", cpu);
    cJSON_AddNumberToObject(m, "cores", (double)sysconf(_SC_NPROCESSORS_ONLN));
    cpu_id(cpu, sizeof cpu);
    cJSON_AddStringToObject(m, "cpu_id", cpu);
    cJSON_AddStringToObject(m, "libc", gnu_get_libc_version());
    return m;
}

int db_git_dirty(void)
{
    FILE *p = popen("git -C '" DAEBENCH_SOURCE_DIR "' status --porcelain --untracked-files=no "
                    "2>/dev/null; echo end", "r");
    if (!p)
        return -1;
    char line[512];
    int lines = 0, end = 0;
    while (fgets(line, sizeof line, p)) {
        if (strcmp(line, "end\n") == 0)
            end = 1;
        else
            lines++;
    }
    int rc = pclose(p);
    return end && rc == 0 ? lines > 0 : -1;
}

#ifndef DAEBENCH_C_COMPILER
#define DAEBENCH_C_COMPILER "unknown"
#endif
#ifndef DAEBENCH_C_FLAGS
#define DAEBENCH_C_FLAGS "unknown"
#endif
#ifndef DAEBENCH_BUILD_TYPE
#define DAEBENCH_BUILD_TYPE "unknown"
#endif

/* the real paths of the loaded shared objects whose names contain a key */
typedef struct {
    const char *key;
    char path[PATH_MAX + 8];
} lib_find;

static int find_lib(struct dl_phdr_info *info, size_t size, void *data)
{
    lib_find *f = data;
    (void)size;
    const char *name = info->dlpi_name;
    if (f->path[0] || !name || !name[0])
        return 0;
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    if (strstr(base, f->key)) {
        char real[PATH_MAX];
        snprintf(f->path, sizeof f->path, "%s", realpath(name, real) ? real : name);
    }
    return 0;
}

static cJSON *lib_json(const char *key)
{
    lib_find f = {key, ""};
    dl_iterate_phdr(find_lib, &f);
    return f.path[0] ? cJSON_CreateString(f.path) : cJSON_CreateNull();
}

/* LAPACK's own version (ILAVER, LAPACK >= 3.1) */
void ilaver_(int *major, int *minor, int *patch);

cJSON *db_build_json(void)
{
    cJSON *b = cJSON_CreateObject();
    cJSON_AddStringToObject(b, "compiler", DAEBENCH_C_COMPILER);
    cJSON_AddStringToObject(b, "build_type", DAEBENCH_BUILD_TYPE);
    cJSON_AddStringToObject(b, "flags", DAEBENCH_C_FLAGS);
    char git[64];
    db_git_commit(git, sizeof git);
    cJSON_AddStringToObject(b, "commit", git);
    int dirty = db_git_dirty();
    if (dirty < 0)
        cJSON_AddNullToObject(b, "dirty");
    else
        cJSON_AddBoolToObject(b, "dirty", dirty);
    cJSON_AddItemToObject(b, "blas", lib_json("blas"));
    cJSON_AddItemToObject(b, "lapack", lib_json("lapack"));
    int ma = 0, mi = 0, pa = 0;
    ilaver_(&ma, &mi, &pa);
    char v[64];
    snprintf(v, sizeof v, "%d.%d.%d", ma, mi, pa);
    cJSON_AddStringToObject(b, "lapack_version", v);
    /* OpenBLAS names its build and core when it is the BLAS loaded */
    char *(*obc)(void) = (char *(*)(void))(size_t)dlsym(RTLD_DEFAULT, "openblas_get_config");
    if (obc)
        cJSON_AddStringToObject(b, "openblas_config", obc());
    cJSON_AddItemToObject(b, "sundials", lib_json("sundials_ida"));
    cJSON_AddItemToObject(b, "klu", lib_json("libklu"));
    return b;
}

/* the fields that decide whether CPU times of two bench files compare */
static const struct {
    const char *obj, *field;
} same_fields[] = {
    {"machine", "cpu"}, {"machine", "cpu_id"}, {"machine", "libc"}, {"build", "compiler"},
    {"build", "flags"}, {"build", "blas"},     {"build", "lapack"},
};

int db_same_machine(const cJSON *a, const cJSON *b, char *why, size_t len)
{
    for (size_t i = 0; i < sizeof same_fields / sizeof *same_fields; i++) {
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(a, same_fields[i].obj), same_fields[i].field);
        const cJSON *y = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(b, same_fields[i].obj), same_fields[i].field);
        char *sx = x ? cJSON_PrintUnformatted(x) : NULL, *sy = y ? cJSON_PrintUnformatted(y) : NULL;
        int eq = sx && sy && strcmp(sx, sy) == 0;
        if (!eq)
            snprintf(why, len, "%s.%s: %.60s (baseline) vs %.60s (results)", same_fields[i].obj,
                     same_fields[i].field, sx ? sx : "not recorded", sy ? sy : "not recorded");
        free(sx);
        free(sy);
        if (!eq)
            return 0;
    }
    snprintf(why, len, "same CPU (%s), compiler, flags, BLAS, LAPACK and libc",
             cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
                 cJSON_GetObjectItemCaseSensitive(a, "machine"), "cpu_id")));
    return 1;
}
