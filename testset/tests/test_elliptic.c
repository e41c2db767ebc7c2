/* test_elliptic.c — Jacobi elliptic functions and K(m) (testset/elliptic.c):
 * identities sn² + cn² = 1, dn² + m sn² = 1, d sn/du = cn dn (central FD),
 * sn(K) = 1, cn(2K) = −1, periodicity 4K at large arguments, and K values from
 * ../shared/models/pendulum.md §4 (60-digit mpmath) and A&S Table 17.1. */
#include <math.h>

#include "testset/elliptic.h"
#include "testset/tests/check.h"

int main(void)
{
    /* K values: pendulum sheet §4 (k² = v10²/(4 g L), g = 13.75) and K(1/2) */
    struct { double m, K; } kv[] = {
        { 7.84 / 55.0, 1.6317613282264604 },
        { 8.41 / 55.0, 1.6366300960296454 },
        { 0.5, 1.8540746773013719 },
        { 0.0, 1.5707963267948966 },
    };
    for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++) {
        double K = db_ellip_K(kv[i].m);
        CHECK(fabs(K - kv[i].K) <= 2e-15 * kv[i].K, "K(%.17g) = %.17g, want %.17g", kv[i].m, K,
              kv[i].K);
    }
    /* period 4K/ω of the sheet's table (ω = sqrt(13.75)) */
    double omega = sqrt(13.75);
    CHECK(fabs(4 * db_ellip_K(7.84 / 55.0) / omega - 1.7602132209009869) < 1e-14, "period v28");
    CHECK(fabs(4 * db_ellip_K(0.5) / omega - 2.0000270) < 1e-7, "90 deg period");

    const double ms[] = { 0.0, 1e-6, 0.1, 7.84 / 55.0, 0.5, 0.9, 0.99 };
    double worst_id = 0, worst_d = 0, worst_sp = 0;
    for (size_t im = 0; im < sizeof ms / sizeof ms[0]; im++) {
        double m = ms[im], K = db_ellip_K(m), sn, cn, dn;
        for (int i = -200; i <= 200; i++) {
            double u = 0.0371 * i * K;
            db_ellip_jacobi(u, m, &sn, &cn, &dn);
            worst_id = fmax(worst_id, fabs(sn * sn + cn * cn - 1.0));
            worst_id = fmax(worst_id, fabs(dn * dn + m * sn * sn - 1.0));
            double h = 1e-5, sp, sm, cp, cm, dp, dm;
            db_ellip_jacobi(u + h, m, &sp, &cp, &dp);
            db_ellip_jacobi(u - h, m, &sm, &cm, &dm);
            worst_d = fmax(worst_d, fabs((sp - sm) / (2 * h) - cn * dn));
            worst_d = fmax(worst_d, fabs((cp - cm) / (2 * h) + sn * dn));
            worst_d = fmax(worst_d, fabs((dp - dm) / (2 * h) + m * sn * cn));
        }
        db_ellip_jacobi(K, m, &sn, &cn, &dn);
        worst_sp = fmax(worst_sp, fmax(fabs(sn - 1.0), fabs(cn)));
        worst_sp = fmax(worst_sp, fabs(dn - sqrt(1 - m)));
        db_ellip_jacobi(2 * K, m, &sn, &cn, &dn);
        worst_sp = fmax(worst_sp, fmax(fabs(sn), fabs(cn + 1.0)));
        db_ellip_jacobi(-K, m, &sn, &cn, &dn);
        worst_sp = fmax(worst_sp, fabs(sn + 1.0));
        /* sn(K/2) = 1/sqrt(1 + sqrt(1 − m)) (A&S 16.5) */
        db_ellip_jacobi(0.5 * K, m, &sn, &cn, &dn);
        worst_sp = fmax(worst_sp, fabs(sn - 1.0 / sqrt(1.0 + sqrt(1.0 - m))));
        /* large argument: u and u + 4K·n agree up to the rounding of u itself */
        double u0 = 0.731, s0, c0, d0;
        db_ellip_jacobi(u0, m, &s0, &c0, &d0);
        db_ellip_jacobi(u0 + 4 * K * 568, m, &sn, &cn, &dn);
        CHECK(fabs(sn - s0) < 2e-12 && fabs(cn - c0) < 2e-12 && fabs(dn - d0) < 2e-12,
              "periodicity m=%g: %.3e", m, fabs(sn - s0));
    }
    CHECK(worst_id < 4e-16 * 4, "identities: %.3e", worst_id);
    CHECK(worst_d < 1e-9, "derivatives vs FD: %.3e", worst_d);
    CHECK(worst_sp < 1e-15 * 4, "special values: %.3e", worst_sp);
    /* m = 0 is sin/cos, m = 1 is tanh/sech */
    double sn, cn, dn;
    db_ellip_jacobi(1.234, 0.0, &sn, &cn, &dn);
    CHECK(fabs(sn - sin(1.234)) < 1e-15 && fabs(cn - cos(1.234)) < 1e-15 && fabs(dn - 1.0) < 1e-15, "m=0");
    db_ellip_jacobi(1.234, 1.0, &sn, &cn, &dn);
    CHECK(fabs(sn - tanh(1.234)) < 1e-15 && fabs(cn - 1 / cosh(1.234)) < 1e-15, "m=1");
    db_ellip_jacobi(1.0, -0.5, &sn, &cn, &dn);
    CHECK(isnan(sn), "m < 0 is NaN");
    printf("identities %.2e  d/du %.2e  special %.2e\n", worst_id, worst_d, worst_sp);
    return check_summary();
}
