/* jetgate constraints: print a pip/uv constraints file that keeps this
 * Jetson's vendor torch, or (--check) say whether an exported requirements
 * or lock file would replace it or add bitsandbytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limits.h>

#include "cmd/cmd.h"
#include "cmd/constraints_follow.h"
#include "install/setup.h"
#include "facts/collect.h"
#include "gate/gate.h"
#include "install/constraints.h"
#include "policy/discover.h"
#include "install/reqfile.h"
#include "policy/policy.h"
#include "policy/project.h"
#include "schema/policy.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/sysroot.h"

struct opts {
    const char *python, *policy, *check, *tier, *extra, *group;
    const char *index_url, *extra_index_url, *find_links;
    bool no_index, no_resolve, allow_builds;
    jg_names extras, groups; /* --extra / --group, split and normalized */
};

static const jg_opt options[] = {
    JG_OPT_STR(struct opts, python, "python", "PY",
               "interpreter whose packages are pinned (default: the policy's project.python, "
               "else python3; --check runs only an interpreter named here, else python3)"),
    JG_OPT_POLICY(struct opts),
    JG_OPT_STR(struct opts, tier, "tier", "ID",
               "the tier this host belongs to (default: the policy's project.tier, else the tier "
               "whose hardware this host's files identify; on a host matching none, bitsandbytes is excluded unless every "
               "tier supports it)"),
    JG_OPT_STR(struct opts, check, "check", "FILE",
               "instead answer: would installing FILE on the Jetson (the project with the "
               "selected extras and groups, as pip or uv would install it) replace the vendor "
               "torch or add bitsandbytes? FILE is a pyproject.toml (PEP 621 dependencies and "
               "optional-dependencies, PEP 735 dependency-groups, uv's indexes and sources), a "
               "requirements file (pip's line rules; -r, -c and local projects followed), a "
               "uv.lock or a pylock.toml, or a setup.py / setup.cfg (code or pip's config: only "
               "the resolve below reads its dependencies). One finding (FILE:LINE: RULE: ...) "
               "per line that pins another torch, uses +cpu/+cuXXX or a PyTorch index, or adds "
               "bitsandbytes; what "
               "the selection does not install is not reported. Versions come from the vendor "
               "torch installed for PY, else (CPU CI) from --tier's pinned NVIDIA wheel or the "
               "torch version its container pin records. Then the whole graph: PY's pip resolves "
               "the file (a pip install dry run with a JSON report, the vendor torch family "
               "pinned to stand-in wheels of its versions, with the index options below; "
               "wheels only and the project's statically declared dependencies, so no project "
               "or dependency code runs: an sdist-only dependency, a VCS or sdist URL and a "
               "setup.py project are named as NOT followed, see --allow-builds) and a "
               "dependency's dependency that brings another torch, torchvision, torchaudio or "
               "bitsandbytes is a finding with its path (a -> b -> torchvision); where pip cannot "
               "resolve (offline, no pip) the output says the graph was NOT followed and the "
               "exit is 1"),
    JG_OPT_STR(struct opts, extra, "extra", "NAME[,NAME]",
               "with --check: the install includes these extras (pip's .[NAME], uv's --extra)"),
    JG_OPT_STR(struct opts, group, "group", "NAME[,NAME]",
               "with --check: and these dependency groups (uv's default 'dev' group only when "
               "named, as pip installs no group)"),
    JG_OPT_STR(struct opts, index_url, "index-url", "URL",
               "with --check: passed to pip's resolve (which reads pip's own configuration too)"),
    JG_OPT_STR(struct opts, extra_index_url, "extra-index-url", "URL", "passed to pip's resolve"),
    JG_OPT_STR(struct opts, find_links, "find-links", "DIR|URL", "passed to pip's resolve"),
    JG_OPT_FLAG(struct opts, no_index, "no-index", 0, "passed to pip's resolve (offline)"),
    JG_OPT_FLAG(struct opts, no_resolve, "no-resolve", 0,
                "with --check: judge the file's own lines only; the output says that the "
                "dependencies of dependencies were not followed"),
    JG_OPT_FLAG(struct opts, allow_builds, "allow-builds", 0,
                "with --check: let pip's resolve build sdists, source URLs and the project "
                "itself (setup.py) to read their dependencies; building RUNS THEIR CODE, so "
                "never on an untrusted pull request"),
    JG_OPT_END,
};

static int cmd_constraints(int argc, char **argv);

const jg_cmd_spec jg_cmd_constraints = {
    .name = "constraints",
    .summary = "pip/uv constraints that keep the vendor torch",
    .about = "Print a constraints file that pins the installed NVIDIA Jetson torch (and\n"
             "torchvision / torchaudio when present) and keeps bitsandbytes out where the\n"
             "tier marks it unsupported (as 'bitsandbytes<0', a range no version matches:\n"
             "constraints cannot forbid a package). Use it with 'pip install -c FILE' or\n"
             "'uv pip install --constraint FILE'. The interpreter is asked through package\n"
             "metadata only; torch is not imported. A CPU-only (+cpu), download.pytorch.org\n"
             "(+cuXXX), PyPI CUDA or CUDA-less torch is refused with the reason.",
    .opts = options,
    .notes = "Exit codes: 0 constraints printed / file keeps the vendor torch;\n"
             "1 torch is not a vendor build / the file has findings; 2 usage or input error.",
    .run = cmd_constraints,
};

/* --extra and --group into the selection; too many is a usage error. */
static int select_names(struct opts *o)
{
    if (jg_names_split(o->extra, &o->extras) || jg_names_split(o->group, &o->groups))
        return jg_usage_error("constraints", "more than %d --extra or --group names",
                              JG_NAMES_MAX);
    return 0;
}

/* The whole graph after the file's own lines; note says what was followed. */
static int follow(const struct opts *o, const struct jg_check_ctx *ctx, jg_findings *found,
                  char *note, size_t nn)
{
    if (o->no_resolve)
        return snprintf(note, nn, "dependencies of dependencies not followed (--no-resolve)"), 0;
    if (jg_check_is_lock(o->check))
        return snprintf(note, nn, "a lock lists every package it installs: nothing further to "
                        "follow"), 0;
    char abs[PATH_MAX], tmp[PATH_MAX];
    const char *base = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/jetgate-resolve-XXXXXX", base && *base ? base : "/tmp");
    if (!realpath(o->check, abs) || !mkdtemp(tmp))
        return snprintf(note, nn, "dependencies of dependencies NOT followed: no temporary "
                        "directory"), 1;
    jg_marker_env sel = {
        .python = json_string_value(json_object_get(json_object_get(ctx->probe, "python"),
                                                    "version")),
        .extras = ctx->extras, .nextras = ctx->nextras, .groups = ctx->groups,
        .ngroups = ctx->ngroups};
    struct jg_follow_in in = {.file = o->check, .abs_file = abs, .python = o->python, .tmp = tmp,
                              .probe = ctx->probe, .sel = &sel, .index_url = o->index_url,
                              .extra_index_url = o->extra_index_url, .find_links = o->find_links,
                              .no_index = o->no_index, .exclude_bnb = ctx->exclude_bnb,
                              .allow_builds = o->allow_builds};
    int rc = jg_check_follow(&in, found, note, nn);
    jg_tree_remove(tmp);
    return rc;
}

static int check_file(const struct opts *o, const struct jg_check_ctx *ctx)
{
    jg_blob b;
    if (jg_read_path(o->check, JG_CAP_LARGE, &b) != JG_R_OK) {
        char why[128];
        jg_err("%s: cannot read: %s", o->check, jg_blob_why(&b, JG_CAP_LARGE, why, sizeof why));
        jg_blob_free(&b);
        return JG_EXIT_USAGE;
    }
    jg_findings found = {0};
    char err[512], note[1536];
    int rc = jg_check_is_setuptools(o->check)
                 ? 0 /* code or pip's config: only the resolve reads its dependencies */
                 : jg_constraints_check(o->check, b.data, b.len, ctx, &found, err, sizeof err);
    jg_blob_free(&b);
    if (rc < 0) {
        jg_err("%s", err);
        jg_findings_free(&found);
        return JG_EXIT_USAGE;
    }
    int unfollowed = follow(o, ctx, &found, note, sizeof note);
    jg_findings_print(&found, stdout);
    if (found.n)
        printf("%zu finding(s): installing %s could replace the vendor torch or add "
               "bitsandbytes\n", found.n, o->check);
    else if (unfollowed)
        printf("%s: its own lines keep the vendor torch (from %s), but that is not an all-clear\n",
               o->check, ctx->source);
    else
        printf("%s keeps the vendor torch (from %s)%s\n", o->check, ctx->source,
               ctx->exclude_bnb ? " and adds no bitsandbytes" : "");
    printf("%s\n", note);
    rc = found.n || unfollowed ? JG_EXIT_NO : JG_EXIT_OK;
    jg_findings_free(&found);
    return rc;
}

/* --check: the installed vendor torch, else the tier's pinned wheel, else
 * nothing (then every torch line is a finding: deny, never allow). */
static int check(const struct opts *o, const json_t *policy, json_t *probe, bool vendor,
                 const char *why, bool no_bnb)
{
    char source[160];
    struct jg_check_ctx ctx = {.probe = probe, .vendor_torch = vendor, .exclude_bnb = no_bnb,
                               .source = source, .extras = o->extras.v, .nextras = o->extras.n,
                               .groups = o->groups.v, .ngroups = o->groups.n,
                               .follow_includes = true};
    json_t *pin = vendor ? NULL : jg_tier_pin_probe(policy, o->tier);
    snprintf(source, sizeof source, "%s", o->python);
    if (pin) {
        const json_t *pt = JG_OBJ(tier, jg_policy_tier(policy, o->tier), pytorch);
        bool image = strcmp(JG_STR(pin, pt, kind), "container") == 0;
        snprintf(source, sizeof source, "tier %s's %s", o->tier,
                 image ? "container pin (the torch the policy records for the image)"
                       : "pinned wheel");
        jg_warn("constraints: %s; judging torch lines against %s", why, source);
        ctx.probe = pin;
        ctx.vendor_torch = true;
    } else if (!vendor) {
        jg_warn("constraints: %s; every torch line will be a finding", why);
    }
    int rc = check_file(o, &ctx);
    json_decref(pin);
    return rc;
}

static int run(const struct opts *o, const json_t *policy)
{
    char bwhy[256], why[512];
    int no_bnb = jg_bnb_excluded(policy, o->tier, bwhy, sizeof bwhy);
    if (no_bnb < 0) {
        jg_err("constraints: %s", bwhy);
        return JG_EXIT_USAGE;
    }
    json_t *probe = jg_install_probe(o->python, 0, why, sizeof why);
    if (!probe && !o->check) {
        jg_err("constraints: cannot ask the interpreter: %s", why);
        return JG_EXIT_USAGE;
    }
    const json_t *tier = o->tier ? jg_policy_tier(policy, o->tier) : NULL;
    bool vendor = probe && jg_torch_fits_tier(probe, tier, why, sizeof why);
    int rc;
    if (o->check) {
        rc = check(o, policy, probe, vendor, why, no_bnb);
    } else if (!vendor) {
        jg_err("constraints: refusing to pin: %s (facts: a Jetson vendor build carries an "
               "nvYY.MM tag or comes from the jetson-ai-lab index)", why);
        rc = JG_EXIT_NO;
    } else {
        char *text = jg_constraints_render(probe, no_bnb, bwhy, why, sizeof why);
        if (!text)
            jg_err("constraints: refusing to pin: %s", why);
        rc = text ? JG_EXIT_OK : JG_EXIT_NO;
        if (text)
            fputs(text, stdout);
        free(text);
    }
    json_decref(probe);
    return rc;
}

/* Without --tier: the tier whose hardware this host's files identify (the
 * gate's own matching), or NULL on a host that matches none. */
static const char *host_tier(const json_t *policy)
{
    jg_root r;
    if (!jg_root_init(&r, NULL))
        return NULL;
    json_t *facts = jg_facts_collect_files(&r);
    const json_t *tier = facts ? jg_gate_tier_for(policy, facts) : NULL;
    const char *id = JG_STR(tier, tier, id); /* owned by policy */
    json_decref(facts);
    jg_root_free(&r);
    if (id)
        jg_progress("constraints: this host matches tier %s (pass --tier to choose another)", id);
    return id;
}

static int cmd_constraints(int argc, char **argv)
{
    struct opts o = {.python = NULL};
    jg_operands ops;
    int p = jg_opts_parse(&jg_cmd_constraints, argc, argv, &o, &ops);
    if (p != JG_OPTS_CONTINUE)
        return p;
    if ((o.extra || o.group || o.no_resolve || o.index_url || o.extra_index_url ||
         o.find_links || o.no_index || o.allow_builds) && !o.check)
        return jg_usage_error("constraints", "--extra, --group, --no-resolve, --allow-builds "
                              "and the index options go with --check");
    if (select_names(&o))
        return JG_EXIT_USAGE;
    jg_policy_src src;
    json_t *policy = jg_policy_open("constraints", o.policy, &src);
    if (!policy)
        return JG_EXIT_USAGE;
    /* --check reads metadata, maybe of a clone not yet trusted: it runs only an
     * interpreter the user names, never the one that clone's policy names. */
    if (!o.python)
        o.python = !o.check && jg_policy_python(policy) ? jg_policy_python(policy) : "python3";
    if (!o.tier) /* the tier the project claims, so CPU CI judges against its pin */
        o.tier = jg_policy_project_tier(policy);
    if (!o.tier)
        o.tier = host_tier(policy);
    int rc = run(&o, policy);
    json_decref(policy);
    return rc;
}
