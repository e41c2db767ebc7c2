/* budget.c — the shared per-step CPU-budget check of the solvers
 * (db_budget_cpu_over, solver.h). */
#include "solver.h"

int db_budget_cpu_over(double cpu0, double max_cpu)
{
    return max_cpu > 0.0 && db_cpu_seconds() - cpu0 > max_cpu;
}
