/* jetgate run: run a gate's checks on this host and write sanitized evidence
 * bound to one commit (docs/schema.md "Evidence record v1"). What to run
 * comes from the command line; collection and judging are gate/input.c's,
 * the checks and the verdict pure functions (src/gate/). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cmd/cmd.h"
#include "gate/predicate.h"
#include "evidence/sanitize.h"
#include "evidence/write.h"
#include "gate/commit.h"
#include "gate/gate.h"
#include "gate/hooks.h"
#include "facts/module_source.h"
#include "gate/input.h"
#include "gate/junit.h"
#include "gate/render.h"
#include "policy/discover.h"
#include "policy/policy.h"
#include "policy/project.h"
#include "schema/evidence.h"
#include "util/atomic.h"
#include "util/json.h"
#include "util/msg.h"
#include "util/outpath.h"

/* jetgate's own folder inside the plan's conditional-evidence/: a project's
 * own gate runner writes conditional-evidence/<gate>.json, and a gate id
 * cannot contain '/', so the two can never overwrite each other. */
#define JG_RUN_DEFAULT_OUT "conditional-evidence/jetgate"

typedef struct run_opts {
    const char *gate, *policy, *python, *commit, *out, *host_facts, *labels, *junit, *select, *root;
    const char *predicate;
    const char *policy_desc; /* which policy was used, for the checklist */
    const jg_policy_src *src; /* the same, for the predicate's digest */
    bool model, allow_missing, json, quiet;
    double timeout_s;
} run_opts;

static const char *const selections[] = {"model-download", NULL};

static const jg_opt options[] = {
    JG_OPT_POLICY(run_opts),
    JG_OPT_STR(run_opts, python, "python", "PY",
               "interpreter for the framework checks (default: the policy's project.python, else python3)"),
    JG_OPT_STR(run_opts, commit, "commit", "SHA",
               "commit the evidence is for (40 lowercase hex digits); in a git checkout it must "
               "be `git rev-parse HEAD` (so must $GITHUB_SHA): the evidence is bound to the code "
               "that ran; default: HEAD (outside a checkout $GITHUB_SHA, recorded as unverified)"),
    JG_OPT_STR(run_opts, out, "out", "DIR", "evidence directory (default: " JG_RUN_DEFAULT_OUT ")"),
    JG_OPT_STR(run_opts, host_facts, "host-facts", "FILE",
               "JSON of `jetgate facts --json` run on the host: identifies the module inside a "
               "container whose device tree is masked. Alternatively mount the host's "
               "/proc/device-tree read-only at " JG_MOUNTED_DT_DEFAULT " or at "
               "$JETGATE_DEVICE_TREE. The evidence records which source identified the module."),
    JG_OPT_STR(run_opts, root, "root", "DIR",
               "read the platform's files (module, JetPack, L4T, architecture) from DIR instead "
               "of / (a container that sees the host's files there, or a test fixture); the "
               "CUDA and framework probes still run here"),
    JG_OPT_STR(run_opts, labels, "runner-labels", "L,...",
               "runner labels for the record (default: $RUNNER_LABELS)"),
    JG_OPT_CHOICE(run_opts, select, "select", "model-download", selections,
                  "also run a tiny Hugging Face model (" JG_GATE_DEFAULT_MODEL ", or $JETGATE_MODEL_ID): "
                  "the only check allowed network access and HF tokens; implied by the gate "
                  "model-download"),
    JG_OPT_STR(run_opts, junit, "junit", "FILE", "also write the checks as JUnit XML"),
    JG_OPT_STR(run_opts, predicate, "predicate", "FILE",
               "also write the in-toto test-result predicate (result, passed, warned and failed "
               "checks, the run URL, sha256 of the policy and of this jetgate binary) for "
               "actions/attest to sign with the evidence as subject (docs/schema.md, \"Signed "
               "evidence\")"),
    JG_OPT_TIMEOUT(run_opts,
               "deadline for each probe and hook (default: per probe)"),
    JG_OPT_FLAG(run_opts, allow_missing, "allow-missing", 0,
                "exit 0 when the gate is not_run (host lacks a prerequisite)"),
    JG_OPT_FLAG(run_opts, quiet, "quiet", 0, "no progress lines on stderr"),
    JG_OPT_FLAG(run_opts, json, "json", 0,
                "print the evidence record on stdout instead of a checklist"),
    JG_OPT_END,
};

static int cmd_run(int argc, char **argv);

const jg_cmd_spec jg_cmd_run = {
    .name = "run",
    .summary = "run a gate (default jetson-runtime) and write evidence",
    .operands = "[GATE]",
    .max_operands = 1,
    .about = "Run the checks of GATE (default jetson-runtime) on this host: host and module\n"
             "identity, native CUDA probes (libcuda, device class, tensor op, offloaded surgery,\n"
             "NF4), the framework through the embedded Python probe (torch import, CUDA build,\n"
             "is_available, device name, tensor op, surgery, bitsandbytes NF4), the project's\n"
             "hooks from the policy, and the model download when selected. Writes the evidence\n"
             "record <DIR>/<GATE>.json (atomically; sanitized: no host or user names, addresses,\n"
             "tokens or home paths).",
    .opts = options,
    .notes = "Every child runs without secrets in its environment (names with TOKEN, SECRET,\n"
             "PASSWORD, APIKEY, words PAT, AUTH, KEY, JWT, DSN, WEBHOOK, PEM; values holding\n"
             "user:password@ or a known token; docs/schema.md 'Child processes') and with\n"
             "HF_HUB_OFFLINE=1, except the model download. Ctrl-C, SIGTERM and SIGHUP reach\n"
             "every child; none outlives jetgate.\n"
             "Project hooks run at the checkout's top level with $JETGATE_PYTHON (--python),\n"
             "$JETGATE_EVIDENCE_DIR (--out) and $JETGATE_JUNIT (tests); a configured hook is\n"
             "required, and when it fails the last 2 KiB of its output are printed.\n"
             "Status: passed (every required check passed), not_run (not ARM64, not a Jetson,\n"
             "or no CUDA torch: every check that can run still runs), failed otherwise.\n"
             "Exit codes: 0 passed (or not_run with --allow-missing), 1 failed or not_run,\n"
             "2 usage or input error (bad policy, unknown gate, invalid commit, unwritable output).",
    .run = cmd_run,
};

static int parse(int argc, char **argv, run_opts *o)
{
    jg_operands ops;
    int rc = jg_opts_parse(&jg_cmd_run, argc, argv, o, &ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    if (o->quiet)
        jg_quiet = true;
    o->gate = ops.n ? ops.v[0] : "jetson-runtime";
    if (!jg_gate_id_valid(o->gate))
        return jg_usage_error("run", "'%s' is not a gate id", o->gate);
    if (o->select || strcmp(o->gate, "model-download") == 0)
        o->model = true;
    struct stat st;
    if (o->root && (stat(o->root, &st) != 0 || !S_ISDIR(st.st_mode)))
        return jg_usage_error("run", "--root %s is not a directory", o->root);
    return JG_OPTS_CONTINUE;
}

static json_t *load_host_facts(const char *path, int *rc)
{
    if (!path)
        return NULL;
    jg_jerr err;
    json_t *doc = jg_json_load(path, JG_CAP_LARGE, &err);
    char why[200];
    if (!doc) {
        jg_err("%s", err.text);
        *rc = JG_EXIT_USAGE;
    } else if (!jg_host_facts_valid(doc, why, sizeof why)) {
        jg_err("%s: %s", path, why);
        json_decref(doc);
        doc = NULL;
        *rc = JG_EXIT_USAGE;
    }
    return doc;
}

static const json_t *record_checks(const json_t *ev)
{
    return JG_OBJS(pred, JG_OBJ(stmt, ev, predicate), checks);
}

static int write_outputs(const run_opts *o, const json_t *ev, const jg_scrub *s)
{
    if (jg_evidence_write(o->out, o->gate, ev) != 0) {
        jg_err("run: writing %s/%s.json: %s", o->out, o->gate, strerror(errno));
        return JG_EXIT_USAGE;
    }
    if (o->junit) {
        char *xml = jg_junit_render(o->gate, record_checks(ev));
        int rc = xml ? jg_atomic_write_path(o->junit, xml, strlen(xml)) : -1;
        free(xml);
        if (rc != 0) {
            jg_err("run: writing %s: %s", o->junit, strerror(errno));
            return JG_EXIT_USAGE;
        }
    }
    if (o->predicate && jg_predicate_write(o->predicate, ev, o->src) != 0) {
        jg_err("run: writing %s: %s", o->predicate, strerror(errno));
        return JG_EXIT_USAGE;
    }
    if (o->json) {
        jg_json_print(stdout, ev);
    } else {
        char where[1200];
        snprintf(where, sizeof where, "%s/%s.json", o->out, o->gate);
        char *clean = jg_scrub_text(s, where, JG_SCRUB_FREE_TEXT);
        jg_gate_print_text(stdout, ev, clean ? clean : where);
        printf("policy: %s\n", o->policy_desc);
        free(clean);
    }
    return JG_EXIT_OK;
}

static int exit_for(const char *status, bool allow_missing)
{
    if (strcmp(status, "passed") == 0)
        return JG_EXIT_OK;
    if (strcmp(status, "not_run") == 0 && allow_missing)
        return JG_EXIT_OK;
    return JG_EXIT_NO;
}

/* A dirty tree is recorded and no claim accepts the record: say which files
 * now, while they can still be committed or ignored. */
static void warn_dirty(const jg_commit *cm)
{
    if (cm->dirty == 1)
        jg_warn("run: the checkout is dirty (%s): evidence of a dirty tree never backs a claim; "
                "commit those files or ignore them (.gitignore)", cm->dirty_files);
}

/* Evidence written inside the checkout but not ignored by git makes the next
 * run's tree dirty (`jetgate init` writes the ignore rule). */
static void warn_not_ignored(const run_opts *o, const jg_commit *cm)
{
    char ev[PATH_MAX + 80], abs[PATH_MAX];
    snprintf(ev, sizeof ev, "%s/%s.json", o->out, o->gate);
    size_t rn = strlen(cm->root);
    if (!rn || !realpath(ev, abs) || strncmp(abs, cm->root, rn) != 0 || abs[rn] != '/')
        return;
    char *ignored = jg_git("check-ignore", "-q", abs);
    if (!ignored)
        jg_warn("run: %s is not ignored by git, so the next run's tree is dirty and its evidence "
                "backs no claim: add '%s/' to .gitignore (`jetgate init` does)", ev, o->out);
    free(ignored);
}

static int finish(const run_opts *o, const jg_commit *cm, const jg_gate_inputs *c,
                  time_t started, const json_t *policy, const json_t *gate)
{
    json_t *verdict;
    /* one platform summary: the tier is judged on the one the evidence records */
    json_t *platform = jg_evidence_platform(c->facts, c->native, c->python);
    json_t *checks = jg_gate_judge(policy, gate, c, platform, o->model, &verdict);
    time_t finished = time(NULL);
    jg_scrub s;
    jg_scrub_init_live(&s);
    json_t *run = jg_evidence_run_meta(o->labels);
    jg_evidence_in in = {.gate = o->gate, .verdict = verdict, .checks = checks,
                         .facts = c->facts, .native = c->native, .python = c->python,
                         .platform = platform,
                         .sha = cm->sha, .dirty = cm->dirty, .commit_source = cm->source,
                         .repo = cm->repo,
                         .run = run, .started = started, .finished = finished};
    json_t *ev = jg_evidence_build(&in, &s);
    jg_progress("native checks took %.2f s", c->native_s);
    jg_hooks_print_failures(stderr, record_checks(ev));
    int rc = write_outputs(o, ev, &s);
    if (rc == JG_EXIT_OK)
        warn_not_ignored(o, cm);
    if (rc == JG_EXIT_OK)
        rc = exit_for(JG_STR(pred, verdict, status), o->allow_missing);
    json_decref(ev);
    json_decref(run);
    jg_scrub_free(&s);
    json_decref(checks);
    json_decref(verdict);
    json_decref(platform);
    return rc;
}

/* Before any work: the evidence directory takes a file, and --junit and
 * --predicate name neither the evidence file (nor each other) nor an
 * unwritable place (issue #15 row 12). */
static int check_outputs(const run_opts *o)
{
    char ev[PATH_MAX], dir[PATH_MAX];
    snprintf(ev, sizeof ev, "%s/%s.json", o->out, o->gate);
    if (jg_dir_writable(o->out) != 0) {
        jg_err("run: --out %s: cannot write the evidence there: %s", o->out, strerror(errno));
        return JG_EXIT_USAGE;
    }
    const char *files[] = {o->junit, o->predicate}, *names[] = {"--junit", "--predicate"};
    for (size_t i = 0; i < 2; i++) {
        if (!files[i])
            continue;
        if (jg_same_file(files[i], ev) || (i == 1 && o->junit && jg_same_file(files[i], o->junit)))
            return jg_usage_error("run", "%s %s is the %s file itself; name another file",
                                  names[i], files[i], jg_same_file(files[i], ev) ? "evidence" : "JUnit");
        if (jg_dir_writable(jg_dir_of(files[i], dir, sizeof dir)) != 0) {
            jg_err("run: %s %s: cannot write there: %s", names[i], files[i], strerror(errno));
            return JG_EXIT_USAGE;
        }
    }
    return 0;
}

static int cmd_run(int argc, char **argv)
{
    run_opts o = {.gate = NULL, .python = NULL, .out = JG_RUN_DEFAULT_OUT};
    int rc = parse(argc, argv, &o);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    rc = 0;
    jg_jerr err;
    jg_policy_src src;
    json_t *policy = jg_policy_load_from(o.policy, &src, &err);
    if (!policy) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    char desc[PATH_MAX + 128];
    o.policy_desc = jg_policy_src_describe(&src, desc, sizeof desc);
    o.src = &src;
    if (!o.python)
        o.python = jg_policy_python(policy) ? jg_policy_python(policy) : "python3";
    const json_t *gate = jg_gate_find(policy, o.gate);
    jg_commit cm;
    char why[300];
    json_t *host_facts = NULL;
    if (!gate)
        rc = jg_usage_error("run", "gate '%s' is not in the policy", o.gate);
    else if (jg_commit_resolve(o.commit, &cm, why, sizeof why) != 0) {
        jg_err("run: %s", why);
        rc = JG_EXIT_USAGE;
    } else {
        host_facts = load_host_facts(o.host_facts, &rc);
    }
    if (rc == 0)
        rc = check_outputs(&o);
    if (rc == 0) {
        warn_dirty(&cm);
        time_t started = time(NULL);
        jg_gate_run_opts ro = {.python = o.python, .timeout_s = o.timeout_s, .model = o.model,
                               .evidence_dir = o.out, .root = cm.root,
                               .platform_root = o.root};
        jg_gate_inputs c = {0};
        if (jg_gate_collect(&ro, gate, host_facts, &c) != 0) {
            jg_err("run: reading host facts: %s", strerror(errno));
            rc = JG_EXIT_USAGE;
        } else {
            rc = finish(&o, &cm, &c, started, policy, gate);
        }
        jg_gate_inputs_free(&c);
    }
    json_decref(host_facts);
    json_decref(policy);
    return rc;
}
