/* jetgate setup: the plan's flashed-host install path, done by the tool. On
 * a Jetson of a tier whose NVIDIA torch is installed: a venv that sees it,
 * the project installed so that no resolve can replace it (under the
 * constraints, or from its uv.lock without the torch family and
 * bitsandbytes with --no-deps), then proof that torch is the same build,
 * `pip check`, and the next commands. A step that would replace torch
 * stops with the reason instead. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/cmd.h"
#include "cmd/setup_steps.h"
#include "install/reqfile.h"
#include "install/setup.h"
#include "policy/discover.h"
#include "policy/policy.h"
#include "util/msg.h"

static const jg_opt options[] = {
    JG_OPT_STR(struct setup_opts, tier, "tier", "ID",
               "the tier this host must be (default: the tier its hardware matches)"),
    JG_OPT_STR(struct setup_opts, venv, "venv", "DIR",
               "the virtual environment (default: PROJECT/.venv); created with system site "
               "packages; never /, $HOME or the project root; an existing one must include "
               "system site packages"),
    JG_OPT_STR(struct setup_opts, extra, "extra", "NAME[,NAME]",
               "install these extras of the project too"),
    JG_OPT_STR(struct setup_opts, group, "group", "NAME[,NAME]",
               "and these PEP 735 dependency groups of its pyproject.toml (or lock)"),
    JG_OPT_STR(struct setup_opts, requirements, "requirements", "FILE[,FILE]",
               "install these requirements files (relative to PROJECT; pip's -r, -c and -e "
               "lines, e.g. '-e .') instead of the project's lock or pyproject.toml / setup.py"),
    JG_OPT_FLAG(struct setup_opts, ignore_lock, "ignore-lock", 0,
                "install from pyproject.toml / setup.py / setup.cfg / requirements.txt even "
                "when PROJECT has a uv.lock or pylock.toml"),
    JG_OPT_STR(struct setup_opts, wheel, "wheel", "PATH|URL[,PATH|URL]",
               "when the interpreter sees no torch (or no torchvision / torchaudio the tier "
               "pins): install these NVIDIA wheels into the venv, each only when it is the "
               "tier's pin for its package and its sha256 is the one the policy records"),
    JG_OPT_STR(struct setup_opts, python, "python", "PY",
               "the interpreter the venv is made from, which sees the vendor torch (default "
               "python3)"),
    JG_OPT_POLICY(struct setup_opts),
    JG_OPT_STR(struct setup_opts, index_url, "index-url", "URL", "passed to pip"),
    JG_OPT_STR(struct setup_opts, extra_index_url, "extra-index-url", "URL", "passed to pip"),
    JG_OPT_STR(struct setup_opts, find_links, "find-links", "DIR|URL", "passed to pip"),
    JG_OPT_FLAG(struct setup_opts, no_index, "no-index", 0, "passed to pip (offline installs)"),
    JG_OPT_STR(struct setup_opts, root, "root", "DIR",
               "read the platform (module, JetPack, architecture) from DIR instead of / "
               "(testing, or a container that sees the host's files there)"),
    JG_OPT_END,
};

static int cmd_setup(int argc, char **argv);

const jg_cmd_spec jg_cmd_setup = {
    .name = "setup",
    .summary = "install the project on this Jetson without replacing its torch",
    .operands = "[PROJECT]",
    .min_operands = 0,
    .max_operands = 1,
    .about = "Install PROJECT (default .; a sub-project of a monorepo too) on a flashed\n"
             "Jetson the way the support plan says. First, without creating anything: check\n"
             "this host is a Jetson of a tier (else say which layer is missing, as doctor\n"
             "does), that the torch it sees (and torchvision / torchaudio) is NVIDIA's build\n"
             "the tier pins, and that what the project installs keeps it: its uv.lock or\n"
             "pylock.toml, else its pyproject.toml / setup.py / setup.cfg with --extra and\n"
             "--group, else its requirements.txt (or --requirements FILE), line by line and\n"
             "then through pip's own resolve with the constraints applied. Then create a\n"
             "venv with system site packages, copy the work tree into it (builds write\n"
             "there, never into the checkout), install under jetgate's constraints (a lock:\n"
             "its versions without the torch family and bitsandbytes, --no-deps), prove\n"
             "torch, torchvision and torchaudio are the same builds (version, RECORD digest,\n"
             "every recorded file hash, location) and run pip check. A step that would\n"
             "replace torch stops with the reason. A tier pinning JetPack 7.2's upstream\n"
             "CUDA torch gets the nvidia-* wheels it needs installed into the venv (resolved\n"
             "before anything is created, installed before the project, checked again).",
    .opts = options,
    .notes = "Exit codes: 0 installed, torch kept; 1 refused or failed (the reason is\n"
             "printed; torch is never replaced); 2 usage or input error.",
    .run = cmd_setup,
};

static int finish(const struct setup_opts *o, const json_t *after)
{
    const char *version = json_string_value(json_object_get(after, "version"));
    printf("setup: torch %s kept (%s; RECORD sha256 %.16s..., %lld files verified) "
           "in %s\n\nnext:\n  . %s/bin/activate\n  jetgate doctor --python %s/bin/python\n"
           "  jetgate run --python %s/bin/python\n", version,
           version && strstr(version, "+cu") ? "the tier's upstream CUDA build" : "NVIDIA build",
           json_string_value(json_object_get(after, "record_sha256")),
           (long long)json_integer_value(json_object_get(after, "files_hashed")), o->venv_dir,
           o->venv_dir, o->venv_dir, o->venv_dir);
    return JG_EXIT_OK;
}

static int run(struct setup_opts *o, const json_t *policy)
{
    const json_t *tier = NULL;
    json_t *before = NULL, *after = NULL;
    int rc = setup_platform(o, policy, &tier);
    if (rc == 0)
        rc = setup_plan_venv(o);
    if (rc == 0)
        rc = setup_torch(o, tier, &before);
    if (rc == 0)
        rc = setup_project(o, policy, tier);
    if (rc == 0)
        rc = setup_nvidia_check(o, tier);
    /* Everything above only read (and wrote under o->tmp); from here on it writes. */
    if (rc == 0)
        rc = setup_venv(o, policy, tier, &before);
    if (rc == 0)
        rc = setup_nvidia_install(o, policy, tier, before);
    if (rc == 0)
        rc = setup_install(o, policy, tier);
    if (rc == 0)
        rc = setup_verify(o, before, &after);
    if (rc == 0)
        rc = finish(o, after);
    json_decref(before);
    json_decref(after);
    return rc;
}

/* --extra and --group into the selection; too many is a usage error. */
static int select_names(struct setup_opts *o)
{
    if (jg_names_split(o->extra, &o->extras) || jg_names_split(o->group, &o->groups))
        return jg_usage_error("setup", "more than %d --extra or --group names", JG_NAMES_MAX);
    return 0;
}

/* This run's temporary directory (downloads, the resolve's copy), outside
 * the checkout; removed however setup ends. */
static int make_tmp(struct setup_opts *o)
{
    const char *base = getenv("TMPDIR");
    snprintf(o->tmp, sizeof o->tmp, "%s/jetgate-setup-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(o->tmp))
        return jg_err("setup: cannot create a temporary directory under %s", o->tmp),
               JG_EXIT_NO;
    jg_source_root(o->project, o->src_root, sizeof o->src_root);
    return 0;
}

static int cmd_setup(int argc, char **argv)
{
    struct setup_opts o = {.python = "python3", .project = "."};
    jg_operands ops;
    int p = jg_opts_parse(&jg_cmd_setup, argc, argv, &o, &ops);
    if (p != JG_OPTS_CONTINUE)
        return p;
    if (ops.n == 1)
        o.project = ops.v[0];
    if (select_names(&o))
        return JG_EXIT_USAGE;
    if (o.requirements && o.ignore_lock)
        return jg_usage_error("setup", "--requirements already ignores the lock");
    struct stat st;
    if (stat(o.project, &st) != 0 || !S_ISDIR(st.st_mode))
        return jg_usage_error("setup", "PROJECT '%s' is not a directory", o.project);
    snprintf(o.venv_dir, sizeof o.venv_dir, "%s", o.venv ? o.venv : "");
    if (!o.venv)
        snprintf(o.venv_dir, sizeof o.venv_dir, "%s/.venv", o.project);
    jg_policy_src src;
    json_t *policy = jg_policy_open("setup", o.policy, &src);
    if (!policy)
        return JG_EXIT_USAGE;
    int rc = make_tmp(&o);
    if (rc == 0)
        rc = run(&o, policy);
    if (o.tmp[0] && jg_tree_remove(o.tmp) != 0)
        jg_warn("setup: cannot remove %s", o.tmp);
    json_decref(policy);
    return rc;
}
