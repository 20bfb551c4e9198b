/* setup's first steps: is this a Jetson of a tier, and may the venv be
 * used or made where it is asked for? Both only read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/setup_steps.h"
#include "doctor/diagnose.h"
#include "facts/collect.h"
#include "gate/gate.h"
#include "install/constraints.h"
#include "install/reqfile.h"
#include "install/setup.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/sysroot.h"
#include "schema/doctor.h"
#include "schema/facts.h"
#include "schema/policy.h"

/* The layer that is missing, as doctor names it: the hardware finding when
 * there is one, else the first error. */
static void explain(const json_t *facts, const char *mode)
{
    json_t *d = jg_diagnose(facts, mode);
    const json_t *pick = NULL, *f;
    size_t i;
    for (int pass = 0; pass < 2 && !pick; pass++)
        json_array_foreach(JG_RESULT_LIST(d, findings), i, f)
        {
            bool hit = pass ? jg_severity_index(JG_FINDING_STR(f, severity)) == JG_SEV_ERROR
                            : jg_layer_index(JG_FINDING_STR(f, layer)) == JG_L_HARDWARE;
            if (!pick && hit)
                pick = f;
        }
    if (pick)
        jg_err("setup: this host is not a Jetson of any tier of the policy: %s: %s (fix: %s)",
               JG_FINDING_STR(pick, layer), JG_FINDING_STR(pick, summary), JG_FINDING_STR(pick, fix));
    else
        jg_err("setup: this host's module (%s) matches no tier of the policy",
               JG_FACT_STR(facts, module_part_number) ? JG_FACT_STR(facts, module_part_number)
                                                      : "unknown");
    json_decref(d);
}

int setup_platform(struct setup_opts *o, const json_t *policy, const json_t **tier)
{
    jg_root r;
    if (!jg_root_init(&r, o->root))
        return jg_usage_error("setup", "--root %s is not a directory", o->root);
    json_t *facts = jg_facts_collect_files(&r);
    jg_root_free(&r);
    *tier = facts ? jg_gate_tier_for(policy, facts) : NULL;
    const char *arch = JG_FACT_STR(facts, host_arch);
    snprintf(o->host_arch, sizeof o->host_arch, "%s", arch ? arch : "");
    int rc = 0;
    const char *id = JG_STR(tier, *tier, id), *name = JG_STR(tier, *tier, name);
    if (!*tier) {
        explain(facts, o->root ? "sysroot" : "live");
        rc = JG_EXIT_NO;
    } else if (o->tier && strcmp(o->tier, id) != 0) {
        jg_err("setup: this host is tier %s (%s), not %s", id, name, o->tier);
        rc = JG_EXIT_NO;
    } else {
        jg_progress("setup: this host is tier %s (%s, JetPack %s)", id, name,
                    JG_STR(tier, *tier, jetpack));
    }
    json_decref(facts);
    return rc;
}

int setup_plan_venv(struct setup_opts *o)
{
    char why[1024];
    int t = jg_venv_target(o->venv_dir, o->project, why, sizeof why);
    if (t < 0) {
        jg_err("setup: %s", why);
        return JG_EXIT_USAGE;
    }
    o->venv_new = t == 0;
    snprintf(o->venv_py, sizeof o->venv_py, "%s/bin/python", o->venv_dir);
    /* A new venv with system site packages sees what its interpreter sees. */
    snprintf(o->probe_py, sizeof o->probe_py, "%s", o->venv_new ? o->python : o->venv_py);
    if (!o->venv_new)
        jg_progress("setup: using the existing venv %s (system site packages on)", o->venv_dir);
    return 0;
}
