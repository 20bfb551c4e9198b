/* Counter-experiments: where the live facts point at a cause that can be
 * tested without side effects, re-run the failing probe in a child with that
 * one thing changed (a variable unset, a library path entry removed, python
 * -s / -I, the system interpreter instead of the venv's, a vendor torch's
 * folder first on PYTHONPATH) and record whether
 * CUDA then works. The only part of doctor/ that runs children; the rules stay
 * pure and read the results from facts.experiments. */
#ifndef JG_DOCTOR_EXPERIMENTS_H
#define JG_DOCTOR_EXPERIMENTS_H
#include <jansson.h>

typedef struct jg_experiment_opts {
    const char *python;   /* the interpreter the doctor probed (NULL = python3) */
    double budget_s;      /* all experiments together; 0 = 60 s */
    /* where to look for another torch (glob patterns, NULL-terminated; NULL =
     * the system interpreters' dist-/site-packages, python/torch_installs.h) */
    const char *const *torch_dirs;
} jg_experiment_opts;

/* Run the experiments the facts call for; returns the list
 * [{"id", "change", "probe", "result": "works"|"still fails"|"error", "detail",
 *   "seconds"}], possibly empty. Never changes this process's environment. */
json_t *jg_run_experiments(const json_t *facts, const jg_experiment_opts *o);

#endif
