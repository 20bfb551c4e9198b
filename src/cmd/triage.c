/* jetgate triage [--json] FILE|-: a pasted report -> facts -> the doctor's rules. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "cmd/cmd.h"
#include "doctor/engine/catalogue.h"
#include "doctor/diagnose.h"
#include "doctor/render.h"
#include "doctor/reply.h"
#include "doctor/report.h"
#include "schema/doctor.h"
#include "util/json.h"
#include "util/msg.h"

typedef struct triage_opts {
    bool json, reply, list_rules, batch;
    const char *explain;
} triage_opts;

static const jg_opt options[] = {
    JG_OPT_FLAG(triage_opts, json, "json", 0,
                "print {\"input\", \"facts\", \"findings\", \"layers\", \"healthy\", ...}"),
    JG_OPT_FLAG(triage_opts, reply, "reply", 0,
                "print a Markdown reply for the reporter: the diagnosis, the quoted lines that "
                "show it, the fix, what to run next, what the report does not show"),
    JG_OPT_FLAG(triage_opts, batch, "batch", 0,
                "FILE holds many reports, each ended by a NUL byte: print each one's --json "
                "result on one line, in order (null for one that cannot be read; exit 2 then)"),
    JG_OPT_FLAG(triage_opts, list_rules, "list-rules", 0,
                "list the rules (one per line: a table rule's id, severity, confidence and "
                "signal, then the ids C rules give, with their file) and exit; no FILE"),
    JG_OPT_STR(triage_opts, explain, "explain", "ID",
               "print the rule that gives finding ID (texts, second reading, phrases, source) "
               "and exit; no FILE"),
    JG_OPT_END,
};

static int cmd_triage(int argc, char **argv);

const jg_cmd_spec jg_cmd_triage = {
    .name = "triage",
    .summary = "findings from a pasted report (facts, collect_env, logs)",
    .operands = "FILE|-",
    .min_operands = 0, /* one, unless --list-rules or --explain (cmd_triage checks) */
    .max_operands = 1,
    .operand_hint = "one FILE (or - for standard input)",
    .about = "Diagnose a pasted report: which layer of the Jetson CUDA stack broke, and the fix.\n"
             "FILE may hold `jetgate facts --json` output, an evidence record, the output of\n"
             "`python -m torch.utils.collect_env` or `jetson_release`, or free text (error\n"
             "messages, torch.__version__ lines, nvcc --version, deviceQuery, docker commands,\n"
             "pip logs); markdown fences, CRLF and ANSI colours are tolerated. '-' reads stdin.",
    .opts = options,
    .notes = "Exit: 0 nothing blocking found, 1 something blocks CUDA, 2 input unreadable or usage.",
    .run = cmd_triage,
};

static json_t *input_info(const jg_report_info *in)
{
    json_t *o = json_object();
    JG_SET_STR(input, o, kind, in->kind);
    JG_SET_INT(input, o, bytes, in->bytes);
    JG_SET_INT(input, o, lines, in->lines);
    JG_SET_INT(input, o, long_lines_cut, in->long_lines);
    return o;
}

/* One report of a batch: its --json result on one line, or null (the reason on stderr). */
static bool batch_one(char *text, size_t len, const char *name)
{
    FILE *f = len ? fmemopen(text, len, "rb") : NULL;
    jg_report_info in = {0};
    json_t *facts = f ? jg_report_read_stream(f, name, &in) : NULL;
    if (f)
        fclose(f);
    else
        jg_err("triage: %s: empty input", name);
    if (!facts) {
        puts("null");
        return false;
    }
    json_t *d = jg_diagnose(facts, "report");
    JG_RESULT_SET_OBJ(d, input, input_info(&in));
    JG_RESULT_SET_OBJ(d, facts, facts);
    json_dumpf(d, stdout, JSON_COMPACT | JSON_SORT_KEYS);
    putchar('\n');
    json_decref(d);
    return true;
}

/* --batch: many reports in one process (the corpus and phrase tests feed
 * hundreds), each read, diagnosed and printed as if given alone. */
static int batch(const char *path)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "rbe");
    if (!in) {
        jg_err("triage: %s: %s", path, strerror(errno));
        return JG_EXIT_USAGE;
    }
    char *buf = NULL, name[128];
    size_t cap = 0, count = 0;
    ssize_t n;
    bool all_read = true;
    while ((n = getdelim(&buf, &cap, '\0', in)) > 0) {
        size_t len = (size_t)n - (buf[n - 1] == '\0');
        snprintf(name, sizeof name, "%s, report %zu", is_stdin ? "<stdin>" : path, ++count);
        all_read &= batch_one(buf, len, name);
    }
    bool failed = ferror(in);
    if (failed)
        jg_err("triage: %s: read error", path);
    free(buf);
    if (!is_stdin)
        fclose(in);
    return jg_finish_stdout(all_read && !failed ? JG_EXIT_OK : JG_EXIT_USAGE);
}

/* --list-rules, --explain ID: the catalogue instead of a report. */
static int catalogue(const triage_opts *o, const jg_operands *ops)
{
    if (ops->n > 0)
        return jg_usage_error("triage", "--%s takes no FILE", o->explain ? "explain" : "list-rules");
    if (o->json || o->reply || o->batch || (o->list_rules && o->explain))
        return jg_usage_error("triage", "--list-rules and --explain exclude --json, --reply, "
                                        "--batch and each other");
    if (o->list_rules) {
        jg_catalogue_list(stdout);
        return jg_finish_stdout(JG_EXIT_OK);
    }
    if (!jg_catalogue_explain(stdout, o->explain))
        return jg_usage_error("triage", "no rule gives '%s' (--list-rules lists them)",
                              o->explain);
    return jg_finish_stdout(JG_EXIT_OK);
}

static int cmd_triage(int argc, char **argv)
{
    triage_opts o = {0};
    jg_operands ops;
    int rc = jg_opts_parse(&jg_cmd_triage, argc, argv, &o, &ops);
    if (rc != JG_OPTS_CONTINUE)
        return rc;
    if (o.list_rules || o.explain)
        return catalogue(&o, &ops);
    if (ops.n < 1)
        return jg_usage_error("triage", "expected %s", jg_cmd_triage.operand_hint);
    if (o.batch && (o.json || o.reply))
        return jg_usage_error("triage", "--batch prints JSON lines: it excludes --json and --reply");
    if (o.batch)
        return batch(ops.v[0]);
    bool json = o.json;
    if (o.reply && json)
        return jg_usage_error("triage", "--reply and --json exclude each other");
    jg_report_info in;
    json_t *facts = jg_report_read(ops.v[0], &in);
    if (!facts)
        return JG_EXIT_USAGE;
    json_t *d = jg_diagnose(facts, "report");
    int code = jg_diagnosis_exit(d);
    if (o.reply) {
        jg_render_reply(stdout, d, facts);
    } else if (json) {
        JG_RESULT_SET_OBJ(d, input, input_info(&in));
        JG_RESULT_SET_OBJ(d, facts, facts);
        facts = NULL;
        jg_json_print(stdout, d);
    } else {
        printf("input: %s, %zu line(s)%s\n", in.kind, in.lines,
               in.long_lines ? " (over-long lines cut)" : "");
        jg_render_checklist(stdout, "jetgate triage", d, true, jg_locale_utf8());
    }
    json_decref(facts);
    json_decref(d);
    return jg_finish_stdout(code);
}
