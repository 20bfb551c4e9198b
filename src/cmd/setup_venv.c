/* setup: the first step that writes. Every check has passed: the venv is
 * made (with system site packages, and a .gitignore of "*" as Python 3.13's
 * venv writes, so that a venv inside the checkout leaves the tree clean),
 * the verified wheels go into it, and the torch family it sees is
 * fingerprinted for the proof after the install. */
#include <stdio.h>
#include <string.h>

#include "cmd/setup_steps.h"
#include "install/setup.h"
#include "util/json.h"
#include "util/msg.h"

static int create(struct setup_opts *o)
{
    char why[1024], ignore[PATH_MAX + 16];
    jg_progress("setup: creating %s with system site packages", o->venv_dir);
    if (jg_venv_create(o->python, o->venv_dir, why, sizeof why) < 0)
        return jg_err("setup: cannot create the venv: %s", why), JG_EXIT_NO;
    snprintf(ignore, sizeof ignore, "%s/.gitignore", o->venv_dir);
    FILE *f = fopen(ignore, "wx"); /* Python 3.13+ writes it itself */
    if (f && (fputs("# created by jetgate setup\n*\n", f) < 0 || fclose(f) != 0))
        return jg_err("setup: cannot write %s", ignore), JG_EXIT_NO;
    return 0;
}

static int install_wheels(struct setup_opts *o, const json_t *tier)
{
    const char *args[SETUP_MAX_WHEELS + 1] = {NULL};
    for (size_t i = 0; i < o->nwheels; i++) {
        args[i] = o->wheels[i];
        jg_progress("setup: installing the verified wheel %s into the venv", o->wheels[i]);
    }
    int rc = setup_pip_install(o, args);
    return rc ? rc : setup_judge(o, tier, o->venv_py);
}

/* The proof's starting point; files that already differ from torch's
 * RECORD are refused (reinstall first). */
int setup_fingerprint(const char *python, json_t **before)
{
    char why[2048];
    if (!(*before = jg_torch_fingerprint(python, why, sizeof why)))
        return jg_err("setup: cannot fingerprint torch: %s", why), JG_EXIT_NO;
    if (json_integer_value(json_object_get(*before, "files_changed_count")))
        return jg_err("setup: the installed torch's files do not match its RECORD (%s, ...): "
                      "reinstall NVIDIA's wheel first",
                      json_string_value(json_array_get(json_object_get(*before, "files_changed"),
                                                       0))), JG_EXIT_NO;
    const char *version = jg_json_str(*before, "version");
    jg_progress("setup: torch %s (%s) from %s; %lld files match its RECORD%s", version,
                version && strstr(version, "+cu") ? "the tier's upstream CUDA build"
                                                  : "NVIDIA build",
                jg_json_str(*before, "site"),
                (long long)json_integer_value(json_object_get(*before, "files_hashed")),
                json_object_size(json_object_get(*before, "companions"))
                    ? " (torchvision / torchaudio fingerprinted too)" : "");
    return 0;
}

int setup_venv(struct setup_opts *o, const json_t *policy, const json_t *tier, json_t **before)
{
    int rc = o->venv_new ? create(o) : 0;
    if (rc == 0 && (rc = setup_follow_in_venv(o, policy, tier)) != 0 && o->venv_new &&
        jg_tree_remove(o->venv_dir) != 0)
        jg_warn("setup: cannot remove the venv %s it made", o->venv_dir);
    if (rc == 0 && o->nwheels) {
        json_decref(*before);
        *before = NULL;
        rc = install_wheels(o, tier);
        if (rc == 0)
            rc = setup_fingerprint(o->venv_py, before);
    }
    return rc;
}
