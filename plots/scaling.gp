# scaling.gp — cost per step against the number of bodies N on log-log axes,
# one curve per solver, from the table of scripts/scaling.sh (columns: solver N
# steps cpu cpu_per_step; one gnuplot data block per solver), with the fitted
# slopes (N >= 64) in the title and reference lines of slope 1 and 3.
# usage: gnuplot -e "dat='scaling.dat'; out='scaling.png'; names='radau5 bdf'; slopes='...'" plots/scaling.gp
if (!exists("dat")) dat = 'results/scaling/scaling.dat'
if (!exists("out")) out = 'results/scaling/scaling.png'
if (!exists("slopes")) slopes = ''
if (!exists("names")) names = 'radau5 bdf'
set terminal pngcairo size 800,600
set output out
set logscale xy 2
set format y "%.0e"
set xlabel "N (insulators)"
set ylabel "CPU seconds per step"
set title "insulator chain: cost per step vs N\n".slopes
set key top left
set grid
stats dat index 0 using 2:5 nooutput prefix "A"
f1(x) = A_min_y * (x / A_min_x)
f3(x) = A_min_y * (x / A_min_x)**3
plot for [i=1:words(names)] dat index (i-1) using 2:5 with linespoints title word(names, i), \
     f1(x) dashtype 2 lc "gray" title "slope 1", \
     f3(x) dashtype 3 lc "gray" title "slope 3 (dense LU)"
