# history.gp — the work of each solver at fixed accuracy levels across the bench
# files of successive commits (plots/history.c, `daebench history`): one panel
# per level, x = the file (its index and short commit), y = the work relative to
# the first file (geometric mean over the series with a value in every file),
# one line per solver.  Called with:
#   datafile  history.dat (blocks level-major: index = (L-1)*nsolvers + solver-1;
#             columns file ratio series)
#   levels    the digits of each panel;  nsolvers, titles, colors: one per solver
#   nfiles, xt  the file count and the xtics list ("1 abc1234" 1, ...)
#   ylo, yhi  the range of the ratios;  ylab: the work measure
#   outbase   writes outbase.png and .svg
nl = words(levels)
wd = 120 + 460 * nl
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size wd,520 noenhanced font "Sans,11"
    } else {
        set terminal svg size wd,520 noenhanced font "Sans,11" background "white"
    }
    set output outbase.".".fmt
    set multiplot layout 1,nl title "work at fixed accuracy across commits, relative to the first file" font ",14"
    set logscale y
    set xrange [0.5:nfiles+0.5]
    set yrange [ylo:yhi]
    set grid xtics ytics
    eval "set xtics (".xt.") rotate by 45 right font \",9\""
    set ylabel ylab." / first file"
    # ratios near 1 get ticks of their own (a log axis labels decades only)
    if (yhi / ylo > 20) {
        set ytics auto format "%g"
    } else {
        set ytics ("0.5" 0.5, "0.67" 0.6667, "0.8" 0.8, "0.9" 0.9, "1" 1, "1.1" 1.1, \
                   "1.25" 1.25, "1.5" 1.5, "2" 2, "3" 3, "5" 5, "10" 10)
    }
    set key outside below horizontal font ",9"
    set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#808080"
    do for [L=1:nl] {
        set title sprintf("%s digits", word(levels, L))
        plot for [i=1:nsolvers] datafile index ((L-1)*nsolvers + i-1) using 1:2 \
             with linespoints lw 2 pt 7 ps 0.8 lc rgb word(colors, i) title word(titles, i)
    }
    unset multiplot
    set output
}
