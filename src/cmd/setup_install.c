/* setup: install the project so that nothing can replace torch, then prove
 * it. Before pip runs, the project's own files are checked with the
 * constraints rules (a requirement the vendor torch does not meet stops
 * here, with the line); then pip runs under the constraints, or, for a
 * uv.lock project, installs the locked versions without the torch family
 * and bitsandbytes with --no-deps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/setup_steps.h"
#include "install/constraints.h"
#include "install/reqfile.h"
#include "install/setup.h"
#include "schema/pyprobe.h"
#include "schema/policy.h"
#include "util/atomic.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/sysroot.h"

static bool exists(const char *dir, const char *name, char *path, size_t n)
{
    struct stat st;
    snprintf(path, n, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

/* The same rules as `constraints --check`, on the file the install reads.
 * From a lock, torch-family entries are left out of the export (the vendor
 * build stays; pip check judges what depends on it), so only bitsandbytes
 * stops it there. */
static int precheck(struct setup_opts *o, const char *file, const json_t *probe, bool no_bnb,
                    bool lock)
{
    jg_blob b;
    if (jg_read_path(file, JG_CAP_LARGE, &b) != JG_R_OK)
        return jg_blob_free(&b), jg_err("setup: cannot read %s", file), JG_EXIT_USAGE;
    struct jg_check_ctx ctx = {.probe = probe, .vendor_torch = true, .exclude_bnb = no_bnb,
                               .source = "the venv", .extras = o->extra_v,
                               .nextras = o->nextras, .follow_includes = true};
    jg_findings found = {0};
    char err[1024];
    int rc = jg_constraints_check(file, b.data, b.len, &ctx, &found, err, sizeof err);
    jg_blob_free(&b);
    size_t stops = lock ? jg_findings_count(&found, "bitsandbytes") : found.n;
    if (rc < 0)
        jg_err("%s", err);
    else if (found.n)
        jg_findings_print(&found, stderr);
    if (rc == 0 && stops)
        jg_err("setup: stopped before pip ran: installing %s would %s (findings above)", file,
               lock ? "add bitsandbytes" : "replace the vendor torch or add bitsandbytes");
    else if (rc == 0 && found.n)
        jg_progress("setup: the lock's own torch entries above are left out of the export: the "
                    "vendor build stays, and pip check judges what depends on it");
    rc = rc < 0 ? JG_EXIT_USAGE : stops ? JG_EXIT_NO : 0;
    jg_findings_free(&found);
    return rc;
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        return jg_err("setup: cannot write %s", path), JG_EXIT_USAGE;
    return 0;
}

/* venv python -m pip install ARGS... plus the index options given to setup. */
static int pip_install(const struct setup_opts *o, const char *const *args)
{
    const char *argv[32] = {o->venv_py, "-m", "pip", "install"};
    size_t k = 4;
    for (; *args && k < 20; args++)
        argv[k++] = *args;
    const char *pass[][2] = {{"--index-url", o->index_url},
                             {"--extra-index-url", o->extra_index_url},
                             {"--find-links", o->find_links}};
    for (size_t i = 0; i < 3; i++)
        if (pass[i][1]) {
            argv[k++] = pass[i][0];
            argv[k++] = pass[i][1];
        }
    if (o->no_index)
        argv[k++] = "--no-index";
    argv[k] = NULL;
    char why[2048];
    if (jg_setup_exec((char *const *)argv, JG_PIP_TIMEOUT_S, NULL, why, sizeof why) < 0)
        return jg_err("setup: pip stopped, torch untouched: %s", why), JG_EXIT_NO;
    return 0;
}

static int from_lock(struct setup_opts *o, const char *lock, const json_t *probe)
{
    char why[1024], path[PATH_MAX + 32];
    jg_marker_env sel = {.python = JG_STR(pyprobe, probe, python_version), .extras = o->extra_v, .nextras = o->nextras};
    char *text = jg_lock_export(lock, &sel, why, sizeof why);
    if (!text)
        return jg_err("setup: %s", why), JG_EXIT_NO;
    snprintf(path, sizeof path, "%s/jetgate-lock-export.txt", o->venv_dir);
    int rc = write_file(path, text);
    free(text);
    jg_progress("setup: installing %s's locked packages (no torch family, no bitsandbytes) "
                "with --no-deps", lock);
    const char *reqs[] = {"--no-deps", "-r", path, NULL};
    const char *proj[] = {"--no-deps", o->project, NULL};
    if (rc == 0)
        rc = pip_install(o, reqs);
    return rc ? rc : pip_install(o, proj);
}

static int under_constraints(struct setup_opts *o, const json_t *probe, bool no_bnb,
                             const char *bwhy)
{
    char why[512], path[PATH_MAX + 32], target[PATH_MAX + 600];
    char *text = jg_constraints_render(probe, no_bnb, bwhy, why, sizeof why);
    if (!text)
        return jg_err("setup: refusing to pin: %s", why), JG_EXIT_NO;
    snprintf(path, sizeof path, "%s/jetgate-constraints.txt", o->venv_dir);
    int rc = write_file(path, text);
    free(text);
    snprintf(target, sizeof target, "%s%s%s%s", o->project, o->extra ? "[" : "",
             o->extra ? o->extra : "", o->extra ? "]" : "");
    jg_progress("setup: installing %s under %s (torch pinned to the vendor build)", target, path);
    const char *args[] = {"-c", path, target, NULL};
    return rc ? rc : pip_install(o, args);
}

int setup_install(struct setup_opts *o, const json_t *policy, const json_t *tier)
{
    char why[1024], bwhy[256], lock[PATH_MAX + 16], pyproject[PATH_MAX + 16];
    int no_bnb = jg_bnb_excluded(policy, JG_STR(tier, tier, id), bwhy, sizeof bwhy);
    json_t *probe = jg_install_probe(o->venv_py, 0, why, sizeof why);
    if (!probe)
        return jg_err("setup: cannot ask the venv's interpreter: %s", why), JG_EXIT_NO;
    bool locked = exists(o->project, "uv.lock", lock, sizeof lock);
    bool has_pp = exists(o->project, "pyproject.toml", pyproject, sizeof pyproject);
    int rc = 0;
    if (locked || has_pp)
        rc = precheck(o, locked ? lock : pyproject, probe, no_bnb == 1, locked);
    else
        jg_warn("setup: %s has no pyproject.toml or uv.lock to check first; only pip's resolve "
                "under the constraints guards torch", o->project);
    if (rc == 0)
        rc = locked ? from_lock(o, lock, probe) : under_constraints(o, probe, no_bnb == 1, bwhy);
    json_decref(probe);
    return rc;
}

int setup_verify(struct setup_opts *o, const json_t *before, json_t **after)
{
    char why[2048];
    *after = jg_torch_fingerprint(o->venv_py, why, sizeof why);
    if (!*after)
        return jg_err("setup: cannot fingerprint torch after the install: %s", why), JG_EXIT_NO;
    if (!jg_torch_same_build(before, *after, why, sizeof why))
        return jg_err("setup: torch was replaced during the install: %s", why), JG_EXIT_NO;
    char *const check[] = {o->venv_py, "-m", "pip", "check", NULL};
    if (jg_setup_exec(check, 300, NULL, why, sizeof why) < 0)
        return jg_err("setup: pip check failed: %s", why), JG_EXIT_NO;
    jg_progress("setup: pip check: no broken requirements");
    return 0;
}
