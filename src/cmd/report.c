/* jetgate report: support document, release notes or issue body in
 * markdown, from the policy and evidence records. Every input is read and
 * validated before anything is printed. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "evidence/read.h"
#include "policy/claim.h"
#include "policy/discover.h"
#include "policy/policy.h"
#include "report/render.h"
#include "report/report.h"
#include "util/msg.h"

static int help(void)
{
    printf("usage: jetgate report (--support-doc | --release-notes | --issue-body)\n"
           "                      [--policy FILE] [--commit SHA] [--now RFC3339] [EVIDENCE...]\n\n"
           "Write markdown from the policy and jetson-runtime evidence records.\n\n"
           "  --support-doc    support matrix with each tier's status from the evidence,\n"
           "                   install steps per tier, unified memory in practice\n"
           "  --release-notes  generic ARM64 importability kept apart from Jetson CUDA\n"
           "                   support, claimed only where 'jetgate claim' would accept\n"
           "  --issue-body     sanitized summary of the evidence for a bug report\n"
           "                   (needs at least one EVIDENCE file)\n"
           "  --policy FILE    policy JSON (default: discovered, see jetgate policy)\n"
           "  --commit SHA     count claims for this commit only (default: any commit\n"
           "                   named by the evidence)\n"
           "  --now RFC3339    judge evidence age at this time instead of the clock\n"
           "  -h, --help       this help\n\n"
           "Exit: 0 written, 2 usage or bad input (file and position named).\n");
    return JG_EXIT_OK;
}

typedef void (*report_fn)(FILE *, const struct jg_report_in *);

struct report_opts {
    report_fn fn;
    const char *policy, *commit, *now;
    int kinds;
};

static int parse(int argc, char **argv, struct report_opts *o)
{
    static const struct option longs[] = {
        {"support-doc", no_argument, NULL, 's'},  {"release-notes", no_argument, NULL, 'r'},
        {"issue-body", no_argument, NULL, 'i'},   {"policy", required_argument, NULL, 'p'},
        {"commit", required_argument, NULL, 'c'}, {"now", required_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0}};
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (ch) {
        case 's': o->fn = jg_report_support_doc; o->kinds++; break;
        case 'r': o->fn = jg_report_release_notes; o->kinds++; break;
        case 'i': o->fn = jg_report_issue_body; o->kinds++; break;
        case 'p': o->policy = optarg; break;
        case 'c': o->commit = optarg; break;
        case 'n': o->now = optarg; break;
        case 'h': return -1;
        default: return jg_usage_error("report", "bad option '%s'", argv[optind - 1]);
        }
    }
    if (o->kinds != 1)
        return jg_usage_error("report", "give exactly one of --support-doc, --release-notes, "
                                        "--issue-body");
    if (o->commit && !jg_claim_commit_ok(o->commit))
        return jg_usage_error("report", "--commit: '%s' is not 40 lowercase hex digits",
                              o->commit);
    if (o->fn == jg_report_issue_body && optind >= argc)
        return jg_usage_error("report", "--issue-body needs at least one EVIDENCE file");
    return 0;
}

/* The report text goes through render's single write; doc carries the input. */
static const struct jg_report_in *current;
static report_fn current_fn;
static void render(FILE *f, const json_t *unused)
{
    (void)unused;
    current_fn(f, current);
}

static int write_report(const struct report_opts *o, struct jg_report_in *in, int n, char **paths)
{
    json_t **docs = calloc((size_t)n + 1, sizeof *docs);
    int rc = docs ? JG_EXIT_OK : JG_EXIT_USAGE;
    for (int i = 0; rc == JG_EXIT_OK && i < n; i++) {
        jg_jerr err = {{0}};
        if (!(docs[i] = jg_evidence_read(paths[i], &err))) {
            jg_err("%s", err.text);
            rc = JG_EXIT_USAGE;
        }
    }
    if (rc == JG_EXIT_OK) {
        in->evidence = (const json_t *const *)docs;
        in->n = (size_t)n;
        current = in;
        current_fn = o->fn;
        rc = jg_render_out(NULL, 0, render) == 0 ? JG_EXIT_OK : JG_EXIT_USAGE;
    }
    for (int i = 0; docs && i < n; i++)
        json_decref(docs[i]);
    free(docs);
    return rc;
}

int cmd_report(int argc, char **argv)
{
    struct report_opts o = {0};
    int rc = parse(argc, argv, &o);
    if (rc < 0)
        return help();
    if (rc != 0)
        return rc;
    struct jg_report_in in = {.commit = o.commit, .now = time(NULL)};
    if (o.now && !jg_evidence_parse_time(o.now, &in.now))
        return jg_usage_error("report", "--now: '%s' is not an RFC 3339 time", o.now);
    jg_jerr err = {{0}};
    jg_policy_src src;
    json_t *policy = jg_policy_load_from(o.policy, &src, &err);
    if (!policy) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    in.policy = policy;
    /* The support doc is published: name the project policy by its place in the
     * checkout, never by a runner's absolute path. */
    in.policy_name = src.origin == JG_POLICY_FROM_EMBEDDED  ? JG_POLICY_EMBEDDED_NAME
                     : src.origin == JG_POLICY_FROM_GIT_ROOT ? "project policy " JG_POLICY_PROJECT_PATH
                                                             : "policy file";
    char desc[PATH_MAX + 128];
    jg_progress("report: policy: %s", jg_policy_src_describe(&src, desc, sizeof desc));
    rc = write_report(&o, &in, argc - optind, argv + optind);
    json_decref(policy);
    return rc;
}
