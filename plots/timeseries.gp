# timeseries.gp — energy and constraint residuals over time of the runs of one
# scenario that wrote a time series (harness/results/trajdump.h; columns 1 t,
# 2 energy drift (E − E0)/max(1,|E0|), 3..5 residuals position velocity
# acceleration), at most 8 series (series.h splits more into several diagrams).
# Four panels share one legend at the right, outside the panels.  Called by
# `daebench plot` with
#   files     the series files, separated by blanks
#   titles, colors, dashes   one word per file, as in wpd.gp
#   ptitle    the title; outbase: writes outbase-time.png and .svg

set dashtype 6 (8,3,2,3,2,3)
n = words(files)
pos(y) = y > 0 ? y : NaN
absy(y) = abs(y) > 0 ? abs(y) : NaN
# the panels' columns and rows in screen coordinates; the legend right of them
xl1 = 0.095; xr1 = 0.40; xl2 = 0.505; xr2 = 0.805
yb2 = 0.09; yt2 = 0.41; yb1 = 0.54; yt1 = 0.86

# about four labelled ticks on the t axis (1, 2 or 5 times a power of ten)
stats word(files, 1) using 1 nooutput name "T"
tstep = T_max > T_min ? 10**floor(log10((T_max - T_min) / 4.0)) : 1
tm = T_max > T_min ? (T_max - T_min) / 4.0 / tstep : 1
tstep = tstep * (tm >= 5 ? 5 : tm >= 2 ? 2 : 1)

do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 960,720 enhanced font "Sans,12"
    } else {
        set terminal svg size 960,720 enhanced font "Sans,12" background "white" mouse standalone
    }
    set output outbase."-time.".fmt
    set multiplot title ptitle noenhanced font ",13"
    set grid xtics ytics
    set xlabel "t [s]" offset 0,0.4
    set logscale y
    set format y "10^{%L}"
    set xtics tstep format "%g"
    set key at screen 0.995, yt1 right top noenhanced box font ",12" spacing 1.1 samplen 2.5 \
        title "solver/formulation"
    set lmargin at screen xl1; set rmargin at screen xr1
    set bmargin at screen yb1; set tmargin at screen yt1
    set title "energy drift |E - E_0| / max(1, |E_0|)" font ",12"
    set ylabel "relative energy drift [1]"
    plot for [i=1:n] word(files, i) using 1:(absy($2)) with lines lc rgb word(colors, i) \
         dt int(word(dashes, i)) lw 1.5 title word(titles, i)
    unset key
    set lmargin at screen xl2; set rmargin at screen xr2
    set title "position residual |g|"
    set ylabel "|g| [position unit]"
    plot for [i=1:n] word(files, i) using 1:(pos($3)) with lines lc rgb word(colors, i) \
         dt int(word(dashes, i)) lw 1.5 notitle
    set lmargin at screen xl1; set rmargin at screen xr1
    set bmargin at screen yb2; set tmargin at screen yt2
    set title "velocity residual |G v + g_t|"
    set ylabel "|G v + g_t| [position unit / s]"
    plot for [i=1:n] word(files, i) using 1:(pos($4)) with lines lc rgb word(colors, i) \
         dt int(word(dashes, i)) lw 1.5 notitle
    set lmargin at screen xl2; set rmargin at screen xr2
    set title "acceleration residual"
    set ylabel "|G a + (G v)_p v + ...| [pos. unit / s^2]"
    plot for [i=1:n] word(files, i) using 1:(pos($5)) with lines lc rgb word(colors, i) \
         dt int(word(dashes, i)) lw 1.5 notitle
    unset multiplot
    set output
}
