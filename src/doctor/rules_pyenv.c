/* Rules that read the counter-experiments on the Python and loader side
 * (facts.experiments): the working torch or libcuda is there, and one setting
 * of this environment hides it. Each fires only on an experiment that worked,
 * so each is "proven by experiment" (confidence high). */
#include <stdio.h>
#include <string.h>

#include "doctor/rules.h"
#include "util/json.h"

static void proven(json_t *out, const jg_view *v, const char *exp, const char *id,
                   const char *summary, const char *fix)
{
    const json_t *e = jg_experiment(v, exp);
    json_t *ev = jg_ev_new();
    jg_ev_printf(ev, "experiment %s: %s -> works (%s)", exp, jg_json_str(e, "change"),
                 jg_json_str(e, "detail"));
    jg_ev_raw(ev, v, "python.torch.imported");
    jg_ev_raw(ev, v, "python.torch.error");
    jg_finding_spec s = {id, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH, summary, fix};
    jg_finding_add(out, &s, ev);
}

void jg_rule_python_environment_hides_torch(const jg_view *v, json_t *out)
{
    if (jg_experiment_worked(v, "python-isolated"))
        proven(out, v, "python-isolated", "configuration.pythonpath-shadows-torch",
               "PYTHONPATH (or PYTHONHOME) puts something before the working torch (proven by "
               "experiment: python -I imports torch with CUDA)",
               "remove the entry from PYTHONPATH (echo $PYTHONPATH; python3 -c 'import torch; "
               "print(torch.__file__)' shows which torch wins)");
    else if (jg_experiment_worked(v, "python-no-user-site"))
        proven(out, v, "python-no-user-site", "configuration.user-site-shadows-torch",
               "a torch in the user site-packages (~/.local) shadows the working one (proven by "
               "experiment: python -s imports torch with CUDA)",
               "pip uninstall --user torch (or export PYTHONNOUSERSITE=1)");
    else if (jg_experiment_worked(v, "system-interpreter"))
        proven(out, v, "system-interpreter", "configuration.environment-hides-system-torch",
               "the virtual environment or conda env hides the system's torch, which works "
               "(proven by experiment: /usr/bin/python3 imports torch with CUDA)",
               "recreate the venv with --system-site-packages (python3 -m venv "
               "--system-site-packages .venv), or install the same CUDA build into it");
    else if (jg_experiment_worked(v, "path-python3"))
        proven(out, v, "path-python3", "configuration.interpreter-without-torch",
               "the configured interpreter does not see a working torch that python3 on PATH "
               "sees (proven by experiment)",
               "run the project with that python3, or install torch for the configured "
               "interpreter; check interpreter flags (-I, -S) and its sys.path");
}

void jg_rule_loader_setting_hides_driver(const jg_view *v, json_t *out)
{
    const char *exp = jg_experiment_worked(v, "unset-LD_PRELOAD") ? "unset-LD_PRELOAD"
                      : jg_experiment_worked(v, "drop-compat-from-LD_LIBRARY_PATH")
                          ? "drop-compat-from-LD_LIBRARY_PATH"
                          : NULL;
    if (!exp)
        return;
    const json_t *e = jg_experiment(v, exp);
    json_t *ev = jg_ev_new();
    jg_ev_printf(ev, "experiment %s: %s -> works (%s)", exp, jg_json_str(e, "change"),
                 jg_json_str(e, "detail"));
    jg_ev_raw(ev, v, "cuda_driver.reason");
    bool preload = strcmp(exp, "unset-LD_PRELOAD") == 0;
    jg_finding_spec s = {
        preload ? "configuration.ld-preload-breaks-cuda" : "configuration.compat-libraries-break-cuda",
        JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
        preload ? "a library in LD_PRELOAD breaks CUDA (proven by experiment: without it the "
                  "driver works)"
                : "CUDA forward-compatibility libraries on LD_LIBRARY_PATH break the driver "
                  "(proven by experiment: without the compat entries it works)",
        preload ? "unset LD_PRELOAD for the program, or preload a build that matches this CUDA"
                : "remove .../compat from LD_LIBRARY_PATH: forward compatibility is only for "
                  "driver/GPU pairs that support it"};
    jg_finding_add(out, &s, ev);
}

/* A venv that cannot see the system site-packages, on a Jetson whose torch
 * lives there (NVIDIA's wheels and jetson-containers install system-wide). */
void jg_rule_venv_without_system_site(const jg_view *v, json_t *out)
{
    const json_t *ssp = jg_json_at(v->facts, "env.venv.system_site_packages");
    if (!json_is_false(ssp) || !jg_on_jetson(v) ||
        (v->torch_imported != JG_NO && v->torch_has_cuda != JG_NO) ||
        jg_findings_has(out, "configuration.environment-hides-system-torch"))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_raw(ev, v, "env.venv");
    jg_ev_raw(ev, v, "python.torch.version");
    jg_finding_spec s = {
        "configuration.venv-without-system-site-packages", JG_L_CONFIGURATION, JG_SEV_WARNING,
        JG_CONF_MEDIUM,
        "this virtual environment does not see the system site-packages, where a Jetson's CUDA "
        "torch is usually installed, and its own torch is missing or CPU-only",
        "python3 -m venv --system-site-packages .venv, or install the Jetson build into the venv"};
    jg_finding_add(out, &s, ev);
}
