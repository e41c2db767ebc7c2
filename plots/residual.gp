# residual.gp — the largest constraint residual over the output grid on each
# level (position, velocity, acceleration) against the tolerance, one panel per
# level; issue 8 "Diagrams".  Called by `daebench plot` with the variables of
# wpd.gp (datafile columns 4 tol, 9..11 residuals) and
#   resfail   the residual at which failed runs are marked
# Writes outbase-res.png and .svg.  A level without constraints (residual 0) is
# not drawn on the log axis.

if (!exists("failfile")) failfile = ""
if (!exists("levels")) levels = "9 10 11"
if (!exists("ghostfile")) ghostfile = ""
if (!exists("nghost")) nghost = 0
if (!exists("ghostcolors")) ghostcolors = ""
gtitle = nghost > 0 ? "baseline (faint)" : ""
# the ghost curves as a macro (empty without a baseline: a plot iteration over
# zero files would still try to open one)
set macros
G_4poscolumnc = nghost > 0 ? "for [i=1:nghost] ghostfile index (i-1) using 4:(pos(column(c))) with lines lc rgb word(ghostcolors, i) lw 5 notitle, NaN with lines lc rgb '#A0808080' lw 5 title gtitle," : ""
if (!exists("resfail")) resfail = 1
set dashtype 6 (8,3,2,3,2,3)
lname(c) = c == 9 ? "position" : c == 10 ? "velocity" : "acceleration"
pos(y) = y > 0 ? y : NaN

ncol = words(levels)
# the panels in ncol columns left of x = 0.77 of the canvas, and one legend
# right of them for all panels (its text at 15 px of a 1300 px canvas stays at
# 11 px or more when the page shows the SVG 1000 px wide)
pw = 0.76 / ncol
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1300,600 enhanced font "Sans,13"
    } else {
        set terminal svg size 1300,600 enhanced font "Sans,13" background "white" mouse standalone
    }
    set output outbase."-res.".fmt
    set multiplot title ptitle." : constraint residuals vs tolerance" noenhanced font ",14"
    set logscale xy
    set format x "10^{%L}"
    set format y "10^{%L}"
    set grid xtics ytics
    set tmargin at screen 0.87
    set bmargin at screen 0.14
    set xlabel "tolerance (rtol = atol)"
    do for [li=1:words(levels)] {
        c = int(word(levels, li))
        set lmargin at screen (li - 1) * pw + 0.07
        set rmargin at screen li * pw
        if (li == 1) {
            set key at screen 0.995, screen 0.87 right top noenhanced box font ",15" spacing 1.1 samplen 2.5 width 1
        } else {
            unset key
        }
        set title lname(c)." level"
        set ylabel "max residual on the grid"
        if (strlen(failfile) > 0) {
            plot @G_4poscolumnc \
                 for [i=1:nblocks] datafile index (i-1) using 4:(pos(column(c))) with linespoints \
                 lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 \
                 ps 1.0 title word(titles, i), \
                 failfile using 3:(resfail):4 with points pt 2 ps 2 lw 2 lc rgb variable \
                 title "failed run (x)"
        } else {
            plot @G_4poscolumnc \
                 for [i=1:nblocks] datafile index (i-1) using 4:(pos(column(c))) with linespoints \
                 lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 \
                 ps 1.0 title word(titles, i)
        }
    }
    unset multiplot
    set output
}
