# wpd.gp — work-precision diagrams of one problem and scenario from a bench file
# (DESIGN.md §"Layout", plots/; issue 8 "Diagrams").  Called by `daebench plot`,
# which writes the data files and sets these variables with -e:
#   datafile  the .dat file: one block (separated by two blank lines) per
#             solver/formulation; columns 1 cpu [s], 2 f_evals, 3 scd, 4 tol,
#             5..8 errors at t_end p v lambda mu, 9..11 residuals position
#             velocity acceleration
#   failfile  "" or the failed runs: columns 1 cpu [s], 2 f_evals, 3 tol,
#             4 colour of the solver (0xRRGGBB)
#   scdfail   the scd at which failed runs are marked (below every ok run)
#   mlabel    the name of the accuracy measure of column 3 (gscd, ivp_scd, lambda_scd)
#   outbase   output path without suffix: writes outbase-wpd.png and .svg
#   nblocks   number of blocks
#   titles    one word per block ("radau5/GGL")
#   colors    one "#rrggbb" per block (one colour per solver)
#   dashes    one dash type 1..6 per block (one per formulation)
#   points    one point type per block (one per formulation)
#   ptitle    the title of the page
#   failed    "" or the failed runs per solver (the footnote)
#   failonly, failcolors  solvers all of whose runs here failed, and their colours:
#             a legend entry each (no curve to carry their name)
#   sortx     1: draw the right panel's curves in the order of f evaluations
#   ghostfile "" or the baseline's curves (same columns, `plot --baseline`),
#   nghost    their count, ghostcolors one faint "#AARRGGBB" per ghost curve:
#             drawn first, thick and faint, under the current curves
# Legends sit outside the data (right of each panel); in the SVG a click on a
# legend entry hides or shows its curve (terminal option "mouse standalone").
# Left: scd against CPU time; right: scd against f evaluations (log x axes).
# Failed runs are marked with a cross in the solver's colour at scd = scdfail.

if (!exists("failed")) failed = ""
if (!exists("failfile")) failfile = ""
# solvers whose every run here failed: a legend entry each, in its colour
if (!exists("failonly")) failonly = ""
if (!exists("failcolors")) failcolors = ""
FAILONLY = strlen(failonly) > 0 ? ", for [i=1:words(failonly)] NaN with points pt 2 ps 2 lw 2 lc rgb word(failcolors, i) title word(failonly, i).' (all runs failed)'" : ""
if (!exists("scdfail")) scdfail = 0
if (!exists("ghostfile")) ghostfile = ""
if (!exists("nghost")) nghost = 0
if (!exists("ghostcolors")) ghostcolors = ""
gtitle = nghost > 0 ? "baseline (faint)" : ""
# the ghost curves as a macro (empty without a baseline: a plot iteration over
# zero files would still try to open one)
set macros
# "best of each solver" curves are Pareto fronts in CPU time: against f
# evaluations they are drawn in the order of x (sortx=1)
if (!exists("sortx")) sortx = 0
SORTX = sortx ? "smooth unique" : ""
G_23 = nghost > 0 ? "for [i=1:nghost] ghostfile index (i-1) using 2:3 with lines lc rgb word(ghostcolors, i) lw 5 notitle, NaN with lines lc rgb '#A0808080' lw 5 title gtitle," : ""
G_13 = nghost > 0 ? "for [i=1:nghost] ghostfile index (i-1) using 1:3 with lines lc rgb word(ghostcolors, i) lw 5 notitle, NaN with lines lc rgb '#A0808080' lw 5 title gtitle," : ""
if (!exists("mlabel")) mlabel = "gscd"
set dashtype 6 (8,3,2,3,2,3)
ftitle = "failed run (x)"

ncol = 2
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
    set output outbase."-wpd.".fmt
    set multiplot title ptitle noenhanced font ",14"
    set logscale x
    set format x "10^{%L}"
    set grid xtics ytics mxtics
    set ylabel mlabel." at t_{end} [digits]"
    set tmargin at screen 0.90
    set bmargin at screen (strlen(failed) > 0 ? 0.20 : 0.13)
    set lmargin at screen 0.07
    set rmargin at screen pw
    unset key

    set xlabel "CPU time of the integration [s]"
    if (strlen(failed) > 0) {
        set label 1 failed at screen 0.01, screen 0.025 left noenhanced font ",9" tc rgb "#aa0000"
    }
    if (strlen(failfile) > 0) {
        plot @G_13 \
             for [i=1:nblocks] datafile index (i-1) using 1:3 with linespoints \
             lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 ps 1.1 \
             title word(titles, i), \
             failfile using ($1 > 0 ? $1 : 1e-6):(scdfail):4 with points pt 2 ps 2 lw 2 \
             lc rgb variable title ftitle @FAILONLY
    } else {
        plot @G_13 \
             for [i=1:nblocks] datafile index (i-1) using 1:3 with linespoints \
             lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 ps 1.1 \
             title word(titles, i)
    }
    unset label 1

    set xlabel "f evaluations"
    set lmargin at screen pw + 0.07
    set rmargin at screen 2 * pw
    # no box: gnuplot sizes it by the (all runs failed) entries' unevaluated titles
    set key at screen 0.995, screen 0.90 right top noenhanced nobox font ",15" spacing 1.1 samplen 2.5
    if (strlen(failfile) > 0) {
        plot @G_23 \
             for [i=1:nblocks] datafile index (i-1) using 2:3 @SORTX with linespoints \
             lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 ps 1.1 \
             title word(titles, i), \
             failfile using ($2 > 0 ? $2 : 1):(scdfail):4 with points pt 2 ps 2 lw 2 \
             lc rgb variable title ftitle @FAILONLY
    } else {
        plot @G_23 \
             for [i=1:nblocks] datafile index (i-1) using 2:3 @SORTX with linespoints \
             lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.5 ps 1.1 \
             title word(titles, i)
    }
    unset multiplot
    set output
}
