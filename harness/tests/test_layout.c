/* test_layout.c — the module layout contract.  Modules, lowest first:
 *     io  testset  solvers  reference  harness  plots  app
 * A file may #include "..." project files only of its own module or of modules
 * left of it (include/, the public headers, is allowed everywhere).  A tests/
 * folder is a driver, not part of the library: its files may include any
 * module (a problem's published-value test integrates with a solver), and no
 * file outside a tests/ folder may include one of its files.  Quoted includes
 * resolve as the compiler does: the including file's directory, then the root,
 * then include/.  Folders must not form a circle across modules; a circle
 * between wings of one module (harness/run <-> harness/gate) is only noted.  The top of
 * harness/ and each of its wings hold at most 12 files (README.md not counted).
 * The checker first runs on synthetic trees (one legal, one with planted
 * violations) so that the gate is seen to go red, then on DAEBENCH_SOURCE_DIR. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef DAEBENCH_SOURCE_DIR
#define DAEBENCH_SOURCE_DIR "."
#endif

#define MAXP 4096
#define MAXFILES 12 /* files at the top of harness/ and in each wing */
#define MAXF 512    /* folders in the circle check */

static const char *const modules[] = {"io", "testset", "solvers", "reference",
                                      "harness", "plots", "app"};
enum { NMOD = sizeof modules / sizeof *modules, PUBLIC = NMOD };

struct counts { int files, includes, order, cycle, size, notes; };
struct strs { char **v; int n, cap; }; /* a set of strings, in order of adding */

static char adj[MAXF][MAXF], reach[MAXF][MAXF];

static void *need(void *p)
{
    if (!p)
        perror("test_layout"), exit(1);
    return p;
}

/* index of str in s, added if new */
static int add(struct strs *s, const char *str)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->v[i], str))
            return i;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->v = need(realloc(s->v, (size_t)s->cap * sizeof *s->v));
    }
    s->v[s->n] = need(strdup(str));
    return s->n++;
}

static void clear(struct strs *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* index in modules[] of the first path component, PUBLIC for include/, -1 else */
static int module_of(const char *rel)
{
    size_t k = strcspn(rel, "/");
    for (int m = 0; m < NMOD; m++)
        if (strlen(modules[m]) == k && !strncmp(rel, modules[m], k))
            return m;
    return k == 7 && !strncmp(rel, "include", 7) ? PUBLIC : -1;
}

/* "a/./b/../c" -> "a/c"; -1 when the path leaves the root or is empty */
static int normalize(char *out, const char *in)
{
    size_t n = 0;
    for (const char *p = in; *p; p += *p == '/') {
        size_t k = strcspn(p, "/");
        if (k == 2 && !strncmp(p, "..", 2)) {
            if (!n)
                return -1;
            while (n && out[n - 1] != '/')
                n--;
            n -= n > 0;
        } else if (k && !(k == 1 && *p == '.')) {
            if (n + k + 2 > MAXP)
                return -1;
            out[n] = '/';
            memcpy(out + n + (n > 0), p, k);
            n += k + (n > 0);
        }
        p += k;
    }
    out[n] = '\0';
    return n ? 0 : -1;
}

/* resolve #include "inc" of a file in directory dir (relative to root) */
static int resolve(const char *root, const char *dir, const char *inc, char *out)
{
    const char *pre[] = {dir, "", "include"};
    char tmp[MAXP], path[MAXP];
    struct stat st;
    for (int i = 0; i < 3; i++)
        if (snprintf(tmp, sizeof tmp, "%s/%s", pre[i], inc) < (int)sizeof tmp &&
            !normalize(out, tmp) &&
            snprintf(path, sizeof path, "%s/%s", root, out) < (int)sizeof path &&
            !stat(path, &st) && S_ISREG(st.st_mode))
            return 0;
    return -1;
}

/* 1 if rel lies in a tests/ folder */
static int in_tests(const char *rel)
{
    return strstr(rel, "/tests/") != NULL || strncmp(rel, "tests/", 6) == 0;
}

/* folder of a file for the circle check: its directory, X/tests/... as X */
static void folder_of(const char *rel, char *out)
{
    snprintf(out, MAXP, "%s", rel);
    *strrchr(out, '/') = '\0';
    char *p = out;
    while ((p = strstr(p, "/tests")) && p[6] && p[6] != '/')
        p++;
    if (p)
        *p = '\0';
}

/* root/rel: returns its regular files but README.md; with files, adds every
 * *.c and *.h below it (recursively); with wings, adds its subfolders but tests */
static int scan(const char *root, const char *rel, struct strs *files, struct strs *wings)
{
    char path[MAXP], sub[MAXP];
    struct dirent *e;
    struct stat st;
    int n = 0;
    snprintf(path, sizeof path, "%s/%s", root, rel);
    DIR *d = opendir(path);
    while (d && (e = readdir(d))) {
        const char *name = e->d_name, *dot = strrchr(name, '.');
        if (name[0] == '.' ||
            snprintf(sub, sizeof sub, "%s/%s", rel, name) >= (int)sizeof sub ||
            snprintf(path, sizeof path, "%s/%s", root, sub) >= (int)sizeof path ||
            lstat(path, &st))
            continue;
        if (S_ISREG(st.st_mode)) {
            n += strcmp(name, "README.md") != 0;
            if (files && dot && (!strcmp(dot, ".c") || !strcmp(dot, ".h")))
                add(files, sub);
        } else if (S_ISDIR(st.st_mode) && files) {
            scan(root, sub, files, NULL);
        } else if (S_ISDIR(st.st_mode) && wings && strcmp(name, "tests")) {
            add(wings, name);
        }
    }
    if (d)
        closedir(d);
    return n;
}

/* circles among the folders: across = 1 over all edges, one circle through an
 * edge between modules per strongly connected set; across = 0 over the edges
 * within a module (circles between wings) */
static int circles(const struct strs *fold, int across, FILE *out)
{
    int n = fold->n < MAXF ? fold->n : MAXF, mod[MAXF], prev[MAXF], queue[MAXF], count = 0;
    char done[MAXF] = {0};
    for (int i = 0; i < n; i++)
        mod[i] = module_of(fold->v[i]);
#define USE(i, j) (adj[i][j] && (across || mod[i] == mod[j]))
#define IN(s, j) (reach[s][j] && reach[j][s])
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            reach[i][j] = USE(i, j);
    for (int k = 0; k < n; k++) /* Warshall */
        for (int i = 0; i < n; i++)
            for (int j = 0; reach[i][k] && j < n; j++)
                reach[i][j] |= reach[k][j];
    for (int s = 0; s < n; s++) {
        int u = -1, v = -1, head = 0, tail = 0;
        if (done[s] || !reach[s][s])
            continue;
        for (int i = 0; i < n; i++)
            for (int j = 0; IN(s, i) && j < n; j++) {
                done[i] = 1;
                if (u < 0 && USE(i, j) && IN(s, j) && (!across || mod[i] != mod[j]))
                    u = i, v = j;
            }
        if (u < 0)
            continue; /* only a circle within one module: not this pass */
        for (int i = 0; i < n; i++)
            prev[i] = -1;
        queue[tail++] = u; /* breadth-first backwards: the shortest way from v to u */
        while (head < tail && prev[v] < 0 && u != v)
            for (int x = queue[head++], y = 0; y < n; y++)
                if (USE(y, x) && IN(s, y) && prev[y] < 0 && y != u)
                    prev[y] = x, queue[tail++] = y; /* prev: the next step towards u */
        count++;
        if (out) {
            fprintf(out, "%s %s -> %s", across ? "circle between modules:"
                    : "note: circle between wings:", fold->v[u], fold->v[v]);
            for (int x = v; x != u; x = prev[x])
                fprintf(out, " -> %s", fold->v[prev[x]]);
            fputc('\n', out);
        }
    }
    return count;
}

/* the checker: violations printed to out (if not NULL), counted per kind */
static struct counts check_layout(const char *root, FILE *out)
{
    struct counts c = {0};
    struct strs files = {0}, fold = {0}, wings = {0};
    char path[MAXP], dir[MAXP], inc[MAXP], target[MAXP], fa[MAXP], fb[MAXP], *line = NULL;
    size_t cap = 0;

    memset(adj, 0, sizeof adj);
    for (int m = 0; m < NMOD; m++)
        scan(root, modules[m], &files, NULL);
    qsort(files.v, (size_t)files.n, sizeof *files.v, cmp);
    c.files = files.n;
    for (int i = 0; i < files.n; i++) {
        const char *rel = files.v[i];
        int fm = module_of(rel), ln = 0;
        snprintf(path, sizeof path, "%s/%s", root, rel);
        snprintf(dir, sizeof dir, "%s", rel);
        *strrchr(dir, '/') = '\0';
        FILE *f = fopen(path, "r");
        while (f && getline(&line, &cap, f) != -1) { /* 4095: MAXP - 1 */
            if (ln++, sscanf(line, " # include \"%4095[^\"]", inc) != 1 ||
                resolve(root, dir, inc, target))
                continue; /* not #include "...", or a system or generated header */
            c.includes++;
            int tm = module_of(target);
            if (tm == PUBLIC || tm < 0)
                continue;
            if (in_tests(rel))
                continue; /* a test drives its module from above */
            if (in_tests(target) && ++c.order && out)
                fprintf(out, "%s:%d: #include \"%s\" (%s): library code may not include "
                        "a test file\n", rel, ln, inc, target);
            else if (tm > fm && ++c.order && out)
                fprintf(out, "%s:%d: #include \"%s\" (%s): %s may not include %s, "
                        "which is right of it\n", rel, ln, inc, target, modules[fm], modules[tm]);
            folder_of(rel, fa);
            folder_of(target, fb);
            int a = add(&fold, fa), b = add(&fold, fb);
            if ((a >= MAXF || b >= MAXF) && !c.cycle++ && out)
                fprintf(out, "more than %d folders: circles not checked\n", MAXF);
            else if (a < MAXF && b < MAXF && a != b)
                adj[a][b] = 1;
        }
        if (f)
            fclose(f);
    }
    free(line);
    c.cycle += circles(&fold, 1, out);
    c.notes = circles(&fold, 0, out);

    /* the size of harness/ and of its wings */
    int k = scan(root, "harness", NULL, &wings);
    if (k > MAXFILES && ++c.size && out)
        fprintf(out, "harness/: %d files directly in it (at most %d)\n", k, MAXFILES);
    qsort(wings.v, (size_t)wings.n, sizeof *wings.v, cmp);
    for (int w = 0; w < wings.n; w++) {
        snprintf(path, sizeof path, "harness/%s", wings.v[w]);
        if ((k = scan(root, path, NULL, NULL)) > MAXFILES && ++c.size && out)
            fprintf(out, "%s/: %d files directly in it (at most %d)\n", path, k, MAXFILES);
    }
    clear(&files), clear(&fold), clear(&wings);
    return c;
}

/* write root/rel (creating its folders) */
static void put(const char *root, const char *rel, const char *text)
{
    char path[MAXP];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); *p++ = '/') {
        *p = '\0';
        if (mkdir(path, 0700) && errno != EEXIST)
            perror(path);
    }
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) == EOF || fclose(f))
        perror(path);
}

static void rmtree(const char *path)
{
    char sub[MAXP];
    struct dirent *e;
    struct stat st;
    DIR *d = opendir(path);
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) < (int)sizeof sub &&
            !lstat(sub, &st))
            S_ISDIR(st.st_mode) ? rmtree(sub) : (void)unlink(sub);
    if (d)
        closedir(d);
    rmdir(path);
}

static int expect(const char *root, const char *what, struct counts want)
{
    struct counts c = check_layout(root, NULL);
    if (c.order == want.order && c.cycle == want.cycle && c.size == want.size &&
        c.notes == want.notes && c.files > 0)
        return 0;
    printf("FAIL self-test, %s: order %d circle %d size %d notes %d, want %d %d %d %d; "
           "it reports:\n", what, c.order, c.cycle, c.size, c.notes, want.order,
           want.cycle, want.size, want.notes);
    check_layout(root, stdout);
    return 1;
}

/* the gate must go red: a legal tree, then the same with planted violations */
static int self_test(void)
{
    static const char *const legal[][2] = {
        {"include/daebench/plugin.h", "/* public */\n"},
        {"io/io.h", "#include \"daebench/plugin.h\"\n"},
        {"io/io.c", "#include \"io.h\"\n#include <daebench/plugin.h>\n#include \"gen.h\"\n"},
        {"reference/r.h", "#include \"../io/io.h\"\n"},
        {"reference/tests/t.c", "#include \"reference/r.h\"\n#include \"../r.h\"\n"},
        {"reference/notes.txt", "#include \"harness/x.h\"\n"}, /* not a source */
        {"fuzz/f.c", "#include \"harness/x.h\"\n"},           /* not a module */
        {"harness/README.md", "not counted\n"},
        {"harness/x.h", "/* harness */\n"},
        {"harness/h01.c", "#include \"reference/r.h\"\n  #  include \"x.h\"\n"
                          "#include \"harness/run/r.c\"\n"}, /* (a) harness -> reference */
        {"harness/run/r.h", "/* run */\n"},
        {"harness/run/r.c", "#include \"harness/gate/g.h\"\n"},
        {"harness/gate/g.h", "#include \"../run/r.h\"\n"}, /* wings in a circle: a note */
        {"harness/tests/t.c", "#include \"harness/x.h\"\n#include \"harness/run/r.h\"\n"},
        {"io/tests/t.c", "#include \"harness/x.h\"\n#include \"t.h\"\n"}, /* a driver */
        {"io/tests/t.h", "/* test helper */\n"},
    };
    char root[] = "/tmp/daebench_layout_XXXXXX", name[64];
    if (!mkdtemp(root))
        return perror("mkdtemp"), 1;
    for (size_t i = 0; i < sizeof legal / sizeof *legal; i++)
        put(root, legal[i][0], legal[i][1]);
    for (int i = 2; i <= 11; i++) { /* 12 files at the top of harness/ */
        snprintf(name, sizeof name, "harness/h%02d.c", i);
        put(root, name, "/* filler */\n");
    }
    int fail = expect(root, "legal tree", (struct counts){.notes = 1});

    /* (b) late in the data: the last line (no newline) of the last file of reference */
    size_t len = 0, cap = 200000;
    char *big = need(malloc(cap));
    for (int i = 0; len + 100 < cap; i++)
        len += (size_t)snprintf(big + len, cap - len, "/* filler line %d */\n", i);
    snprintf(big + len, cap - len, "#include \"harness/x.h\"");
    put(root, "reference/z.c", big);
    free(big);
    /* (c) resolvable only relative to the including file, and going right */
    put(root, "plots/p.h", "/* plots */\n");
    put(root, "reference/deep/a.c", "#include \"../../plots/p.h\"\n");
    /* (e) library code that includes a test file */
    put(root, "solvers/s.c", "#include \"io/tests/t.h\"\n");
    /* (d) a 13th file at the top of harness/ */
    put(root, "harness/h12.c", "/* filler */\n");
    /* (a) with (b) makes the circle harness -> reference -> harness */
    fail |= expect(root, "planted violations",
                   (struct counts){.order = 3, .cycle = 1, .size = 1, .notes = 1});
    rmtree(root);
    printf("self-test: %s\n", fail ? "FAILED" : "ok (the gate goes red on planted violations)");
    return fail;
}

int main(void)
{
    int fail = self_test();
    struct counts c = check_layout(DAEBENCH_SOURCE_DIR, stdout);
    int bad = c.order + c.cycle + c.size;
    if (!c.files)
        printf("FAIL no source files under %s\n", DAEBENCH_SOURCE_DIR);
    printf("layout: %d files scanned, %d includes, %d violations\n", c.files, c.includes, bad);
    return fail || bad || !c.files;
}
