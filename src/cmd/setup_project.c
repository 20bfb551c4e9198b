/* setup: what the project installs, read and judged before anything is
 * created. The shape is chosen from the project's files: --requirements
 * FILE[,FILE], else a uv.lock or pylock.toml (the locked versions without
 * the torch family and bitsandbytes, --no-deps), else the project itself
 * (pyproject.toml, setup.py or setup.cfg) with its extras and dependency
 * groups, else requirements.txt. Each file the install reads is checked
 * with the constraints rules first; a lock that cannot be exported exactly
 * (a stub without packages, a local source) is refused here, not after the
 * venv exists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/setup_steps.h"
#include "install/constraints.h"
#include "install/reqfile.h"
#include "install/resolve.h"
#include "install/setup.h"
#include "schema/pyprobe.h"
#include "schema/policy.h"
#include "util/msg.h"
#include "util/sysroot.h"

static bool has(const struct setup_opts *o, const char *name)
{
    char path[PATH_MAX + 64];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", o->project, name);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int add_reqs(struct setup_opts *o, const char *list)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save, *f = strtok_r(buf, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
        if (o->nreqs == SETUP_MAX_REQS)
            return jg_usage_error("setup", "more than %d --requirements files", SETUP_MAX_REQS);
        if (!has(o, f))
            return jg_usage_error("setup", "--requirements %s: no such file in %s", f,
                                  o->project);
        snprintf(o->reqs[o->nreqs++], sizeof o->reqs[0], "%s", f);
    }
    return 0;
}

static int pick_shape(struct setup_opts *o)
{
    bool project = has(o, "pyproject.toml") || has(o, "setup.py") || has(o, "setup.cfg");
    if (o->requirements) {
        o->shape = SHAPE_REQUIREMENTS;
        return add_reqs(o, o->requirements);
    }
    const char *lock = o->ignore_lock ? NULL : has(o, "uv.lock") ? "uv.lock"
                                            : has(o, "pylock.toml") ? "pylock.toml" : NULL;
    if (lock) {
        o->shape = strcmp(lock, "uv.lock") == 0 ? SHAPE_UV_LOCK : SHAPE_PYLOCK;
        snprintf(o->lock, sizeof o->lock, "%s/%s", o->project, lock);
    } else if (project) {
        o->shape = SHAPE_PROJECT;
    } else if (has(o, "requirements.txt")) {
        o->shape = SHAPE_REQUIREMENTS;
        return add_reqs(o, "requirements.txt");
    } else {
        return jg_err("setup: %s has no pyproject.toml, setup.py, setup.cfg, uv.lock, "
                      "pylock.toml or requirements.txt: nothing says what to install (pass "
                      "--requirements FILE)", o->project), JG_EXIT_USAGE;
    }
    return 0;
}

/* The same rules as `constraints --check`, on one file the install reads.
 * From a lock, torch-family entries are left out of the export (the vendor
 * build stays; pip check judges what depends on it), so only bitsandbytes
 * stops it there. */
static int precheck(struct setup_opts *o, const char *file, const json_t *probe, bool no_bnb)
{
    bool lock = o->shape == SHAPE_UV_LOCK || o->shape == SHAPE_PYLOCK;
    jg_blob b;
    if (jg_read_path(file, JG_CAP_LARGE, &b) != JG_R_OK)
        return jg_blob_free(&b), jg_err("setup: cannot read %s", file), JG_EXIT_USAGE;
    struct jg_check_ctx ctx = {.probe = probe, .vendor_torch = true, .exclude_bnb = no_bnb,
                               .source = o->probe_py, .extras = o->extras.v,
                               .nextras = o->extras.n, .groups = o->groups.v,
                               .ngroups = o->groups.n, .follow_includes = true};
    jg_findings found = {0};
    char err[1024];
    int rc = jg_constraints_check(file, b.data, b.len, &ctx, &found, err, sizeof err);
    jg_blob_free(&b);
    size_t stops = lock ? jg_findings_count(&found, "bitsandbytes") : found.n;
    if (rc < 0)
        jg_err("%s%s", err, lock ? " (nothing was created; pass --ignore-lock to install from "
                                   "pyproject.toml / setup.py / requirements.txt instead)" : "");
    else if (found.n)
        jg_findings_print(&found, stderr);
    if (rc == 0 && stops)
        jg_err("setup: stopped before anything was created: installing %s would %s (findings "
               "above)", file, lock ? "add bitsandbytes" : "replace the vendor torch or add "
                                                           "bitsandbytes");
    else if (rc == 0 && found.n)
        jg_progress("setup: the lock's own torch entries above are left out of the export: the "
                    "vendor build stays, and pip check judges what depends on it");
    rc = rc < 0 ? JG_EXIT_USAGE : stops ? JG_EXIT_NO : 0;
    jg_findings_free(&found);
    return rc;
}

/* The vendor versions to judge by: what the interpreter sees, else (its
 * torch comes from --wheel) what the tier pins. */
static json_t *judged_probe(const struct setup_opts *o, const json_t *policy, const json_t *tier)
{
    char why[512];
    json_t *doc = jg_install_probe(o->probe_py, 0, why, sizeof why);
    json_t *pins = jg_tier_pin_probe(policy, JG_STR(tier, tier, id));
    if (!doc || !JG_STR(cprobe, doc, torch_version))
        return json_decref(doc), pins;
    /* a torchvision / torchaudio --wheel (verified) will be the pinned one */
    json_t *have = json_object_get(doc, "packages"), *want = json_object_get(pins, "packages");
    for (size_t i = 0; i < o->nwheels; i++) {
        char name[64], ver[128];
        if (jg_wheel_version(o->wheels[i], name, sizeof name, ver, sizeof ver) &&
            json_object_get(want, name))
            json_object_set(have, name, json_object_get(want, name));
    }
    json_decref(pins);
    return doc;
}

static int check_files(struct setup_opts *o, const json_t *probe, bool no_bnb)
{
    char path[PATH_MAX + 64];
    int rc = 0;
    if (o->shape == SHAPE_UV_LOCK || o->shape == SHAPE_PYLOCK) {
        char why[1024];
        jg_marker_env sel = {.python = JG_STR(pyprobe, probe, python_version),
                             .extras = o->extras.v, .nextras = o->extras.n, .groups = o->groups.v,
                             .ngroups = o->groups.n};
        rc = precheck(o, o->lock, probe, no_bnb);
        char *text = rc == 0 ? jg_lock_export(o->lock, &sel, why, sizeof why) : NULL;
        if (rc == 0 && !text) /* exported again by the install, from the same file */
            rc = (jg_err("setup: %s (nothing was created)", why), JG_EXIT_NO);
        free(text);
        return rc;
    }
    if (o->shape == SHAPE_PROJECT && has(o, "pyproject.toml")) {
        snprintf(path, sizeof path, "%s/pyproject.toml", o->project);
        rc = precheck(o, path, probe, no_bnb);
    }
    for (size_t i = 0; rc == 0 && i < o->nreqs; i++) {
        snprintf(path, sizeof path, "%s/%s", o->project, o->reqs[i]);
        rc = precheck(o, path, probe, no_bnb);
    }
    if (rc == 0 && o->shape == SHAPE_PROJECT && !has(o, "pyproject.toml"))
        jg_progress("setup: %s has no pyproject.toml: its setup.py / setup.cfg dependencies are "
                    "judged by pip's resolve below", o->project);
    return rc;
}

/* The work tree copied to TMP/src: pip's resolve builds metadata there. */
static int stage(struct setup_opts *o)
{
    char why[1024], proj[PATH_MAX];
    size_t root = strlen(o->src_root);
    snprintf(o->stage, sizeof o->stage, "%s/src", o->tmp);
    if (!realpath(o->project, proj) || strncmp(proj, o->src_root, root) != 0)
        return jg_err("setup: %s is not under %s", o->project, o->src_root), JG_EXIT_NO;
    if (jg_tree_copy(o->src_root, o->stage, why, sizeof why) != 0)
        return jg_err("setup: %s", why), JG_EXIT_NO;
    snprintf(o->stage_project, sizeof o->stage_project, "%s%s", o->stage, proj + root);
    return 0;
}

/* The lines the install asks for (the roots of pip's graph), so a finding
 * names the line that brought it; what cannot be read stays unnamed. */
static void direct_lines(const struct setup_opts *o, const json_t *probe, jg_reqs *out)
{
    char path[PATH_MAX + 64], err[1024];
    jg_marker_env sel = {.python = JG_STR(pyprobe, probe, python_version), .extras = o->extras.v,
                         .nextras = o->extras.n, .groups = o->groups.v, .ngroups = o->groups.n};
    for (size_t i = 0; i <= o->nreqs; i++) {
        if (i == o->nreqs && (o->shape != SHAPE_PROJECT || !has(o, "pyproject.toml")))
            break;
        snprintf(path, sizeof path, "%s/%s", o->project, i < o->nreqs ? o->reqs[i]
                                                                       : "pyproject.toml");
        jg_blob b;
        if (jg_read_path(path, JG_CAP_LARGE, &b) == JG_R_OK)
            (void)jg_reqfile_parse(path, b.data, b.len, &sel, out, err, sizeof err);
        jg_blob_free(&b);
    }
}

/* pip's arguments for exactly what the install will ask for, in t (NULL-ended). */
static int follow_targets(struct setup_opts *o, const json_t *probe, const char **t,
                          char *target, size_t tn, char *groups, size_t gn)
{
    size_t k = 0;
    int rc = 0;
    if (o->shape == SHAPE_REQUIREMENTS) {
        for (size_t i = 0; i < o->nreqs; i++)
            t[k++] = "-r", t[k++] = o->reqs[i];
    } else {
        snprintf(target, tn, ".%s%s%s", o->extra ? "[" : "", o->extra ? o->extra : "",
                 o->extra ? "]" : "");
        t[k++] = target;
        if ((rc = setup_groups_file(o, probe, o->tmp, groups, gn)) == 0 && groups[0])
            t[k++] = "-r", t[k++] = groups;
    }
    t[k] = NULL;
    return rc;
}

/* pip's resolve of exactly what the install will ask for, with python's pip: a
 * dependency's dependency that brings another torch family member or bitsandbytes stops
 * setup with its path. Asked before the venv exists; when that interpreter has no pip
 * (a Jetson without python3-pip), again with the new venv's pip (ensurepip gave it one)
 * before anything is installed into it (setup_follow_in_venv). */
static int follow(struct setup_opts *o, const json_t *probe, bool no_bnb, const char *python)
{
    char groups[PATH_MAX + 32], target[1200], file[PATH_MAX + 64], why[1024], tmp[PATH_MAX + 16];
    const char *t[2 * SETUP_MAX_REQS + 4];
    bool in_venv = python == o->venv_py;
    /* the second resolve gets a directory of its own (the stand-in wheels are made anew) */
    snprintf(tmp, sizeof tmp, "%s%s", o->tmp, in_venv ? "/venv-resolve" : "");
    int rc = in_venv ? (mkdir(tmp, 0700) == 0 ? 0 : (jg_err("setup: cannot create %s", tmp),
                                                    JG_EXIT_NO))
                     : stage(o);
    if (rc == 0)
        rc = follow_targets(o, probe, t, target, sizeof target, groups, sizeof groups);
    snprintf(file, sizeof file, "%s/%s", o->project,
             o->shape == SHAPE_REQUIREMENTS ? o->reqs[0] : "pyproject.toml");
    jg_reqs direct = {.follow_includes = true};
    direct_lines(o, probe, &direct);
    struct jg_resolve_in in = {.python = python, .cwd = o->stage_project, .targets = t,
                               .probe = probe, .index_url = o->index_url,
                               .extra_index_url = o->extra_index_url,
                               .find_links = o->find_links, .no_index = o->no_index,
                               .exclude_bnb = no_bnb, .tmp = tmp, .file = file,
                               .direct = &direct};
    struct jg_resolve_out res = {0};
    jg_findings found = {0};
    int r = rc ? -1 : jg_resolve_check(&in, &found, &res, why, sizeof why);
    if (r == 1 && !found.n && res.no_pip && !in_venv && o->venv_new) {
        o->follow_in_venv = true;
        o->follow_no_bnb = no_bnb;
        jg_progress("setup: %s has no pip: the new venv's pip resolves the graph before "
                    "anything is installed into it", python);
    } else if (r == 1 && !found.n) {
        jg_warn("setup: dependencies of dependencies NOT followed before %s: %s; the install "
                "still runs under the constraints, which stop a replaced torch",
                in_venv ? "installing into the venv" : "creating anything", why);
    }
    if (r >= 0 && found.n) {
        jg_findings_print(&found, stderr);
        jg_err("setup: stopped before %s: pip's resolve of %s would replace the vendor torch "
               "family or add bitsandbytes (findings above)",
               in_venv ? "installing anything (the venv it made is removed)"
                       : "anything was created", o->project);
        rc = JG_EXIT_NO;
    } else if (r == 0) {
        jg_progress("setup: pip resolved %zu package(s) for %s with the vendor torch family "
                    "pinned: no other torch, torchvision, torchaudio or bitsandbytes",
                    res.packages, res.python);
    }
    jg_findings_free(&found);
    jg_reqs_free(&direct);
    return rc;
}

int setup_follow_in_venv(struct setup_opts *o, const json_t *policy, const json_t *tier)
{
    if (!o->follow_in_venv)
        return 0;
    json_t *probe = judged_probe(o, policy, tier);
    int rc = probe ? follow(o, probe, o->follow_no_bnb, o->venv_py) : JG_EXIT_NO;
    if (!probe)
        jg_err("setup: no torch version to judge by");
    json_decref(probe);
    return rc;
}

int setup_project(struct setup_opts *o, const json_t *policy, const json_t *tier)
{
    char bwhy[256];
    int rc = pick_shape(o);
    if (rc == 0 && o->shape == SHAPE_REQUIREMENTS && (o->extras.n || o->groups.n))
        rc = jg_usage_error("setup", "--extra and --group select from the project's "
                            "pyproject.toml or lock, not from --requirements files");
    if (rc)
        return rc;
    int no_bnb = jg_bnb_excluded(policy, JG_STR(tier, tier, id), bwhy, sizeof bwhy);
    json_t *probe = judged_probe(o, policy, tier);
    if (!probe)
        return jg_err("setup: no torch version to judge by (%s sees none, the tier pins none)",
                      o->probe_py), JG_EXIT_NO;
    rc = check_files(o, probe, no_bnb == 1);
    bool lock = o->shape == SHAPE_UV_LOCK || o->shape == SHAPE_PYLOCK;
    if (rc == 0 && !lock)
        rc = follow(o, probe, no_bnb == 1, o->probe_py);
    json_decref(probe);
    return rc;
}
