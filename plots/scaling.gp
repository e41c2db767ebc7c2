# scaling.gp — cost per step (CPU seconds / steps) against the number of bodies
# N on log-log axes, one curve per problem and solver/formulation, with the
# least-squares slope of each (N >= the suite's fit_from) in its key entry, and
# reference lines of slope 1 (linear cost, MEXX's sparse mode: seed 001 §5.4,
# Tables 5.5-5.6) and 3 (a dense LU).  Called by `daebench plot` on a bench file
# of the scaling suite (plots/scaling.h), which sets with -e:
#   datafile  one block per curve (blocks separated by two blank lines); the
#             first line of each block is its quoted title, then columns
#             1 N, 2 steps, 3 cpu [s], 4 cpu/step [s]
#   outbase   output path without suffix: writes outbase.png and outbase.svg
#   nblocks   number of blocks
#   colors    one "#rrggbb" per block (one colour per solver)
#   dashes    one dash type per block (one per problem)
#   x0, y0    the anchor of the reference lines (first curve at N = fit_from)
#   ylo, yhi  the y range (the data's, widened; the slope-3 line leaves it)
#   ptitle    the title
if (!exists("ptitle")) ptitle = "cost per step against N"
f1(x) = y0 * (x / x0)
f3(x) = y0 * (x / x0)**3
set dashtype 6 (8,3,2,3,2,3)
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1000,700 enhanced font "Sans,11"
    } else {
        set terminal svg size 1000,700 enhanced font "Sans,11" background "white"
    }
    set output outbase.".".fmt
    set title ptitle noenhanced font ",13"
    set logscale xy 2
    set format y "10^{%L}"
    set logscale y 10
    set xlabel "N (bodies)"
    set ylabel "CPU seconds per step"
    set key top left noenhanced box opaque font ",12"
    set grid xtics ytics
    set yrange [ylo:yhi]
    plot for [i=1:nblocks] datafile index (i-1) using 1:4 with linespoints \
             lc rgb word(colors, i) dt int(word(dashes, i)) pt 7 ps 0.8 lw 1.5 \
             title columnheader(1), \
         f1(x) dashtype 2 lc "gray50" title "slope 1", \
         f3(x) dashtype 3 lc "gray50" title "slope 3 (dense LU)"
    unset output
}
