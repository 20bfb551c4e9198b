/* setup: the nvidia-* wheels a tier's upstream CUDA torch needs from pip
 * (JetPack 7.2's cu130 torch loads cuDNN, NCCL, cuSPARSELt and NVSHMEM from
 * them; the facts' channel row names them). Before anything is created,
 * pip's dry-run resolve proves the missing ones come from the configured
 * index / find-links without another torch; after the venv exists they are
 * installed under the constraints that pin torch, torch's fingerprint must
 * be unchanged, and each is checked again (present, at the version the
 * channel row requires where it states one). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/setup_steps.h"
#include "install/constraints.h"
#include "install/resolve.h"
#include "install/setup.h"
#include "schema/policy.h"
#include "schema/pyprobe.h"
#include "util/msg.h"

#define WHEELS_MAX 16

/* "a b c" split in place into argv-style pointers; how many. */
static size_t split(char *list, const char **v, size_t max)
{
    size_t k = 0;
    for (char *save = NULL, *w = strtok_r(list, " ", &save); w && k < max;
         w = strtok_r(NULL, " ", &save))
        v[k++] = w;
    v[k] = NULL;
    return k;
}

int setup_nvidia_check(struct setup_opts *o, const json_t *tier)
{
    char why[1024], list[1024];
    const char *names[WHEELS_MAX + 1];
    if (!jg_tier_extra_wheels(tier))
        return 0; /* NVIDIA's build: no wheels from pip */
    json_t *probe = jg_install_probe(o->probe_py, 0, why, sizeof why);
    if (!probe)
        return jg_err("setup: cannot ask %s: %s", o->probe_py, why), JG_EXIT_NO;
    int rc = 0;
    if (jg_tier_missing_list(probe, tier, list, sizeof list)) {
        split(list, names, WHEELS_MAX);
        char tmp[PATH_MAX + 16]; /* the project's resolve has its own files in o->tmp */
        snprintf(tmp, sizeof tmp, "%s/nvidia", o->tmp);
        struct jg_resolve_in in = {.python = o->probe_py, .targets = names, .probe = probe,
                                   .index_url = o->index_url,
                                   .extra_index_url = o->extra_index_url,
                                   .find_links = o->find_links, .no_index = o->no_index,
                                   .tmp = tmp, .file = "the tier's nvidia-* wheels"};
        struct jg_resolve_out res;
        jg_findings found = {0};
        int r = mkdir(tmp, 0700) == 0 ? jg_resolve_check(&in, &found, &res, why, sizeof why)
                                      : (snprintf(why, sizeof why, "cannot create %.900s", tmp), 1);
        if (r == 1 && !found.n && strstr(why, "has no pip"))
            jg_warn("setup: the nvidia-* wheels NOT resolved before creating anything: %s; they "
                    "are installed in the venv under the constraints, or setup stops there", why);
        else if (r != 0 || found.n) {
            jg_findings_print(&found, stderr);
            rc = (jg_err("setup: stopped before anything was created: the nvidia-* wheels the "
                         "tier's torch needs do not resolve from pip's index with torch pinned: "
                         "%s", r ? why : "they would bring another torch (findings above)"),
                  JG_EXIT_NO);
        }
        jg_findings_free(&found);
    }
    json_decref(probe);
    return rc;
}

/* Each channel wheel present in the venv, at the row's version where it states one. */
static int check_again(const struct setup_opts *o, const json_t *tier, const char *installed)
{
    char why[1024], name[96], ver[64], list[1024];
    json_t *probe = jg_install_probe(o->venv_py, 0, why, sizeof why);
    if (!probe)
        return jg_err("setup: cannot ask the venv's interpreter: %s", why), JG_EXIT_NO;
    const json_t *wheels = JG_NODE(cprobe, probe, nvidia_wheels);
    int rc = jg_tier_missing_list(probe, tier, list, sizeof list)
                 ? (jg_err("setup: after the install the venv still lacks %s", list), JG_EXIT_NO)
                 : 0;
    snprintf(list, sizeof list, "%s", jg_tier_extra_wheels(tier));
    const char *names[WHEELS_MAX + 1];
    for (size_t i = 0, k = split(list, names, WHEELS_MAX); rc == 0 && i < k; i++) {
        snprintf(name, sizeof name, "%.*s", (int)strcspn(names[i], "="), names[i]);
        const char *have = json_string_value(json_object_get(wheels, name));
        bool pinned = jg_tier_wheel_version(tier, name, ver, sizeof ver);
        if (pinned && (!have || strcmp(have, ver) != 0))
            rc = (jg_err("setup: %s %s is in the venv; the channel row requires %s", name,
                         have ? have : "(none)", ver), JG_EXIT_NO);
        else
            jg_progress("setup: %s %s present (%s%s)%s", name, have ? have : "?",
                        pinned ? "the version the channel row requires: " : "version not "
                        "pinned by the channel row", pinned ? ver : "",
                        installed && strstr(installed, name) ? "; installed by this run" : "");
    }
    json_decref(probe);
    return rc;
}

int setup_nvidia_install(struct setup_opts *o, const json_t *policy, const json_t *tier,
                         const json_t *before)
{
    char why[1024], bwhy[256], list[1024], cons[PATH_MAX + 32], dir[PATH_MAX];
    if (!jg_tier_extra_wheels(tier))
        return 0;
    json_t *probe = jg_install_probe(o->venv_py, 0, why, sizeof why);
    if (!probe || !realpath(o->venv_dir, dir))
        return json_decref(probe), jg_err("setup: cannot ask the venv's interpreter: %s", why),
               JG_EXIT_NO;
    int rc = 0, no_bnb = jg_bnb_excluded(policy, JG_STR(tier, tier, id), bwhy, sizeof bwhy);
    size_t missing = jg_tier_missing_list(probe, tier, list, sizeof list);
    char *text = missing ? jg_constraints_render(probe, no_bnb == 1, bwhy, why, sizeof why) : NULL;
    json_decref(probe);
    char installed[1024];
    snprintf(installed, sizeof installed, "%s", missing ? list : "");
    if (missing && !text)
        return jg_err("setup: refusing to pin: %s", why), JG_EXIT_NO;
    if (missing) {
        snprintf(cons, sizeof cons, "%s/jetgate-constraints.txt", dir);
        FILE *f = fopen(cons, "w");
        rc = !f || fputs(text, f) < 0 || fclose(f) != 0
                 ? (jg_err("setup: cannot write %s", cons), JG_EXIT_NO) : 0;
        const char *args[WHEELS_MAX + 3] = {"-c", cons};
        split(list, args + 2, WHEELS_MAX);
        jg_progress("setup: installing the nvidia-* wheels the tier's torch needs: %s (under %s, "
                    "torch pinned)", installed, cons);
        if (rc == 0)
            rc = setup_pip_install(o, args);
    }
    free(text);
    json_t *after = rc == 0 && missing ? jg_torch_fingerprint(o->venv_py, why, sizeof why) : NULL;
    if (rc == 0 && missing && (!after || !jg_torch_same_build(before, after, why, sizeof why)))
        rc = (jg_err("setup: torch changed while installing %s: %s", installed, why), JG_EXIT_NO);
    json_decref(after);
    if (rc == 0 && missing)
        jg_progress("setup: installed %s; torch is the same build (RECORD fingerprint)", installed);
    return rc ? rc : check_again(o, tier, installed);
}
