# errtol.gp — error per group (p, v, lambda, mu) at t_end against the tolerance,
# one panel per group, with the diagonal error = tol (tolerance-proportional
# error) for reference; issue 8 "Diagrams".  Called by `daebench plot` with the
# variables of wpd.gp (datafile columns 4 tol, 5..8 errors p v lambda mu;
# failfile column 3 tol, 4 colour) and
#   errfail   the error at which failed runs are marked (above every ok run)
#   groups    the groups to draw, among "5 6 7 8" (columns with data)
# Writes outbase-err.png and .svg.

if (!exists("failfile")) failfile = ""
if (!exists("ghostfile")) ghostfile = ""
if (!exists("nghost")) nghost = 0
if (!exists("ghostcolors")) ghostcolors = ""
gtitle = nghost > 0 ? "baseline (faint)" : ""
# the ghost curves as a macro (empty without a baseline: a plot iteration over
# zero files would still try to open one)
set macros
G_4c = nghost > 0 ? "for [i=1:nghost] ghostfile index (i-1) using 4:c with lines lc rgb word(ghostcolors, i) lw 5 notitle, NaN with lines lc rgb '#A0808080' lw 5 title gtitle," : ""
if (!exists("errfail")) errfail = 1
set dashtype 6 (8,3,2,3,2,3)
gname(c) = c == 5 ? "p" : c == 6 ? "v" : c == 7 ? "{/Symbol l}" : "{/Symbol m}"
ng = words(groups)

ncol = 2
nrow = ng > 2 ? 2 : 1
# the panels in ncol columns left of x = 0.77 of the canvas, and one legend
# right of them for all panels (its text at 15 px of a 1300 px canvas stays at
# 11 px or more when the page shows the SVG 1000 px wide)
pw = 0.76 / ncol
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1300,(ng > 2 ? 900 : 520) enhanced font "Sans,13"
    } else {
        set terminal svg size 1300,(ng > 2 ? 900 : 520) enhanced font "Sans,13" background "white" mouse standalone
    }
    set output outbase."-err.".fmt
    set multiplot title ptitle." : error at t_end vs tolerance" noenhanced font ",14"
    set logscale xy
    set format x "10^{%L}"
    set format y "10^{%L}"
    set grid xtics ytics
    set xlabel "tolerance (rtol = atol)"
    do for [g=1:ng] {
        c = int(word(groups, g))
        col = (g - 1) % 2 + 1
        row = (g - 1) / 2 + 1
        set lmargin at screen (col - 1) * pw + 0.07
        set rmargin at screen col * pw
        if (nrow == 1) { set tmargin at screen 0.88; set bmargin at screen 0.14 }
        if (nrow == 2 && row == 1) { set tmargin at screen 0.91; set bmargin at screen 0.56 }
        if (nrow == 2 && row == 2) { set tmargin at screen 0.42; set bmargin at screen 0.08 }
        if (g == 1) {
            set key at screen 0.995, screen (nrow == 1 ? 0.88 : 0.91) right top noenhanced box font ",15" spacing 1.1 samplen 2.5 width 1
        } else {
            unset key
        }
        set ylabel "error of ".gname(c)." (group-scaled)"
        set title "error of ".gname(c)
        if (strlen(failfile) > 0) {
            plot @G_4c \
                 for [i=1:nblocks] datafile index (i-1) using 4:c with linespoints \
                 lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 \
                 ps 1.1 title word(titles, i), \
                 x with lines lc rgb "#333333" dt 3 lw 2.5 title "error = tol", \
                 failfile using 3:(errfail):4 with points pt 2 ps 2 lw 2 lc rgb variable \
                 title "failed run (x)"
        } else {
            plot @G_4c \
                 for [i=1:nblocks] datafile index (i-1) using 4:c with linespoints \
                 lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 \
                 ps 1.1 title word(titles, i), \
                 x with lines lc rgb "#333333" dt 3 lw 2.5 title "error = tol"
        }
    }
    unset multiplot
    set output
}
