/* escape.c — the escapers of the output sinks and the name check (escape.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/escape.h"

/* the ring of result buffers */
static char *ring[DB_ESC_RING];
static size_t ring_cap[DB_ESC_RING];
static int ring_next;

/* a buffer of at least n bytes from the ring */
static char *ring_get(size_t n)
{
    int i = ring_next;
    ring_next = (ring_next + 1) % DB_ESC_RING;
    if (ring_cap[i] < n) {
        size_t cap = n < 256 ? 256 : n;
        char *g = realloc(ring[i], cap);
        if (!g) { /* not db_die: it escapes its message here */
            fputs("daebench: out of memory\n", stderr);
            exit(2);
        }
        ring[i] = g;
        ring_cap[i] = cap;
    }
    return ring[i];
}

static int is_ctrl(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

/* a rule: the replacement of byte c (NULL: the byte itself) */
typedef const char *(*rule)(unsigned char c, char tmp[8]);

static const char *apply(const char *s, rule f, const char *prefix, const char *suffix)
{
    if (!s)
        s = "";
    char tmp[8];
    size_t n = strlen(prefix) + strlen(suffix) + 1;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        const char *r = f(*c, tmp);
        n += r ? strlen(r) : 1;
    }
    char *out = ring_get(n), *o = out;
    o += sprintf(o, "%s", prefix);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        const char *r = f(*c, tmp);
        if (r)
            o += sprintf(o, "%s", r);
        else
            *o++ = (char)*c;
    }
    sprintf(o, "%s", suffix);
    return out;
}

static const char *r_gnuplot(unsigned char c, char tmp[8])
{
    (void)tmp;
    if (c == '\'')
        return "''";
    if (is_ctrl(c) || c == '`' || c == '@')
        return "?";
    return NULL;
}

static const char *r_dat(unsigned char c, char tmp[8])
{
    (void)tmp;
    return is_ctrl(c) ? "?" : NULL;
}

static const char *r_html(unsigned char c, char tmp[8])
{
    (void)tmp;
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return is_ctrl(c) ? "?" : NULL;
    }
}

static const char *r_md(unsigned char c, char tmp[8])
{
    switch (c) {
    case '|': return "&#124;";
    case '`': return "&#96;";
    case '*': return "&#42;";
    case '_': return "&#95;";
    case '[': return "&#91;";
    case ']': return "&#93;";
    case '\\': return "&#92;";
    default: return r_html(c, tmp);
    }
}

static const char *r_csv(unsigned char c, char tmp[8])
{
    (void)tmp;
    if (c == '"')
        return "\"\"";
    if (c == '\n' || c == '\r')
        return NULL; /* inside quotes */
    return is_ctrl(c) ? "?" : NULL;
}

static const char *r_term(unsigned char c, char tmp[8])
{
    if (is_ctrl(c) || c == '\\') {
        snprintf(tmp, 8, "\\x%02x", c);
        return tmp;
    }
    return NULL;
}

const char *db_esc_gnuplot(const char *s)
{
    return apply(s, r_gnuplot, "", "");
}

const char *db_esc_dat(const char *s)
{
    return apply(s, r_dat, "", "");
}

const char *db_esc_html(const char *s)
{
    return apply(s, r_html, "", "");
}

void db_html_words(FILE *f, const char *s)
{
    char word[256];
    for (const char *w = s ? s : ""; *w;) {
        size_t n = strcspn(w, " ");
        int digit = 0, hyphen = 0;
        for (size_t i = 0; i < n; i++) {
            digit |= w[i] >= '0' && w[i] <= '9';
            hyphen |= w[i] == '-';
        }
        /* a long word is written as it is (it may break anywhere) */
        int keep = digit && hyphen && n < sizeof word;
        while (n > 0) {
            size_t k = n < sizeof word - 1 ? n : sizeof word - 1;
            memcpy(word, w, k);
            word[k] = '\0';
            fprintf(f, keep ? "<span style=\"white-space:nowrap\">%s</span>" : "%s",
                    db_esc_html(word));
            w += k;
            n -= k;
        }
        if (*w == ' ') {
            fputc(' ', f);
            w++;
        }
    }
}

const char *db_esc_md(const char *s)
{
    return apply(s, r_md, "", "");
}

const char *db_esc_csv(const char *s)
{
    if (!s)
        s = "";
    int formula = strchr("=+-@\t\r", s[0]) && s[0];
    int quote = formula || strpbrk(s, ",\"\r\n") != NULL;
    return apply(s, r_csv, quote ? (formula ? "\"'" : "\"") : "", quote ? "\"" : "");
}

const char *db_esc_term(const char *s)
{
    return apply(s, r_term, "", "");
}

/* the length (2..4) of the valid UTF-8 sequence of a printable character at u,
 * or 0 */
static int utf8_len(const unsigned char *u)
{
    int len = u[0] >= 0xf0 ? 4 : u[0] >= 0xe0 ? 3 : u[0] >= 0xc0 ? 2 : 0;
    if (len == 0 || u[0] > 0xf4)
        return 0;
    unsigned long cp = u[0] & (0x3fu >> (len - 1));
    for (int i = 1; i < len; i++) {
        if ((u[i] & 0xc0) != 0x80)   /* also the terminating NUL */
            return 0;
        cp = cp << 6 | (u[i] & 0x3fu);
    }
    static const unsigned long least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp <= 0x9f)
        return 0;
    return len;
}

void db_printable_utf8(char *s)
{
    if (!s)
        return;
    unsigned char *u = (unsigned char *)s;
    while (*u) {
        if (*u < 0x80) {
            if (is_ctrl(*u))
                *u = '?';
            u++;
            continue;
        }
        int len = utf8_len(u);
        if (len == 0)
            *u++ = '?';
        else
            u += len;
    }
}

int db_name_valid(const char *s)
{
    if (!s || !*s || *s == '-' || *s == '.')
        return 0;
    size_t n = 0;
    for (const char *c = s; *c; c++, n++)
        if (n >= DB_NAME_MAX ||
            !((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '.' || *c == '_' || *c == '-' || *c == '+'))
            return 0;
    return 1;
}
