/* test_escape.c — the escapers of the output sinks and the name check
 * (io/escape.h, issue 15): each sink's special characters come out
 * neutralised, ordinary text unchanged, long text not truncated, NULL as "",
 * and the ring of buffers keeps DB_ESC_RING results alive at once. */
#include <stdlib.h>
#include <string.h>

#include "io/escape.h"
#include "testset/tests/check.h"

static void same(const char *got, const char *want, const char *what)
{
    CHECK(strcmp(got, want) == 0, "%s: got [%s], want [%s]", what, got, want);
}

/* db_html_words into a string */
static void html_words(const char *s, char *out, size_t len)
{
    FILE *f = tmpfile();
    out[0] = '\0';
    if (!f)
        return;
    db_html_words(f, s);
    rewind(f);
    size_t n = fread(out, 1, len - 1, f);
    out[n] = '\0';
    fclose(f);
}

int main(void)
{
    {   /* HTML words: a number with a hyphen kept on one line, the text escaped */
        char out[512];
        html_words("step size too small at t=0.714, h=7.9e-24 <b>", out, sizeof out);
        same(out, "step size too small at t=0.714, "
                  "<span style=\"white-space:nowrap\">h=7.9e-24</span> &lt;b&gt;",
             "html words");
        html_words("a-b 12 x<1e-3", out, sizeof out);
        same(out, "a-b 12 <span style=\"white-space:nowrap\">x&lt;1e-3</span>",
             "html words: only words with a digit and a hyphen");
    }
    /* gnuplot single-quoted strings: ' doubled; control bytes, ` and @ neutralised */
    same(db_esc_gnuplot("a'; system('x'); b='"), "a''; system(''x''); b=''", "gnuplot quote");
    same(db_esc_gnuplot("`id` @m\nx"), "?id? ?m?x", "gnuplot backquote, macro, newline");
    same(db_esc_gnuplot("radau5/GGL 1e-06"), "radau5/GGL 1e-06", "gnuplot plain");
    /* .dat fields: no line break, no control byte */
    same(db_esc_dat("a\nb\r\tc\x1b"), "a?b??c?", "dat");
    /* HTML */
    same(db_esc_html("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;",
         "html");
    same(db_esc_html("x\ny"), "x?y", "html control");
    /* Markdown: HTML plus the table and emphasis characters */
    same(db_esc_md("a|b*c_d`e[f]<g>\n"), "a&#124;b&#42;c&#95;d&#96;e&#91;f&#93;&lt;g&gt;?", "md");
    /* CSV */
    same(db_esc_csv("plain"), "plain", "csv plain");
    same(db_esc_csv("a,b"), "\"a,b\"", "csv comma");
    same(db_esc_csv("say \"hi\""), "\"say \"\"hi\"\"\"", "csv quote");
    same(db_esc_csv("two\nlines"), "\"two\nlines\"", "csv newline kept inside quotes");
    same(db_esc_csv("=1+2"), "\"'=1+2\"", "csv formula =");
    same(db_esc_csv("+1"), "\"'+1\"", "csv formula +");
    same(db_esc_csv("-1"), "\"'-1\"", "csv formula -");
    same(db_esc_csv("@SUM(A1)"), "\"'@SUM(A1)\"", "csv formula @");
    same(db_esc_csv("a\x1b" "b"), "a?b", "csv control");
    /* terminal */
    same(db_esc_term("ok\x1b[2K\rcheck: ok\n"), "ok\\x1b[2K\\x0dcheck: ok\\x0a", "term");
    same(db_esc_term("a\\b"), "a\\x5cb", "term backslash");
    same(db_esc_term(NULL), "", "NULL");
    /* no truncation */
    size_t big = 100000;
    char *s = malloc(big + 1);
    if (s) {
        memset(s, '<', big);
        s[big] = '\0';
        CHECK(strlen(db_esc_html(s)) == 4 * big, "100000 '<' give 400000 bytes");
        free(s);
    }
    /* the ring: DB_ESC_RING results valid together */
    const char *r[DB_ESC_RING];
    char want[DB_ESC_RING][16];
    for (int i = 0; i < DB_ESC_RING; i++) {
        snprintf(want[i], sizeof want[i], "<%d>", i);
        r[i] = db_esc_term(want[i]);
    }
    int alive = 1;
    for (int i = 0; i < DB_ESC_RING; i++)
        alive &= strcmp(r[i], want[i]) == 0;
    CHECK(alive, "%d results alive together", DB_ESC_RING);
    /* printable UTF-8 in place (issue 28, plugin messages): controls and invalid
     * sequences become '?', valid characters stay, the length stays */
    struct { const char *in, *want, *what; } u[] = {
        {"ok \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "ok \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
         "valid UTF-8 kept"},
        {"a\x1b[2Kb\x01" "c\x7f", "a?[2Kb?c?", "ESC, 0x01, DEL"},
        {"x\xff\xfey", "x??y", "bytes never in UTF-8"},
        {"\xc3(", "?(", "truncated sequence"},
        {"\xe2\x82", "??", "truncated at the end"},
        {"\xc0\xaf", "??", "overlong"},
        {"\xed\xa0\x80", "???", "surrogate"},
        {"\xf4\x90\x80\x80", "????", "above U+10FFFF"},
        {"\xc2\x9b" "1m", "??1m", "C1 control CSI"},
        {"\x80z", "?z", "lone continuation byte"},
    };
    for (size_t i = 0; i < sizeof u / sizeof u[0]; i++) {
        char b[64];
        snprintf(b, sizeof b, "%s", u[i].in);
        db_printable_utf8(b);
        same(b, u[i].want, u[i].what);
    }
    db_printable_utf8(NULL);
    /* names */
    CHECK(db_name_valid("insulator_chain") && db_name_valid("oEoM0") && db_name_valid("a.b+c-d"),
          "ordinary names");
    CHECK(!db_name_valid("") && !db_name_valid(NULL) && !db_name_valid("-x") &&
              !db_name_valid(".x") && !db_name_valid("a b") && !db_name_valid("a'b") &&
              !db_name_valid("a/b") && !db_name_valid("a\nb") && !db_name_valid("<b>"),
          "non-names refused");
    char longname[DB_NAME_MAX + 2];
    memset(longname, 'a', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    CHECK(!db_name_valid(longname), "a name of %d characters refused", DB_NAME_MAX + 1);
    longname[DB_NAME_MAX] = '\0';
    CHECK(db_name_valid(longname), "a name of %d characters accepted", DB_NAME_MAX);
    return check_summary();
}
