# profile.gp — Dolan–Moré performance profiles of the best of each solver
# (plots/profile.h) at three accuracies, one panel each: ρ(τ), the fraction
# of problem pages on which the solver (its fastest formulation there) needs at
# most τ times the CPU time of the fastest solver to reach the scd.  Called by
# `daebench plot` with:
#   files    one .dat per level (blocks per solver: columns τ, ρ)
#   levels   the scd of each file;  npages: the page count of each level
#   nblocks, titles, colors, points   as in wpd.gp (one per solver)
#   outbase  writes outbase.png and .svg
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1500,520 enhanced font "Sans,11"
    } else {
        set terminal svg size 1500,520 enhanced font "Sans,11" background "white" mouse standalone
    }
    set output outbase.".".fmt
    set multiplot layout 1,words(files) title "performance profiles, best formulation of each solver" font ",14"
    set logscale x
    set xrange [1:100]
    set yrange [0:1.05]
    set grid xtics ytics
    set xlabel "{/Symbol t} (CPU time / fastest)"
    set ylabel "fraction of problems"
    set key outside right top noenhanced box font ",18" samplen 2
    do for [L=1:words(files)] {
        set title sprintf("gscd >= %s (%s problems)", word(levels, L), word(npages, L))
        plot for [i=1:nblocks] word(files, L) index (i-1) using 1:2 with steps \
             lc rgb word(colors, i) lw 2 title word(titles, i)
    }
    unset multiplot
    set output
}
