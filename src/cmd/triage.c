/* jetgate triage [--json] FILE|-: a pasted report -> facts -> the doctor's rules. */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "doctor/diagnose.h"
#include "doctor/render.h"
#include "doctor/report.h"
#include "util/json.h"
#include "util/msg.h"

static void usage(FILE *f)
{
    fputs("Usage: jetgate triage [--json] FILE|-\n"
          "Diagnose a pasted report: which layer of the Jetson CUDA stack broke, and the fix.\n"
          "FILE may hold `jetgate facts --json` output, an evidence record, the output of\n"
          "`python -m torch.utils.collect_env` or `jetson_release`, or free text (error\n"
          "messages, torch.__version__ lines, nvcc --version, deviceQuery, docker commands,\n"
          "pip logs); markdown fences, CRLF and ANSI colours are tolerated. '-' reads stdin.\n"
          "\n"
          "  --json      print {\"input\", \"facts\", \"findings\", \"layers\", \"healthy\", ...}\n"
          "  -h, --help  show this help\n"
          "\n"
          "Exit: 0 nothing blocking found, 1 something blocks CUDA, 2 input unreadable or usage.\n",
          f);
}

static json_t *input_info(const jg_report_info *in)
{
    json_t *o = json_object();
    json_object_set_new(o, "kind", json_string(in->kind));
    json_object_set_new(o, "bytes", json_integer((json_int_t)in->bytes));
    json_object_set_new(o, "lines", json_integer((json_int_t)in->lines));
    json_object_set_new(o, "long_lines_cut", json_integer((json_int_t)in->long_lines));
    return o;
}

int cmd_triage(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    bool json = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'j')
            json = true;
        else if (c == 'h') {
            usage(stdout);
            return jg_finish_stdout(JG_EXIT_OK);
        } else
            return jg_usage_error("triage", "unknown option");
    }
    if (optind != argc - 1)
        return jg_usage_error("triage", "expected one FILE (or - for standard input)");
    jg_report_info in;
    json_t *facts = jg_report_read(argv[optind], &in);
    if (!facts)
        return JG_EXIT_USAGE;
    json_t *d = jg_diagnose(facts, "report");
    int code = jg_diagnosis_exit(d);
    if (json) {
        json_object_set_new(d, "input", input_info(&in));
        json_object_set_new(d, "facts", facts);
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
