/* Rules for a torch that does not import: not installed for the interpreter that ran (a
 * report's "No module named 'torch'" reads as the wrong interpreter, the live doctor's as a
 * missing install) or installed but broken. */
#include "doctor/rules/rules.h"
#include "util/json.h"

/* A report's "No module named 'torch'" comes from someone who installed torch: the
 * interpreter that ran is not the one that has it (a venv, a conda env, a Jupyter kernel,
 * sudo, pip's isolated build environment) far more often than torch is absent. */
static const jg_finding_spec torch_not_on_interpreter = {
    JG_FID_configuration_torch_not_on_interpreter, JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
    "the Python that ran has no torch: most often torch is installed for another interpreter "
    "or environment (a venv, a conda env, a notebook kernel, sudo's Python, pip's isolated "
    "build environment), less often not at all",
    "in the same shell run: which python3; python3 -m pip show torch. Run the interpreter that "
    "has torch (or install torch into this one); for a package build that imports torch, pip "
    "install --no-build-isolation"};

static void torch_not_installed(const jg_view *v, jg_finding_list *out)
{
    const json_t *pasted = jg_view_signal(v, JG_SIG_torch_module_missing);
    if (pasted) {
        jg_finding_add_seen(out, &torch_not_on_interpreter, "Python", pasted);
        return;
    }
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_found);
    /* medium: it shows this interpreter lacks torch, not whether torch is missing or
     * another interpreter (the one that has it) should have run */
    jg_finding_spec s = {JG_FID_pytorch_build_torch_not_installed, JG_L_PYTORCH_BUILD, JG_SEV_WARNING,
                         JG_CONF_MEDIUM,
                         "torch is not installed for this interpreter (only the native CUDA "
                         "layers were checked)",
                         jg_on_jetson(v) ? jg_fix_torch(v)
                                         : "install a CUDA build of torch if the project needs "
                                           "it, or pass --python with its interpreter"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_torch_import_failed(const jg_view *v, jg_finding_list *out)
{
    if (v->torch_imported != JG_NO)
        return;
    if (jg_experiment_worked(v, JG_X_PYTHON_ISOLATED) || jg_experiment_worked(v, JG_X_PYTHON_NO_USER_SITE) ||
        jg_experiment_worked(v, JG_X_SYSTEM_INTERPRETER) || jg_experiment_worked(v, JG_X_PATH_PYTHON3) ||
        jg_experiment_worked(v, JG_X_VENDOR_TORCH_FIRST))
        return; /* the configuration rule names what hides the working torch */
    if (JG_FACT_RBOOL(v->facts, python_torch_found) == 0) {
        torch_not_installed(v, out);
        return;
    }
    json_t *ev = jg_ev_new();
    jg_ev_field(ev, v, JG_FF_python_torch_imported);
    jg_ev_field(ev, v, JG_FF_python_torch_error);
    jg_finding_spec s = {JG_FID_pytorch_build_torch_not_importable, JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
                         JG_CONF_MEDIUM, "torch does not import with this interpreter",
                         jg_on_jetson(v) ? jg_fix_torch(v)
                                         : "python3 -c 'import torch' shows the failing module; "
                                           "reinstall torch with its nvidia-* dependencies for "
                                           "this CUDA"};
    jg_finding_add(out, &s, ev);
}
