# cost.gp — instructions per accepted step of the runs of scripts/cost.sh
# (callgrind, inside the timed integrations), one bar per run on a log axis,
# with the figure of the Fortran code (RADAU5, DASSL) on the same run as a
# mark where there is one.  Set with -e:
#   datafile  columns 1 index, 2 quoted run name, 3 ours, 4 Fortran (0: none)
#   outfile   the PNG to write
set terminal pngcairo size 1000,600 enhanced font "Sans,10"
set output outfile
set title "instructions per accepted step (callgrind, scripts/cost.sh)" noenhanced
set logscale y 10
set format y "10^{%L}"
set ylabel "instructions / step"
set style fill solid 0.6 border -1
set boxwidth 0.6
set xtics rotate by -30 left noenhanced
set key top left noenhanced
set grid ytics
set xrange [-0.7:*]
plot datafile using 1:3:xtic(2) with boxes lc rgb "#1f77b4" title "daebench", \
     datafile using 1:($4 > 0 ? $4 : 1/0) with points pt 9 ps 2 lc rgb "#d62728" title "Fortran code (RADAU5 / DASSL), same run"
