/* machine.c — creation time, git commit and machine description of a bench
 * file (hostname, CPU model from /proc/cpuinfo, online cores). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "machine.h"

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
    return m;
}
