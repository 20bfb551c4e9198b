/* Rules that read the counter-experiments on the Python and loader side
 * (facts.experiments): the working torch or libcuda is there, and one setting
 * of this environment hides it. Each fires only on an experiment that worked,
 * so each is "proven by experiment" (confidence high). */
#include <stdio.h>
#include <string.h>

#include "doctor/rules/rules.h"

/* What an experiment that worked proves: a configuration error. */
typedef struct proof {
    enum jg_experiment_id exp;
    jg_fid id;
    const char *summary, *fix;
} proof;

/* The first proof whose experiment worked, with the evidence: the experiment
 * and the facts the failing probe left (fields ends with JG_FF_COUNT). */
static void first_proven(const jg_view *v, jg_finding_list *out, const proof *t, size_t n,
                         const jg_ff *fields)
{
    for (size_t i = 0; i < n; i++) {
        if (!jg_experiment_worked(v, t[i].exp))
            continue;
        const json_t *e = jg_experiment(v, t[i].exp);
        json_t *ev = jg_ev_new();
        jg_ev_printf(ev, "experiment %s: %s -> works (%s)", jg_experiment_id_name(t[i].exp),
                     JG_EXPERIMENT_STR(e, change), JG_EXPERIMENT_STR(e, detail));
        jg_ev_fields(ev, v, fields);
        jg_finding_spec s = {t[i].id, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_HIGH,
                             t[i].summary, t[i].fix};
        jg_finding_add(out, &s, ev);
        return;
    }
}

/* The most specific first: one flag, then another interpreter. */
static const proof python_proofs[] = {
    {JG_X_PYTHON_ISOLATED, JG_FID_configuration_pythonpath_shadows_torch,
     "PYTHONPATH (or PYTHONHOME) puts something before the working torch (proven by "
     "experiment: python -I imports torch with CUDA)",
     "remove the entry from PYTHONPATH (echo $PYTHONPATH; python3 -c 'import torch; "
     "print(torch.__file__)' shows which torch wins)"},
    {JG_X_PYTHON_NO_USER_SITE, JG_FID_configuration_user_site_shadows_torch,
     "a torch in the user site-packages (~/.local) shadows the working one (proven by "
     "experiment: python -s imports torch with CUDA)",
     "pip uninstall --user torch (or export PYTHONNOUSERSITE=1)"},
    {JG_X_SYSTEM_INTERPRETER, JG_FID_configuration_environment_hides_system_torch,
     "the virtual environment or conda env hides the system's torch, which works "
     "(proven by experiment: /usr/bin/python3 imports torch with CUDA)",
     "recreate the venv with --system-site-packages (python3 -m venv "
     "--system-site-packages .venv), or install the same CUDA build into it"},
    {JG_X_PATH_PYTHON3, JG_FID_configuration_interpreter_without_torch,
     "the configured interpreter does not see a working torch that python3 on PATH "
     "sees (proven by experiment)",
     "run the project with that python3, or install torch for the configured "
     "interpreter; check interpreter flags (-I, -S) and its sys.path"},
    {JG_X_VENDOR_TORCH_FIRST, JG_FID_configuration_torch_shadows_vendor_torch,
     "another torch comes first on this interpreter's sys.path and hides a CUDA build installed "
     "for the system interpreter, which works (proven by experiment: with its folder first on "
     "PYTHONPATH torch imports with CUDA)",
     "python3 -c 'import torch; print(torch.__file__)' shows which torch wins: pip uninstall "
     "that one (in a venv, recreate it with --system-site-packages), so the CUDA build is found"},
};

static const proof loader_proofs[] = {
    {JG_X_UNSET_LD_PRELOAD, JG_FID_configuration_ld_preload_breaks_cuda,
     "a library in LD_PRELOAD breaks CUDA (proven by experiment: without it the driver works)",
     "unset LD_PRELOAD for the program, or preload a build that matches this CUDA"},
    {JG_X_DROP_COMPAT, JG_FID_configuration_compat_libraries_break_cuda,
     "CUDA forward-compatibility libraries on LD_LIBRARY_PATH break the driver "
     "(proven by experiment: without the compat entries it works)",
     "remove .../compat from LD_LIBRARY_PATH: forward compatibility is only for "
     "driver/GPU pairs that support it"},
};

void jg_rule_python_environment_hides_torch(const jg_view *v, jg_finding_list *out)
{
    static const jg_ff fields[] = {JG_FF_python_torch_imported, JG_FF_python_torch_error,
                                   JG_FF_COUNT};
    first_proven(v, out, python_proofs, sizeof python_proofs / sizeof python_proofs[0], fields);
}

void jg_rule_loader_setting_hides_driver(const jg_view *v, jg_finding_list *out)
{
    static const jg_ff fields[] = {JG_FF_cuda_driver_reason, JG_FF_COUNT};
    first_proven(v, out, loader_proofs, sizeof loader_proofs / sizeof loader_proofs[0], fields);
}

/* A venv that cannot see the system site-packages, on a Jetson whose torch
 * lives there (NVIDIA's wheels and jetson-containers install system-wide). */
void jg_rule_venv_without_system_site(const jg_view *v, jg_finding_list *out)
{
    if (JG_FACT_RBOOL(v->facts, env_venv_system_site_packages) != 0 || !jg_on_jetson(v) ||
        (v->torch_imported != JG_NO && v->torch_has_cuda != JG_NO) ||
        jg_findings_has(out, JG_FID_configuration_environment_hides_system_torch))
        return;
    static const jg_ff ev[] = {JG_FF_env_venv, JG_FF_python_torch_version, JG_FF_COUNT};
    jg_finding_spec s = {
        JG_FID_configuration_venv_without_system_site_packages, JG_L_CONFIGURATION, JG_SEV_WARNING,
        JG_CONF_MEDIUM,
        "this virtual environment does not see the system site-packages, where a Jetson's CUDA "
        "torch is usually installed, and its own torch is missing or CPU-only",
        "python3 -m venv --system-site-packages .venv, or install the Jetson build into the venv"};
    jg_finding_add(out, &s, jg_ev_of(v, ev));
}
