/* setup: install the project so that nothing can replace torch, then prove
 * it. pip builds from a copy of the project's work tree in the venv
 * (VENV/jetgate-src), so a backend's build/ or *.egg-info never lands in the
 * checkout; an editable line (-e .) installs that copy editable. pip runs
 * under the constraints, or, for a lock, installs the locked versions
 * without the torch family and bitsandbytes with --no-deps. */
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
#include "util/msg.h"
#include "util/scrub.h"
#include "util/sysroot.h"

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0)
        return jg_err("setup: cannot write %s", path), JG_EXIT_USAGE;
    return 0;
}

/* Which index pip resolves against, said before it does (its password
 * scrubbed): an authenticated PIP_INDEX_URL is kept for pip, and a silent
 * fall back to public PyPI would be dependency confusion. */
static void say_index(const struct setup_opts *o)
{
    const char *env = getenv("PIP_INDEX_URL");
    const char *url = o->no_index ? NULL : o->index_url ? o->index_url : env && *env ? env : NULL;
    char *shown = url ? jg_scrub_text(NULL, url, JG_SCRUB_VALUE) : NULL;
    jg_progress("setup: pip's index: %s%s%s", o->no_index ? "none (--no-index)" : shown ? shown
                : "pip's configuration (pip config list), else https://pypi.org/simple",
                url ? (o->index_url ? " (--index-url)" : " (PIP_INDEX_URL)") : "",
                o->find_links ? "; --find-links too" : "");
    free(shown);
}

/* venv python -m pip install ARGS... plus the index options given to setup,
 * run in the staged project (requirements files name paths from there). */
int setup_pip_install(const struct setup_opts *o, const char *const *args)
{
    const char *argv[48] = {o->venv_py, "-m", "pip", "install"};
    size_t k = 4;
    for (; *args && k < 40; args++)
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
    say_index(o);
    char why[2048];
    const char *cwd = o->stage_project[0] ? o->stage_project : NULL;
    if (jg_setup_exec_in((char *const *)argv, cwd, JG_PIP_TIMEOUT_S, NULL, why, sizeof why) < 0)
        return jg_err("setup: pip stopped, torch untouched: %s", why), JG_EXIT_NO;
    return 0;
}

static bool project_files(const struct setup_opts *o)
{
    static const char *const names[] = {"pyproject.toml", "setup.py", "setup.cfg"};
    char path[PATH_MAX + 64];
    struct stat st;
    for (size_t i = 0; i < 3; i++)
        if (snprintf(path, sizeof path, "%s/%s", o->stage_project, names[i]) > 0 &&
            stat(path, &st) == 0)
            return true;
    return false;
}

static int from_lock(struct setup_opts *o, const char *dir, const json_t *probe)
{
    char why[1024], path[PATH_MAX + 32];
    jg_marker_env sel = {.python = JG_STR(pyprobe, probe, python_version), .extras = o->extras.v,
                         .nextras = o->extras.n, .groups = o->groups.v, .ngroups = o->groups.n};
    char *text = jg_lock_export(o->lock, &sel, why, sizeof why);
    if (!text)
        return jg_err("setup: %s", why), JG_EXIT_NO;
    snprintf(path, sizeof path, "%s/jetgate-lock-export.txt", dir);
    int rc = write_file(path, text);
    free(text);
    jg_progress("setup: installing %s's locked packages (no torch family, no bitsandbytes) "
                "with --no-deps", o->lock);
    const char *reqs[] = {"--no-deps", "-r", path, NULL};
    const char *proj[] = {"--no-deps", ".", NULL};
    if (rc == 0)
        rc = setup_pip_install(o, reqs);
    return rc || !project_files(o) ? rc : setup_pip_install(o, proj);
}

/* The selected dependency groups as requirement lines (pip installs no
 * group by itself before 25.1); NULL path when none is selected. */
int setup_groups_file(const struct setup_opts *o, const json_t *probe, const char *dir,
                      char *path, size_t n)
{
    path[0] = '\0';
    if (!o->groups.n)
        return 0;
    char src[PATH_MAX + 64], err[1024];
    snprintf(src, sizeof src, "%s/pyproject.toml", o->project);
    jg_blob b;
    jg_reqs reqs = {.follow_includes = true};
    jg_marker_env sel = {.python = JG_STR(pyprobe, probe, python_version),
                         .groups = o->groups.v, .ngroups = o->groups.n};
    int rc = jg_read_path(src, JG_CAP_LARGE, &b) == JG_R_OK
                 ? jg_reqfile_parse(src, b.data, b.len, &sel, &reqs, err, sizeof err) : -1;
    jg_blob_free(&b);
    snprintf(path, n, "%s/jetgate-groups.txt", dir);
    FILE *f = rc == 0 ? fopen(path, "w") : NULL;
    for (size_t i = 0; f && i < reqs.n; i++) {
        const jg_req *r = &reqs.v[i];
        if (r->kind == JG_REQ_PACKAGE && !r->constraint)
            fprintf(f, "%s%s%s%s%s%s%s\n", r->name, r->extras[0] ? "[" : "", r->extras,
                    r->extras[0] ? "]" : "", r->url[0] ? " @ " : "", r->url[0] ? r->url : r->spec,
                    r->url[0] ? " " : "");
    }
    jg_reqs_free(&reqs);
    if (!f || fclose(f) != 0)
        return jg_err("setup: cannot write the dependency groups to %s", path), JG_EXIT_NO;
    return 0;
}

/* pip install -c CONSTRAINTS, then the project with its extras (and the
 * selected groups' lines), or the requirements files. */
static int under_constraints(struct setup_opts *o, const char *dir, const json_t *probe,
                             bool no_bnb, const char *bwhy)
{
    char why[512], path[PATH_MAX + 32], groups[PATH_MAX + 32], target[PATH_MAX + 600];
    char *text = jg_constraints_render(probe, no_bnb, bwhy, why, sizeof why);
    if (!text)
        return jg_err("setup: refusing to pin: %s", why), JG_EXIT_NO;
    snprintf(path, sizeof path, "%s/jetgate-constraints.txt", dir);
    int rc = write_file(path, text);
    free(text);
    const char *args[2 * SETUP_MAX_REQS + 8] = {"-c", path};
    size_t k = 2;
    if (o->shape == SHAPE_REQUIREMENTS) {
        for (size_t i = 0; i < o->nreqs; i++) {
            args[k++] = "-r";
            args[k++] = o->reqs[i];
        }
        snprintf(target, sizeof target, "%zu requirements file(s) (%s%s)", o->nreqs, o->reqs[0],
                 o->nreqs > 1 ? ", ..." : "");
    } else {
        snprintf(target, sizeof target, ".%s%s%s", o->extra ? "[" : "", o->extra ? o->extra : "",
                 o->extra ? "]" : "");
        args[k++] = target;
        if (rc == 0 && (rc = setup_groups_file(o, probe, dir, groups, sizeof groups)) == 0 && groups[0]) {
            args[k++] = "-r";
            args[k++] = groups;
        }
    }
    jg_progress("setup: installing %s from %s under %s (torch pinned to the vendor build)",
                target, o->stage_project, path);
    return rc ? rc : setup_pip_install(o, args);
}

/* The staged copy: the resolve's (moved from the temporary directory) or a
 * fresh one, at VENV/jetgate-src. */
static int place_stage(struct setup_opts *o, const char *dir)
{
    char dest[PATH_MAX + 32], why[1024];
    snprintf(dest, sizeof dest, "%s/jetgate-src", dir);
    if (jg_tree_remove(dest) != 0)
        return jg_err("setup: cannot remove the old copy %s", dest), JG_EXIT_NO;
    if (!(o->stage[0] && rename(o->stage, dest) == 0)) {
        jg_progress("setup: copying %s to %s (builds write there, not in the checkout)",
                    o->src_root, dest);
        if (jg_tree_copy(o->src_root, dest, why, sizeof why) != 0)
            return jg_err("setup: %s", why), JG_EXIT_NO;
    }
    char proj[PATH_MAX];
    size_t root = strlen(o->src_root);
    if (!realpath(o->project, proj) || strncmp(proj, o->src_root, root) != 0)
        return jg_err("setup: %s is not under %s", o->project, o->src_root), JG_EXIT_NO;
    snprintf(o->stage, sizeof o->stage, "%s", dest);
    snprintf(o->stage_project, sizeof o->stage_project, "%s%s", dest, proj + root);
    return 0;
}

int setup_install(struct setup_opts *o, const json_t *policy, const json_t *tier)
{
    char why[1024], bwhy[256], dir[PATH_MAX];
    if (!realpath(o->venv_dir, dir))
        return jg_err("setup: cannot resolve %s", o->venv_dir), JG_EXIT_NO;
    int no_bnb = jg_bnb_excluded(policy, JG_STR(tier, tier, id), bwhy, sizeof bwhy);
    json_t *probe = jg_install_probe(o->venv_py, 0, why, sizeof why);
    if (!probe)
        return jg_err("setup: cannot ask the venv's interpreter: %s", why), JG_EXIT_NO;
    int rc = place_stage(o, dir);
    bool lock = o->shape == SHAPE_UV_LOCK || o->shape == SHAPE_PYLOCK;
    if (rc == 0)
        rc = lock ? from_lock(o, dir, probe) : under_constraints(o, dir, probe, no_bnb == 1, bwhy);
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
