# wpd.gp — work-precision diagrams of one problem and scenario from a bench file
# (DESIGN.md §"Layout", plots/).  Called by `daebench plot`, which writes the data
# file and sets these variables with -e:
#   datafile  the .dat file: one block (separated by two blank lines) per
#             solver/formulation; columns 1 cpu [s], 2 f_evals, 3 scd, 4 tol,
#             5..8 errors p v lambda mu, 9..11 residuals position velocity
#             acceleration
#   outbase   output path without suffix: writes outbase-wpd.png and .svg
#   nblocks   number of blocks
#   titles    one word per block ("radau5/GGL")
#   colors    one "#rrggbb" per block (one colour per solver)
#   dashes    one dash type 1..6 per block (one per formulation)
#   points    one point type per block (one per formulation)
#   ptitle    the title of the page
#   failed    "" or the list of failed runs (not drawn)
# Left: scd against CPU time; right: scd against f evaluations (log x axes).

if (!exists("failed")) failed = ""
set dashtype 6 (8,3,2,3,2,3)

do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1400,640 enhanced font "Sans,11"
    } else {
        set terminal svg size 1400,640 enhanced font "Sans,11" background "white"
    }
    set output outbase."-wpd.".fmt
    set multiplot layout 1,2 title ptitle noenhanced font ",14"
    set logscale x
    set format x "10^{%L}"
    set grid xtics ytics mxtics
    set key top left noenhanced box opaque font ",9" spacing 0.9 samplen 3
    set ylabel "scd (correct digits at t_{end})"
    set bmargin (strlen(failed) > 0 ? 6 : 4)

    set xlabel "CPU time of the integration [s]"
    if (strlen(failed) > 0) {
        set label 1 failed at screen 0.01, screen 0.025 left noenhanced font ",9" tc rgb "#aa0000"
    }
    plot for [i=1:nblocks] datafile index (i-1) using 1:3 with linespoints \
         lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 ps 1.1 \
         title word(titles, i)
    unset label 1

    set xlabel "f evaluations"
    plot for [i=1:nblocks] datafile index (i-1) using 2:3 with linespoints \
         lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 ps 1.1 \
         title word(titles, i)
    unset multiplot
    set output
}
