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

do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1500,600 enhanced font "Sans,11"
    } else {
        set terminal svg size 1500,600 enhanced font "Sans,11" background "white" mouse standalone
    }
    set output outbase."-res.".fmt
    set multiplot layout 1,words(levels) title ptitle." : constraint residuals vs tolerance" noenhanced font ",14"
    set logscale xy
    set format x "10^{%L}"
    set format y "10^{%L}"
    set grid xtics ytics
    set key outside right top vertical noenhanced box font ",18" spacing 1.0 samplen 2
    set xlabel "tolerance (rtol = atol)"
    do for [li=1:words(levels)] {
        c = int(word(levels, li))
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
