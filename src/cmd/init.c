/* jetgate init: write the project policy at the root of the git checkout
 * (.jetgate/policy.json), where every other command finds it. The file is
 * built and validated in memory first and written atomically, so an
 * interrupted init leaves the old policy or none, never half of one. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "cmd/init_host.h"
#include "policy/discover.h"
#include "policy/repo.h"
#include "policy/policy.h"
#include "policy/scaffold.h"
#include "schema/policy.h"
#include "util/atomic.h"
#include "util/json.h"
#include "util/msg.h"

struct init_opts {
    const char *device_auto, *tests, *junit, *python, *tier, *test_extra, *not_required, *root;
    const char *new_tier, *module, *jetpack, *l4t, *level, *torch_source, *torch_pin, *torch_version;
    bool force, print, tier_from_host;
};

static const jg_opt options[] = {
    JG_OPT_STR(struct init_opts, device_auto, "device-auto", "CMD",
               "hook: prints what the project's device=auto resolves to; passes when its last "
               "line is cuda or cuda:N"),
    JG_OPT_STR(struct init_opts, tests, "tests", "CMD",
               "hook: the project's conditional tests, writing JUnit to $JETGATE_JUNIT (for "
               "pytest: its junitxml option set to that path)"),
    JG_OPT_STR(struct init_opts, junit, "junit", "PATH",
               "where the tests hook writes JUnit (default: " JG_SCAFFOLD_DEFAULT_JUNIT ")"),
    JG_OPT_STR(struct init_opts, python, "python", "PY",
               "interpreter for the framework checks and hooks (project.python; run's default "
               "otherwise: python3)"),
    JG_OPT_STR(struct init_opts, tier, "tier", "ID",
               "the tier the project claims (project.tier: target, evaluate or legacy)"),
    JG_OPT_STR(struct init_opts, test_extra, "test-extra", "NAME[,NAME]",
               "the project's extras that bring its test runner (e.g. test): printed in the "
               "CI snippet as the action's `extras`, so `setup: true` installs them with the "
               "project before the hooks run"),
    JG_OPT_FLAG(struct init_opts, tier_from_host, "tier-from-host", 0,
                "add a tier for this Jetson (module, SoC, memory class, JetPack, L4T, Ubuntu, "
                "CUDA from its files; the torch --python imports, with its RECORD sha256) "
                "named --tier (default this-host), and claim it"),
    JG_OPT_STR(struct init_opts, root, "root", "DIR",
               "with --tier-from-host: read the platform from DIR instead of / (a container "
               "that sees the host's files there; tests)"),
    JG_OPT_STR(struct init_opts, new_tier, "new-tier", "ID",
               "add a tier of the project's own named ID (and claim it), from --module, "
               "--jetpack and --torch-source; the module's SoC, memory class and compute "
               "capability and the JetPack's L4T, Ubuntu and CUDA come from jetgate's tables"),
    JG_OPT_STR(struct init_opts, module, "module", "PART",
               "with --new-tier: the module part number, e.g. p3767-0005 (`jetgate facts`)"),
    JG_OPT_STR(struct init_opts, jetpack, "jetpack", "X.Y", "with --new-tier: the JetPack release"),
    JG_OPT_STR(struct init_opts, l4t, "l4t", "R",
               "with --new-tier: the L4T release, where several carry the JetPack label"),
    JG_OPT_STR(struct init_opts, level, "level", "LEVEL",
               "with --new-tier: target (default), evaluate or legacy"),
    JG_OPT_STR(struct init_opts, torch_source, "torch-source", "SOURCE",
               "with --new-tier: wheel (NVIDIA's), jetson-ai-lab (that index's wheel), source "
               "(a wheel you built) or container (an image's torch)"),
    JG_OPT_STR(struct init_opts, torch_pin, "torch-pin", "URL|PATH|IMAGE",
               "with --new-tier: where that torch is (the wheel, or image:tag)"),
    JG_OPT_STR(struct init_opts, torch_version, "torch-version", "V",
               "with --new-tier: torch.__version__ of that build"),
    JG_OPT_STR(struct init_opts, not_required, "not-required", "CHECK:REASON[;...]",
               "leave CHECK out of the gate's required_checks, with the reason the project "
               "does not need it (e.g. 'native.surgery:no offloaded weights'); kept in "
               "not_required"),
    JG_OPT_FLAG(struct init_opts, force, "force", 0, "replace an existing project policy"),
    JG_OPT_FLAG(struct init_opts, print, "print", 0,
                "print the policy on stdout instead of writing it"),
    JG_OPT_END,
};

static int cmd_init(int argc, char **argv);

const jg_cmd_spec jg_cmd_init = {
    .name = "init",
    .summary = "write the project policy (" JG_POLICY_PROJECT_PATH ")",
    .about = "Write the project policy " JG_POLICY_PROJECT_PATH " at the root of the git\n"
             "checkout holding the current directory: the embedded default policy with this\n"
             "project's checks filled in and each field described in \"$comment\" keys.\n"
             "Every jetgate command run in the checkout then uses it without --policy.",
    .opts = options,
    .notes = "Exit: 0 written, 2 usage error, not in a git checkout, or the file exists.",
    .run = cmd_init,
};

static int parse(int argc, char **argv, struct init_opts *o)
{
    jg_operands ops;
    int rc = jg_opts_parse(&jg_cmd_init, argc, argv, o, &ops);
    if (rc == JG_OPTS_CONTINUE && o->junit && !o->tests)
        return jg_usage_error("init", "--junit needs --tests (it is the tests hook's report)");
    if (rc == JG_OPTS_CONTINUE && o->root && !o->tier_from_host)
        return jg_usage_error("init", "--root needs --tier-from-host (it says where the host is)");
    if (rc == JG_OPTS_CONTINUE && o->new_tier && (o->tier_from_host || o->tier))
        return jg_usage_error("init", "--new-tier names the tier it adds; drop --tier and "
                                      "--tier-from-host");
    if (rc == JG_OPTS_CONTINUE && !o->new_tier &&
        (o->module || o->jetpack || o->l4t || o->level || o->torch_source || o->torch_pin || o->torch_version))
        return jg_usage_error("init", "--module, --jetpack, --level and --torch-* describe "
                                      "--new-tier ID");
    if (rc == JG_OPTS_CONTINUE && o->new_tier && (!o->module || !o->jetpack || !o->torch_source))
        return jg_usage_error("init", "--new-tier needs --module, --jetpack and --torch-source");
    return rc;
}

/* A hook calling python by name runs the runner's interpreter, not the venv
 * the action installed the project into: "No module named ...". */
static bool bare_python(const char *cmd)
{
    if (strstr(cmd, "JETGATE_PYTHON"))
        return false;
    for (const char *p = strstr(cmd, "python"); p; p = strstr(p + 1, "python"))
        if (p == cmd || p[-1] == ' ' || p[-1] == '(' || p[-1] == ';' || p[-1] == '&')
            return true;
    return false;
}

static void explain_hook(const char *name, const char *cmd, const char *how)
{
    if (cmd && bare_python(cmd))
        printf("  %-20s %s\n  %-20s (%s)\n  %-20s note: it calls python by name; write "
               "\"$JETGATE_PYTHON\" so it runs in the\n  %-20s interpreter the gate uses (the "
               "action's setup venv)\n", name, cmd, "", how, "", "");
    else if (cmd)
        printf("  %-20s %s\n  %-20s (%s)\n", name, cmd, "", how);
    else
        printf("  %-20s not configured: `jetgate init --force --%s CMD` adds it\n", name,
               strcmp(name, "hooks.tests") == 0 ? "tests" : "device-auto");
}

static void explain(const char *path, const struct init_opts *o)
{
    printf("wrote %s\n", path);
    printf("  %-20s %s\n", "project.python", o->python ? o->python : "null (python3)");
    printf("  %-20s %s\n", "project.tier", o->tier ? o->tier : "null (no tier claimed)");
    explain_hook("hooks.device_auto", o->device_auto, "last line must be cuda or cuda:N");
    explain_hook("hooks.tests", o->tests,
                 "JUnit to $JETGATE_JUNIT: tests > 0, no failure, error or skip");
    printf("Every jetgate command in this checkout now uses it (`jetgate policy` prints it);\n"
           "commit it with .gitignore. The fields are described in the file and in\n"
           "docs/schema.md.\n");
}

/* The tier's labels as the reusable workflow's tier-labels input wants them. */
static void explain_workflow(const json_t *doc, const struct init_opts *o)
{
    const json_t *labels = JG_NODE(tier, jg_policy_tier(doc, o->tier ? o->tier : ""), runner_labels);
    char *text = json_array_size(labels) ? json_dumps(labels, JSON_COMPACT) : NULL;
    printf("CI (README, \"Adopting jetgate in a project\"): call\n"
           "OWNER/jetgate/.github/workflows/jetson-gate.yml@<40-hex sha> with\n");
    if (text)
        printf("  tier-labels: '%s'\n", text);
    printf("  setup: true        # install the project (jetgate setup) before the gate\n");
    if (o->test_extra)
        printf("  extras: %s\n", o->test_extra);
    else
        printf("  # extras: NAME     the extra that brings the test runner "
               "(`jetgate init --test-extra NAME`)\n");
    free(text);
}

#define EVIDENCE_RULE "conditional-evidence/"
#define GITIGNORE_MAX (1024 * 1024)

/* Untracked evidence makes the tree dirty, and evidence of a dirty tree backs
 * no claim: unless git already ignores it, add the rule to the checkout's
 * .gitignore, on a line of its own even when the file lacks a final newline.
 * 1 added, 0 already ignored, -1 error (errno). */
static int ignore_evidence(const char *root)
{
    char probe[PATH_MAX + 64], path[PATH_MAX + 16];
    snprintf(probe, sizeof probe, "%s/%sjetgate/jetson-runtime.json", root, EVIDENCE_RULE);
    char *ignored = jg_git("check-ignore", "-q", probe);
    bool already = ignored != NULL;
    free(ignored);
    if (already)
        return 0;
    snprintf(path, sizeof path, "%s/.gitignore", root);
    char *text = calloc(1, GITIGNORE_MAX + sizeof EVIDENCE_RULE + 2);
    FILE *f = text ? fopen(path, "rb") : NULL;
    size_t n = f ? fread(text, 1, GITIGNORE_MAX, f) : 0;
    bool too_big = f && !feof(f);
    if (f)
        fclose(f);
    if (!text || (!f && errno != ENOENT) || too_big) {
        free(text);
        errno = too_big ? EFBIG : errno;
        return -1;
    }
    if (n && text[n - 1] != '\n')
        text[n++] = '\n';
    memcpy(text + n, EVIDENCE_RULE "\n", sizeof EVIDENCE_RULE + 1);
    int rc = jg_atomic_write(root, ".gitignore", text, strlen(text));
    free(text);
    return rc == 0 ? 1 : -1;
}

static int write_policy(const json_t *doc, const struct init_opts *o)
{
    char root[PATH_MAX], dir[PATH_MAX + 16], path[PATH_MAX + 32];
    if (jg_git_root(".", root, sizeof root) != 0) {
        jg_err("init: the current directory is in no git checkout; run it in the project's "
               "checkout (the policy lives at its root, where every command looks)");
        return JG_EXIT_USAGE;
    }
    snprintf(dir, sizeof dir, "%s/%s", root, JG_POLICY_PROJECT_DIR);
    snprintf(path, sizeof path, "%s/%s", root, JG_POLICY_PROJECT_PATH);
    if (!o->force && access(path, F_OK) == 0) {
        jg_err("init: %s exists; pass --force to replace it", path);
        return JG_EXIT_USAGE;
    }
    char *text = jg_json_string(doc);
    int rc = text ? jg_atomic_write(dir, "policy.json", text, strlen(text)) : -1;
    free(text);
    if (rc != 0) {
        jg_err("init: writing %s: %s", path, strerror(errno));
        return JG_EXIT_USAGE;
    }
    explain(path, o);
    int ig = ignore_evidence(root);
    if (ig < 0)
        jg_warn("init: cannot add '" EVIDENCE_RULE "' to %s/.gitignore: %s; add it yourself "
                "(untracked evidence makes the tree dirty)", root, strerror(errno));
    else
        printf("%s\n", ig ? "added '" EVIDENCE_RULE "' to .gitignore (untracked evidence makes "
                             "the tree dirty, and a dirty tree backs no claim)"
                           : "git already ignores " EVIDENCE_RULE);
    explain_workflow(doc, o);
    return JG_EXIT_OK;
}

/* "A:x;B:y" -> {"A:x", "B:y", NULL} in buf (entries point into text). */
static void split_entries(char *text, const char **out, size_t max)
{
    size_t k = 0;
    for (char *save, *e = text ? strtok_r(text, ";", &save) : NULL; e && k + 1 < max;
         e = strtok_r(NULL, ";", &save))
        out[k++] = e;
    out[k] = NULL;
}

static int cmd_init(int argc, char **argv)
{
    struct init_opts o = {0};
    int rc = parse(argc, argv, &o);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    char why[1024], narrow_text[2048];
    const char *narrow[32];
    snprintf(narrow_text, sizeof narrow_text, "%s", o.not_required ? o.not_required : "");
    split_entries(o.not_required ? narrow_text : NULL, narrow, 32);
    json_t *host = NULL;
    if (o.new_tier) {
        jg_tier_spec ts = {.id = o.new_tier, .module = o.module, .jetpack = o.jetpack,
                           .l4t = o.l4t, .level = o.level, .torch_source = o.torch_source,
                           .torch_pin = o.torch_pin, .torch_version = o.torch_version};
        o.tier = o.new_tier;
        if (!(host = jg_init_spec_tier(&ts, why, sizeof why)))
            return jg_usage_error("init", "--new-tier %s: %s", o.new_tier, why);
    } else if (o.tier_from_host) {
        o.tier = o.tier ? o.tier : "this-host";
        host = jg_init_host_tier(o.root, o.python ? o.python : "python3", o.tier, why, sizeof why);
        if (!host) {
            jg_err("init: --tier-from-host: %s", why);
            return JG_EXIT_USAGE;
        }
    }
    jg_scaffold_opts so = {.device_auto = o.device_auto, .tests = o.tests, .junit = o.junit,
                           .python = o.python, .tier = o.tier, .new_tier = host,
                           .not_required = narrow};
    json_t *doc = jg_scaffold_policy(&so, why, sizeof why);
    json_decref(host);
    if (!doc)
        return jg_usage_error("init", "%s", why);
    rc = o.print ? (jg_json_print(stdout, doc) == 0 ? JG_EXIT_OK : JG_EXIT_USAGE)
                 : write_policy(doc, &o);
    json_decref(doc);
    return rc;
}
