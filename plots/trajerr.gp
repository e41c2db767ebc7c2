# trajerr.gp — the error over time of one run: the CSV of `daebench run
# --trajectory FILE.csv` (harness/results/trajcsv.h; columns t, components, err_p,
# err_v, err_lambda, err_mu), group-scaled error of p, v, λ, μ against the
# reference at every grid time, log y.  Called by `daebench plot --trajectory`
# with: csvfile, outbase (writes outbase-err.png and .svg), ptitle.
set datafile separator ","
set datafile missing "nan"
pos(y) = y > 0 ? y : NaN
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 1000,560 enhanced font "Sans,11"
    } else {
        set terminal svg size 1000,560 enhanced font "Sans,11" background "white" mouse standalone
    }
    set output outbase."-err.".fmt
    set title ptitle noenhanced
    set logscale y
    set format y "10^{%L}"
    set grid xtics ytics
    set xlabel "t"
    set ylabel "error (group-scaled)"
    set key outside right top noenhanced box font ",12"
    plot csvfile using 1:(pos(column("err_p"))) with linespoints lc rgb "#1F77B4" pt 7 ps 0.5 title "p", \
         csvfile using 1:(pos(column("err_v"))) with linespoints lc rgb "#D62728" pt 5 ps 0.5 title "v", \
         csvfile using 1:(pos(column("err_lambda"))) with linespoints lc rgb "#2CA02C" pt 9 ps 0.5 title "λ", \
         csvfile using 1:(pos(column("err_mu"))) with linespoints lc rgb "#9467BD" pt 11 ps 0.5 title "μ"
    set output
}
