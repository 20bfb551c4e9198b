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
    JG_OPT_STR(struct setup_opts, wheel, "wheel", "PATH|URL",
               "when the venv sees no torch: install this NVIDIA wheel into it, only when it "
               "is the tier's pin and its sha256 is the one the policy records"),
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
    .about = "Install PROJECT (default .) on a flashed Jetson the way the support plan says:\n"
             "check this host is a Jetson of a tier (else say which layer is missing, as\n"
             "doctor does) and that the installed torch is NVIDIA's build the tier pins;\n"
             "create a venv with system site packages; install the project under jetgate's\n"
             "constraints, or, when PROJECT has a uv.lock, from the lock without torch,\n"
             "torchvision, torchaudio and bitsandbytes with --no-deps; then prove torch is\n"
             "the same build (version, RECORD digest, every recorded file hash, location)\n"
             "and run pip check. A step that would replace torch stops with the reason.",
    .opts = options,
    .notes = "Exit codes: 0 installed, torch kept; 1 refused or failed (the reason is\n"
             "printed; torch is never replaced); 2 usage or input error.",
    .run = cmd_setup,
};

static int finish(const struct setup_opts *o, const json_t *after)
{
    printf("setup: torch %s kept (NVIDIA build; RECORD sha256 %.16s..., %lld files verified) "
           "in %s\n\nnext:\n  . %s/bin/activate\n  jetgate doctor --python %s/bin/python\n"
           "  jetgate run --python %s/bin/python\n",
           json_string_value(json_object_get(after, "version")),
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
        rc = setup_venv(o);
    if (rc == 0)
        rc = setup_torch(o, tier, &before);
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

static int cmd_setup(int argc, char **argv)
{
    struct setup_opts o = {.python = "python3", .project = "."};
    jg_operands ops;
    int p = jg_opts_parse(&jg_cmd_setup, argc, argv, &o, &ops);
    if (p != JG_OPTS_CONTINUE)
        return p;
    if (ops.n == 1)
        o.project = ops.v[0];
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", o.extra ? o.extra : "");
    for (char *save, *e = strtok_r(buf, ",", &save); e && o.nextras < SETUP_MAX_EXTRAS;
         e = strtok_r(NULL, ",", &save)) {
        jg_req_normalize(e, o.extras[o.nextras], sizeof o.extras[0]);
        o.extra_v[o.nextras] = o.extras[o.nextras];
        o.nextras++;
    }
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
    int rc = run(&o, policy);
    json_decref(policy);
    return rc;
}
