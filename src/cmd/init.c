/* jetgate init: write the project policy at the root of the git checkout
 * (.jetgate/policy.json), where every other command finds it. The file is
 * built and validated in memory first and written atomically, so an
 * interrupted init leaves the old policy or none, never half of one. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "policy/discover.h"
#include "policy/scaffold.h"
#include "util/atomic.h"
#include "util/json.h"
#include "util/msg.h"

static int help(void)
{
    printf("usage: jetgate init [--device-auto CMD] [--tests CMD] [--junit PATH] [--python PY]\n"
           "                    [--tier ID] [--force] [--print]\n\n"
           "Write the project policy " JG_POLICY_PROJECT_PATH " at the root of the git\n"
           "checkout holding the current directory: the embedded default policy with this\n"
           "project's checks filled in and each field described in \"$comment\" keys.\n"
           "Every jetgate command run in the checkout then uses it without --policy.\n\n"
           "  --device-auto CMD  hook: prints what the project's device=auto resolves to;\n"
           "                     passes when its last line is cuda or cuda:N\n"
           "  --tests CMD        hook: the project's conditional tests, writing JUnit to\n"
           "                     $JETGATE_JUNIT (e.g. pytest -m jetson --junitxml=\"$JETGATE_JUNIT\")\n"
           "  --junit PATH       where the tests hook writes JUnit (default:\n"
           "                     " JG_SCAFFOLD_DEFAULT_JUNIT ")\n"
           "  --python PY        interpreter for the framework checks and hooks (default at\n"
           "                     run time: python3)\n"
           "  --tier ID          the tier the project claims (target, evaluate, legacy)\n"
           "  --force            replace an existing project policy\n"
           "  --print            print the policy on stdout instead of writing it\n"
           "  -h, --help         this help\n\n"
           "Exit: 0 written, 2 usage error, not in a git checkout, or the file exists.\n");
    return JG_EXIT_OK;
}

struct init_opts {
    jg_scaffold_opts s;
    int force, print;
};

static int parse(int argc, char **argv, struct init_opts *o)
{
    static const struct option longs[] = {
        {"device-auto", required_argument, NULL, 'd'}, {"tests", required_argument, NULL, 't'},
        {"junit", required_argument, NULL, 'j'},       {"python", required_argument, NULL, 'y'},
        {"tier", required_argument, NULL, 'r'},        {"force", no_argument, NULL, 'f'},
        {"print", no_argument, NULL, 'P'},             {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (ch) {
        case 'd': o->s.device_auto = optarg; break;
        case 't': o->s.tests = optarg; break;
        case 'j': o->s.junit = optarg; break;
        case 'y': o->s.python = optarg; break;
        case 'r': o->s.tier = optarg; break;
        case 'f': o->force = 1; break;
        case 'P': o->print = 1; break;
        case 'h': return -1;
        default:
            return jg_usage_error("init", "bad option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return jg_usage_error("init", "unexpected argument '%s'", argv[optind]);
    if (o->s.junit && !o->s.tests)
        return jg_usage_error("init", "--junit needs --tests (it is the tests hook's report)");
    return 0;
}

static void explain_hook(const char *name, const char *cmd, const char *how)
{
    if (cmd)
        printf("  %-20s %s\n  %-20s (%s)\n", name, cmd, "", how);
    else
        printf("  %-20s not configured: `jetgate init --force --%s CMD` adds it\n", name,
               strcmp(name, "hooks.tests") == 0 ? "tests" : "device-auto");
}

static void explain(const char *path, const struct init_opts *o)
{
    printf("wrote %s\n", path);
    printf("  %-20s %s\n", "project.python", o->s.python ? o->s.python : "null (python3)");
    printf("  %-20s %s\n", "project.tier", o->s.tier ? o->s.tier : "null (no tier claimed)");
    explain_hook("hooks.device_auto", o->s.device_auto, "last line must be cuda or cuda:N");
    explain_hook("hooks.tests", o->s.tests,
                 "JUnit to $JETGATE_JUNIT: tests > 0, no failure, error or skip");
    printf("Every jetgate command in this checkout now uses it (`jetgate policy` prints it);\n"
           "commit it. The fields are described in the file and in docs/schema.md.\n"
           "Keep conditional-evidence/ out of git (.gitignore): untracked files make the\n"
           "tree dirty, and evidence of a dirty tree never backs a claim.\n");
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
    return JG_EXIT_OK;
}

int cmd_init(int argc, char **argv)
{
    struct init_opts o = {{0}, 0, 0};
    int rc = parse(argc, argv, &o);
    if (rc < 0)
        return help();
    if (rc != 0)
        return rc;
    char why[512];
    json_t *doc = jg_scaffold_policy(&o.s, why, sizeof why);
    if (!doc)
        return jg_usage_error("init", "%s", why);
    rc = o.print ? (jg_json_print(stdout, doc) == 0 ? JG_EXIT_OK : JG_EXIT_USAGE)
                 : write_policy(doc, &o);
    json_decref(doc);
    return rc;
}
