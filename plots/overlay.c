/* overlay.c — one work-precision curve of the baseline and the same curve now
 * in one small inline SVG (overlay.h): the diff page of `report` draws one for
 * every curve that `check` judged better or worse.  Work on a log10 axis,
 * accuracy in digits; the baseline faint and thick, the new curve bold, each
 * point a marker with its tolerance in a tooltip. */
#include <math.h>
#include <stdio.h>

#include "io/escape.h"
#include "plots/overlay.h"

#define W 420
#define HGT 260
#define L 58   /* left margin */
#define R 12
#define T 26
#define B 44

static double sx(double lw, double lo, double hi)
{
    return L + (lw - lo) / (hi - lo) * (W - L - R);
}

static double sy(double a, double lo, double hi)
{
    return HGT - B - (a - lo) / (hi - lo) * (HGT - T - B);
}

static void series(FILE *f, const db_curve_pt *p, int n, const double box[4], const char *style,
                   const char *marker, const char *who)
{
    int idx[64], k = 0;
    for (int i = 0; i < n && k < 64; i++)
        if (isfinite(p[i].acc) && isfinite(p[i].work) && p[i].work > 0)
            idx[k++] = i;
    for (int i = 1; i < k; i++) /* by tolerance, loosest first */
        for (int j = i; j > 0 && p[idx[j]].tol > p[idx[j - 1]].tol; j--) {
            int t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
    fprintf(f, "<polyline fill=\"none\" %s points=\"", style);
    for (int i = 0; i < k; i++)
        fprintf(f, "%.1f,%.1f ", sx(log10(p[idx[i]].work), box[0], box[1]),
                sy(p[idx[i]].acc, box[2], box[3]));
    fprintf(f, "\"/>\n");
    for (int i = 0; i < k; i++)
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" %s><title>%s: tol %.0e, %.4g "
                   "work, %.2f digits</title></circle>\n",
                sx(log10(p[idx[i]].work), box[0], box[1]), sy(p[idx[i]].acc, box[2], box[3]),
                marker, who, p[idx[i]].tol, p[idx[i]].work, p[idx[i]].acc);
}

void db_overlay_svg(FILE *f, const db_curve_pt *b, int nb, const db_curve_pt *n, int nn,
                    const char *work, const char *acc)
{
    double box[4] = {INFINITY, -INFINITY, INFINITY, -INFINITY};
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < (c ? nn : nb); i++) {
            const db_curve_pt *p = c ? &n[i] : &b[i];
            if (!isfinite(p->acc) || !isfinite(p->work) || p->work <= 0)
                continue;
            box[0] = fmin(box[0], log10(p->work));
            box[1] = fmax(box[1], log10(p->work));
            box[2] = fmin(box[2], p->acc);
            box[3] = fmax(box[3], p->acc);
        }
    if (!isfinite(box[0])) {
        fprintf(f, "<p>(no points)</p>\n");
        return;
    }
    /* whole decades of work, half digits of accuracy, with some room */
    box[0] = floor(box[0] - 0.05), box[1] = ceil(box[1] + 0.05);
    box[2] = floor(2 * box[2] - 0.5) / 2, box[3] = ceil(2 * box[3] + 0.5) / 2;
    fprintf(f, "<svg class=\"overlay\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
               "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" font-size=\"12\">\n", W, HGT, W,
            HGT);
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
               "stroke=\"#888\"/>\n", L, T, W - L - R, HGT - T - B);
    for (int d = (int)box[0]; d <= (int)box[1]; d++) {
        double x = sx(d, box[0], box[1]);
        fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                   "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">1e%d</text>\n", x, x, T,
                HGT - B, x, HGT - B + 19, d);
    }
    int step = box[3] - box[2] > 8 ? 2 : 1;
    for (int a = (int)ceil(box[2]); a <= (int)floor(box[3]); a += step) {
        double y = sy(a, box[2], box[3]);
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                   "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", L, W - R, y, y,
                L - 5, y + 4, a);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s (log scale)</text>\n",
            (W + L - R) / 2, HGT - 8, db_esc_html(work));
    fprintf(f, "<text transform=\"translate(14,%d) rotate(-90)\" text-anchor=\"middle\">%s "
               "(digits)</text>\n", (HGT + T - B) / 2, db_esc_html(acc));
    series(f, b, nb, box, "stroke=\"#9ab\" stroke-width=\"6\" stroke-opacity=\"0.6\"",
           "fill=\"#9ab\"", "baseline");
    series(f, n, nn, box, "stroke=\"#c00\" stroke-width=\"2\"", "fill=\"#c00\"", "now");
    fprintf(f, "<text x=\"%d\" y=\"16\" fill=\"#6f8a9a\">&#9644; baseline</text>"
               "<text x=\"%d\" y=\"16\" fill=\"#c00\">&#9644; now</text>\n</svg>\n", L, L + 90);
}
