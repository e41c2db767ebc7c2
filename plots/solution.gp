# solution.gp — the reference solution of one page: a few positions over time
# (plots/solution.c writes datfile: columns t, then one position each; titles
# names them, one word each).  Called by `daebench plot` with datfile,
# outbase (writes outbase-solution.png and .svg), titles, ptitle.
colors = "#1F77B4 #D62728 #2CA02C #9467BD #FF7F0E #8C564B"
n = words(titles)
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 960,440 enhanced font "Sans,12"
    } else {
        set terminal svg size 960,440 enhanced font "Sans,12" background "white" mouse standalone
    }
    set output outbase."-solution.".fmt
    set title ptitle noenhanced font ",13"
    set grid xtics ytics
    set xlabel "t [s]"
    set ylabel "position p_i [m or rad]"
    set lmargin at screen 0.09; set rmargin at screen 0.84
    set key at screen 0.995, graph 1 right top enhanced box font ",12" spacing 1.2 samplen 2.5
    plot for [i=1:n] datfile using 1:(column(i + 1)) with lines lc rgb word(colors, i) \
         lw 2 dt i title word(titles, i)
    set output
}
