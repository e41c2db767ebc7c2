/* test_step_points.c — "daebench run --step-points / --steps-out FILE.csv"
 * (harness/run/steppoints.h): for every in-repo solver on the pendulum (exact
 * solution) the CSV has one row per accepted step after the row of t0, its times
 * strictly increase to t_end, its error columns equal the group-scaled errors
 * recomputed here from the exact solution, the recorded step errors are the
 * largest of them and within 100·tol, the --component error there (papers'
 * comp_err_max_steps) is the largest over the rows; on Andrews (no exact
 * solution) the recomputed reference agrees with the stored one to ≥ 10
 * digits; a solver that
 * drops a step point or repeats one is caught (run fails with a message), and a
 * solver that does not report step points is refused with exit status 2. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "reference/reference.h"
#include "harness/run/run.h"
#include "testset/registry.h"
#include "testset/tests/check.h"

#define TOL 1e-6

/* ---- wrappers of radau5 that break the step-point contract ---- */
static void (*inner_hook)(void *, double, const double *);
static void *inner_ctx;
static int mode;        /* 1: drop the 5th point, 2: report the 5th point twice */
static long seen;

static void bad_hook(void *ctx, double t, const double *y)
{
    (void)ctx;
    seen++;
    if (mode == 1 && seen == 5)
        return;
    inner_hook(inner_ctx, t, y);
    if (mode == 2 && seen == 5)
        inner_hook(inner_ctx, t, y);
}

static db_status bad_integrate(const db_dae *d, const db_solver_opts *o, db_output *out,
                               db_counters *c, char *msg, size_t msglen)
{
    db_solver_opts w = *o;
    inner_hook = o->step_point;
    inner_ctx = o->step_ctx;
    seen = 0;
    if (o->step_point) {
        w.step_point = bad_hook;
        w.step_ctx = NULL;
    }
    return db_solver_find("radau5")->integrate(d, &w, out, c, msg, msglen);
}

static const db_solver bad_solver = {
    .name = "test-bad-steps", .title = "test only: radau5 with a broken step-point hook",
    .forms = DB_FORM_BIT(DB_GGL), .integrate = bad_integrate, .step_points = 1};
static const db_solver mute_solver = {
    .name = "test-no-steps", .title = "test only: radau5 without step points",
    .forms = DB_FORM_BIT(DB_GGL), .integrate = bad_integrate, .step_points = 0};

/* ---- the CSV ---- */
typedef struct {
    int nrow, ncol;
    double *v;      /* nrow × ncol, NAN for empty cells */
    char head[1024];
} csv;

static int csv_read(const char *path, csv *c)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    memset(c, 0, sizeof *c);
    if (!fgets(c->head, sizeof c->head, f)) {
        fclose(f);
        return -1;
    }
    c->ncol = 1;
    for (const char *p = c->head; *p; p++)
        c->ncol += *p == ',';
    int cap = 0;
    static char line[1 << 16];
    while (fgets(line, sizeof line, f)) {
        if (c->nrow == cap) {
            cap = cap ? 2 * cap : 256;
            c->v = realloc(c->v, (size_t)cap * c->ncol * sizeof *c->v);
        }
        char *p = line;
        for (int j = 0; j < c->ncol; j++) {
            char *e;
            double x = strtod(p, &e);
            c->v[(size_t)c->nrow * c->ncol + j] = e == p ? NAN : x;
            p = strchr(e, ',');
            p = p ? p + 1 : e;
        }
        c->nrow++;
    }
    fclose(f);
    return 0;
}

static int col_of(const csv *c, const char *name)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", c->head);
    buf[strcspn(buf, "\r\n")] = '\0';
    int j = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save), j++)
        if (strcmp(tok, name) == 0)
            return j;
    return -1;
}

static db_run_spec spec_of(const char *prob, const char *form, const char *solver,
                           const char *csvpath)
{
    db_run_spec s;
    db_run_spec_init(&s, db_problem_find(prob), 0, (db_form)db_form_from_name(form),
                     db_solver_find(solver), TOL, TOL);
    s.timing_cap = 1e-9;
    s.step_points = 1;
    s.steps_csv = csvpath;
    return s;
}

/* one solver on the pendulum: the CSV against the exact solution */
static void pendulum_case(const char *form, const char *solver, const char *path)
{
    db_run_spec s = spec_of("pendulum", form, solver, path);
    s.comp_group = DB_GV;   /* --component v:1: its largest error at the step points */
    s.comp_index = 1;
    db_run_result r;
    char err[512];
    CHECK(db_run_execute(&s, &r, err, sizeof err) == 0, "%s: %s", solver, err);
    CHECK(strcmp(r.status, "ok") == 0, "%s: %s %s", solver, r.status, r.message);
    CHECK(r.nsteppts == r.counters.steps && r.counters.steps > 10,
          "%s: %ld step points for %ld steps", solver, r.nsteppts, r.counters.steps);
    csv c;
    CHECK(csv_read(path, &c) == 0, "%s: no CSV %s", solver, path);
    CHECK(c.nrow == r.counters.steps + 1, "%s: %d rows for %ld steps (+ t0)", solver, c.nrow,
          r.counters.steps);
    /* the exact solution and the magnitudes of the loaded reference */
    const db_problem *prob = s.prob;
    db_mech m;
    char msg[256];
    CHECK(prob->setup(&m, 0, r.spec.par, msg, sizeof msg) == 0, "setup: %s", msg);
    db_ref ref;
    CHECK(db_ref_load(&ref, prob, 0, r.spec.par, &m, err, sizeof err) == 0 && ref.have,
          "reference: %s", err);
    int ip = col_of(&c, "p1"), iv = col_of(&c, "v1"), iep = col_of(&c, "err_p"),
        iev = col_of(&c, "err_v");
    CHECK(ip > 0 && iv > 0 && iep > 0 && iev > 0, "%s: CSV header %s", solver, c.head);
    double t_prev = -INFINITY, emax_p = 0, emax_v = 0, worst = 0, comp_max = 0, comp_t = NAN;
    for (int k = 0; k < c.nrow && ip > 0 && iv > 0 && iep > 0 && iev > 0; k++) {
        const double *row = c.v + (size_t)k * c.ncol;
        CHECK(row[0] > t_prev, "%s: row %d: t = %.17g after %.17g", solver, k, row[0], t_prev);
        t_prev = row[0];
        double p[8], v[8], l[8], mu[8];
        prob->exact(&m, row[0], p, v, l, mu);
        double ep = 0, ev = 0;
        for (int i = 0; i < m.np; i++)
            ep = fmax(ep, fabs(row[ip + i] - p[i]) / ref.mag[DB_GP]);
        for (int i = 0; i < m.nv; i++)
            ev = fmax(ev, fabs(row[iv + i] - v[i]) / ref.mag[DB_GV]);
        /* the CSV's values are printed to 12 digits */
        worst = fmax(worst, fabs(ep - row[iep]) + fabs(ev - row[iev]));
        if (k > 0) {
            emax_p = fmax(emax_p, row[iep]);
            emax_v = fmax(emax_v, row[iev]);
            if (fabs(row[iv + 1] - v[1]) > comp_max) {
                comp_max = fabs(row[iv + 1] - v[1]);
                comp_t = row[0];
            }
        }
    }
    CHECK(worst < 1e-9, "%s: error columns differ from the exact solution's by %.3g", solver,
          worst);
    CHECK(c.nrow > 0 && c.v[0] == m.t0, "%s: first row not at t0", solver);
    CHECK(c.nrow > 0 && fabs(t_prev - m.tend) < 1e-9, "%s: last row at %.17g, t_end %g", solver,
          t_prev, m.tend);
    CHECK(fabs(emax_p - r.step_err[DB_GP]) <= 1e-6 * emax_p &&
              fabs(emax_v - r.step_err[DB_GV]) <= 1e-6 * emax_v,
          "%s: recorded step errors p %.6e v %.6e, CSV's largest %.6e %.6e", solver,
          r.step_err[DB_GP], r.step_err[DB_GV], emax_p, emax_v);
    CHECK(fabs(r.comp_step_err_max - comp_max) <= 1e-9 + 1e-6 * comp_max &&
              fabs(r.comp_step_t_max - comp_t) < 1e-12,
          "%s: --component v:1 at the step points %.6e at %.10g, recomputed %.6e at %.10g",
          solver, r.comp_step_err_max, r.comp_step_t_max, comp_max, comp_t);
    CHECK(r.step_err[DB_GP] < 100 * TOL && r.step_err[DB_GV] < 100 * TOL &&
              r.step_err[DB_GP] > 0,
          "%s: step errors p %.3e v %.3e not consistent with tol %g", solver, r.step_err[DB_GP],
          r.step_err[DB_GV], TOL);
    printf("%-7s %-6s steps %4ld  step-point errors p %.3e v %.3e (grid %.3e %.3e)\n", solver,
           form, r.counters.steps, r.step_err[DB_GP], r.step_err[DB_GV], r.err_grid[DB_GP],
           r.err_grid[DB_GV]);
    free(c.v);
    db_ref_free(&ref);
    if (prob->teardown)
        prob->teardown(&m);
    db_run_result_free(&r);
    unlink(path);
}

int main(void)
{
    char path[] = "/tmp/daebench_steps_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return 1;
    close(fd);
    static const char *cases[][2] = {{"GGL", "radau5"},  {"GGL", "bdf"},    {"EoM1", "mexx"},
                                     {"EoM", "rosnys"},  {"oEoM1", "geoms"}, {"oEoM1", "odassl"},
                                     {"GGL", "ida"}};
    int ncase = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        if (db_solver_find(cases[k][1])) {
            pendulum_case(cases[k][0], cases[k][1], path);
            ncase++;
        }
    /* every built-in solver reports step points and is tested above */
    for (int i = 0; db_solvers[i]; i++) {
        int listed = 0;
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
            listed |= strcmp(cases[k][1], db_solvers[i]->name) == 0;
        CHECK(listed && db_solvers[i]->step_points, "solver %s: step points not tested",
              db_solvers[i]->name);
    }

    /* no exact solution: the stored reference's primary recomputed at the steps */
    {
        db_run_spec s = spec_of("andrews", "GGL", "radau5", NULL);
        db_run_result r;
        char err[512];
        CHECK(db_run_execute(&s, &r, err, sizeof err) == 0 && strcmp(r.status, "ok") == 0,
              "andrews: %s", err);
        CHECK(r.step_ref_digits[DB_GP] >= 10 && r.step_ref_digits[DB_GV] >= 10,
              "andrews: the recomputed reference agrees to p %.1f v %.1f digits only",
              r.step_ref_digits[DB_GP], r.step_ref_digits[DB_GV]);
        CHECK(r.step_err[DB_GP] < 100 * TOL && r.step_err[DB_GV] < 100 * TOL &&
                  r.nsteppts == r.counters.steps,
              "andrews: step errors p %.3e v %.3e, %ld points for %ld steps", r.step_err[DB_GP],
              r.step_err[DB_GV], r.nsteppts, r.counters.steps);
        printf("andrews radau5: reference %s, %.1f/%.1f digits\n", r.step_ref,
               r.step_ref_digits[DB_GP], r.step_ref_digits[DB_GV]);
        db_run_result_free(&r);
    }

    /* a solver that drops or repeats a step point is caught */
    CHECK(db_solver_register(&bad_solver) == 0 && db_solver_register(&mute_solver) == 0,
          "register the test solvers");
    for (mode = 1; mode <= 2; mode++) {
        db_run_spec s = spec_of("pendulum", "GGL", "test-bad-steps", NULL);
        db_run_result r;
        char err[512] = "";
        int rc = db_run_execute(&s, &r, err, sizeof err);
        CHECK(rc == -1 && strstr(err, "step point"), "mode %d: rc %d, '%s'", mode, rc, err);
        printf("mode %d caught: %s\n", mode, err);
        db_run_result_free(&r);
    }

    /* a solver without step points: exit status 2 with one line */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        char *argv[] = {"-p", "pendulum", "-f", "GGL", "-s", "test-no-steps", "--tol", "1e-6",
                        "--step-points", NULL};
        db_run_spec s;
        db_run_parse_args(9, argv, &s, NULL);
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2,
          "a solver without step points: exit status %d, expected 2", WEXITSTATUS(status));
    CHECK(ncase >= 6, "only %d solvers ran", ncase);
    return check_summary();
}
