# timeseries.gp — energy and constraint residuals over time of the runs of one
# scenario that wrote a time series (the long pendulum run; harness/results/trajdump.h,
# columns 1 t, 2 energy drift (E − E0)/max(1,|E0|), 3..5 residuals position
# velocity acceleration); issue 8 "Diagrams".  Called by `daebench plot` with
#   files     the series files, separated by blanks
#   titles, colors, dashes   one word per file, as in wpd.gp
#   ptitle    the title; outbase: writes outbase-time.png and .svg

set dashtype 6 (8,3,2,3,2,3)
n = words(files)
pos(y) = y > 0 ? y : NaN
absy(y) = abs(y) > 0 ? abs(y) : NaN

do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1600,1000 enhanced font "Sans,11"
    } else {
        set terminal svg size 1600,1000 enhanced font "Sans,11" background "white" mouse standalone
    }
    set output outbase."-time.".fmt
    set multiplot layout 2,2 title ptitle noenhanced font ",14"
    set grid xtics ytics
    set xlabel "t [s]"
    set key outside right top noenhanced box font ",7" spacing 0.8 samplen 2
    set logscale y
    set format y "10^{%L}"
    set title "energy drift |E(t) - E(t_0)| / max(1, |E(t_0)|)"
    set ylabel "relative energy drift"
    plot for [i=1:n] word(files, i) using 1:(absy($2)) with lines lc rgb word(colors, i) \
         dt int(word(dashes, i)) lw 1.2 title word(titles, i)
    set title "position residual |g|"
    set ylabel "|g| (units of the positions)"
    plot for [i=1:n] word(files, i) using 1:(pos($3)) with lines lc rgb word(colors, i) \
         dt int(word(dashes, i)) lw 1.2 title word(titles, i)
    set title "velocity residual |G v + g_t|"
    set ylabel "|G v + g_t| (per second)"
    plot for [i=1:n] word(files, i) using 1:(pos($4)) with lines lc rgb word(colors, i) \
         dt int(word(dashes, i)) lw 1.2 title word(titles, i)
    set title "acceleration residual"
    set ylabel "|G a + (G v)_p v + ...| (per s^2)"
    plot for [i=1:n] word(files, i) using 1:(pos($5)) with lines lc rgb word(colors, i) \
         dt int(word(dashes, i)) lw 1.2 title word(titles, i)
    unset multiplot
    set output
}
