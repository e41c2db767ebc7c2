# profile.gp — Dolan–Moré performance profiles of the best of each solver
# (plots/profile.h) at three accuracies, one panel each: ρ(τ), the fraction
# of problem pages on which the solver (its fastest formulation there) needs at
# most τ times the CPU time of the fastest solver to reach the scd.  Called by
# `daebench plot` with:
#   files    one .dat per level (blocks per solver: columns τ, ρ)
#   levels   the scd of each file;  npages: the page count of each level
#   nblocks, titles, colors, points   as in wpd.gp (one per solver)
#   outbase  writes outbase.png and .svg
ncol = words(files)
# the panels in ncol columns left of x = 0.77 of the canvas, and one legend
# right of them for all panels (its text at 15 px of a 1300 px canvas stays at
# 11 px or more when the page shows the SVG 1000 px wide)
pw = 0.76 / ncol
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1300,520 enhanced font "Sans,13"
    } else {
        set terminal svg size 1300,520 enhanced font "Sans,13" background "white" mouse standalone
    }
    set output outbase.".".fmt
    set multiplot title "performance profiles, best formulation of each solver" font ",14"
    set logscale x
    set xrange [1:100]
    set yrange [0:1.05]
    set grid xtics ytics
    set xlabel "{/Symbol t} (CPU time / fastest)"
    set ylabel "fraction of problems"
    set tmargin at screen 0.83
    set bmargin at screen 0.15
    do for [L=1:words(files)] {
        set lmargin at screen (L - 1) * pw + 0.07
        set rmargin at screen L * pw
        if (L == 1) {
            set key at screen 0.995, screen 0.83 right top noenhanced box font ",15" spacing 1.1 samplen 2.5 width 1
        } else {
            unset key
        }
        set title sprintf("gscd >= %s (%s problems)", word(levels, L), word(npages, L))
        plot for [i=1:nblocks] word(files, L) index (i-1) using 1:2 with steps \
             lc rgb word(colors, i) lw 2 title word(titles, i)
    }
    unset multiplot
    set output
}
