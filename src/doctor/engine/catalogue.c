/* The catalogue of table rules (catalogue.h): rows sorted by id, each with
 * the phrases that set its signal, so that the printout does not depend on
 * which file holds a row or a phrase. */
#include "doctor/engine/catalogue.h"

#include <stdlib.h>
#include <string.h>

#include "doctor/triage/report_phrases.h"
#include "doctor/engine/rows.h"

static int row_order(const void *a, const void *b)
{
    const jg_signal_rule *ra = *(const jg_signal_rule *const *)a;
    const jg_signal_rule *rb = *(const jg_signal_rule *const *)b;
    int c = strcmp(jg_fid_name(ra->spec.id), jg_fid_name(rb->spec.id));
    return c ? c : strcmp(jg_signal_name(ra->signal), jg_signal_name(rb->signal));
}

static int text_order(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The rows sorted (caller frees; NULL on no memory), their number in *n. */
static const jg_signal_rule **sorted_rows(size_t *n)
{
    *n = jg_signal_rows_count();
    const jg_signal_rule **rows = malloc((*n ? *n : 1) * sizeof *rows);
    if (!rows)
        return NULL;
    for (size_t i = 0; i < *n; i++)
        rows[i] = jg_signal_row(i);
    qsort(rows, *n, sizeof *rows, row_order);
    return rows;
}

static void phrases_of(FILE *f, jg_signal s)
{
    size_t total = jg_phrases_count, n = 0;
    const char **p = malloc((total ? total : 1) * sizeof *p);
    if (!p)
        return;
    for (size_t i = 0; i < total; i++)
        if (jg_phrases[i].signal == s)
            p[n++] = jg_phrases[i].phrase;
    qsort(p, n, sizeof *p, text_order);
    for (size_t i = 0; i < n; i++)
        if (i == 0 || strcmp(p[i], p[i - 1]) != 0) /* a phrase listed twice is read once */
            fprintf(f, "phrase: %s\n", p[i]);
    free(p);
}

static void spec_lines(FILE *f, const char *prefix, const jg_finding_spec *s)
{
    fprintf(f, "%sid: %s\n%slayer: %s\n%sseverity: %s\n%sconfidence: %s\n", prefix, jg_fid_name(s->id),
            prefix, jg_layer_name(s->layer), prefix, jg_severity_name(s->severity), prefix,
            jg_confidence_name(s->confidence));
    fprintf(f, "%ssummary: %s\n%sfix: %s\n", prefix, s->summary, prefix, s->fix);
}

static void row_stanza(FILE *f, const jg_signal_rule *r)
{
    spec_lines(f, "", &r->spec);
    if (r->fix_jetson)
        fprintf(f, "fix-jetson: %s\n", r->fix_jetson);
    fprintf(f, "signal: %s\nlabel: %s\nplatform: %s\n", jg_signal_name(r->signal), r->what,
            jg_platform_test_name(r->platform));
    if (r->alt_test != JG_AT_NONE) {
        fprintf(f, "second-when: %s\n", jg_alt_test_name(r->alt_test));
        spec_lines(f, "second-", &r->alt);
    }
    phrases_of(f, r->signal);
}

static bool row_reads(jg_signal s)
{
    for (size_t i = 0, n = jg_signal_rows_count(); i < n; i++)
        if (jg_signal_row(i)->signal == s)
            return true;
    return false;
}

static jg_signal signal_named(const char *name)
{
    int s = 0;
    while (s < JG_SIG_COUNT && strcmp(jg_signal_name((jg_signal)s), name) != 0)
        s++;
    return (jg_signal)s;
}

static bool phrased(jg_signal s)
{
    for (size_t i = 0, n = jg_phrases_count; i < n; i++)
        if (jg_phrases[i].signal == s)
            return true;
    return false;
}

void jg_catalogue_write(FILE *f)
{
    size_t n;
    const jg_signal_rule **rows = sorted_rows(&n);
    for (size_t i = 0; rows && i < n; i++) {
        fputs(i ? "\n" : "", f);
        row_stanza(f, rows[i]);
    }
    free(rows);
    /* then the signals that code reads, by name */
    const char *names[JG_SIG_COUNT];
    size_t k = 0;
    for (int s = 0; s < JG_SIG_COUNT; s++)
        if (phrased((jg_signal)s) && !row_reads((jg_signal)s))
            names[k++] = jg_signal_name((jg_signal)s);
    qsort(names, k, sizeof *names, text_order);
    for (size_t i = 0; i < k; i++) {
        fprintf(f, "\nsignal: %s\nread-by: code\n", names[i]);
        phrases_of(f, signal_named(names[i]));
    }
}

void jg_catalogue_examples(FILE *f)
{
    for (size_t i = 0; i < jg_rule_examples_count; i++)
        fprintf(f, "%s\t%s\n", jg_rule_examples[i].id, jg_rule_examples[i].text);
}

/* A table cell: '|' escaped, newlines (between sources) as "; ". */
static void cell(FILE *f, const char *s)
{
    fputs(" ", f);
    for (; s && *s; s++)
        if (*s == '|')
            fputs("\\|", f);
        else if (*s == '\n')
            fputs("; ", f);
        else
            fputc(*s, f);
    fputs(" |", f);
}

static void markdown_row(FILE *f, const jg_signal_rule *r)
{
    fprintf(f, "| `%s` | %s | %s | %s |", jg_fid_name(r->spec.id), jg_severity_name(r->spec.severity),
            jg_confidence_name(r->spec.confidence), jg_platform_test_name(r->platform));
    cell(f, r->spec.summary);
    if (r->alt_test) {
        char second[256];
        snprintf(second, sizeof second, "%s: `%s`", jg_alt_test_name(r->alt_test),
                 jg_fid_name(r->alt.id));
        cell(f, second);
    } else {
        cell(f, "");
    }
    cell(f, r->sources);
    fputs("\n", f);
}

void jg_catalogue_markdown(FILE *f)
{
    size_t n;
    const jg_signal_rule **rows = sorted_rows(&n);
    fputs("# The doctor's table rules\n\n"
          "<!-- Generated by 'jetgate __generate doctor-rules-md' from src/doctor/knowledge; do not "
          "edit (tests/cli/doctor_catalogue.sh checks it). -->\n\n"
          "One row per diagnosis that a tool's own words establish (docs/doctor-rules.md, "
          "\"Readings of the tools' own messages\"), by layer. `jetgate triage --explain ID` "
          "prints a row in full: its fix, phrases, why and examples.\n",
          f);
    for (int l = 0; l < JG_L_COUNT; l++) {
        fprintf(f, "\n## %s\n\n| id | severity | confidence | where | reading | second "
                   "reading | source |\n|---|---|---|---|---|---|---|\n",
                jg_layer_name((enum jg_layer)l));
        for (size_t i = 0; rows && i < n; i++)
            if (rows[i]->spec.layer == (enum jg_layer)l)
                markdown_row(f, rows[i]);
    }
    free(rows);
}

static const jg_code_id *code_id(const char *id)
{
    for (size_t i = 0; i < jg_code_ids_count; i++)
        if (strcmp(jg_fid_name(jg_code_ids[i].id), id) == 0)
            return &jg_code_ids[i];
    return NULL;
}

void jg_catalogue_list(FILE *f)
{
    size_t n;
    const jg_signal_rule **rows = sorted_rows(&n);
    for (size_t i = 0; rows && i < n; i++)
        fprintf(f, "%-58s %-8s %-7s %s\n", jg_fid_name(rows[i]->spec.id),
                jg_severity_name(rows[i]->spec.severity),
                jg_confidence_name(rows[i]->spec.confidence), jg_signal_name(rows[i]->signal));
    free(rows);
    /* then the ids C rules give (jg_fid is sorted by name) */
    for (int id = 0; id < JG_FID_COUNT; id++) {
        const jg_code_id *c = code_id(jg_fid_name((jg_fid)id));
        if (c)
            fprintf(f, "%-58s C rule: %s\n", jg_fid_name(c->id), c->by);
    }
}

/* Each line of a newline-separated list, as "key: line". */
static void lines_of(FILE *f, const char *key, const char *text)
{
    for (const char *s = text; s && *s;) {
        size_t n = strcspn(s, "\n");
        fprintf(f, "%s: %.*s\n", key, (int)n, s);
        s += n + (s[n] == '\n');
    }
}

/* What --explain adds to the catalogue's stanza: where the words come from, why
 * the reading holds, and the lines the rule must give first. */
static void explain_more(FILE *f, const jg_signal_rule *r)
{
    lines_of(f, "source", r->sources);
    lines_of(f, "why", r->whys);
    for (size_t i = 0; i < jg_rule_examples_count; i++)
        if (strcmp(jg_rule_examples[i].id, jg_fid_name(r->spec.id)) == 0 ||
            (r->alt_test && strcmp(jg_rule_examples[i].id, jg_fid_name(r->alt.id)) == 0))
            fprintf(f, "example (%s): %s\n", jg_rule_examples[i].id, jg_rule_examples[i].text);
}

bool jg_catalogue_explain(FILE *f, const char *id)
{
    size_t n;
    bool found = false;
    const jg_signal_rule **rows = sorted_rows(&n);
    for (size_t i = 0; rows && i < n; i++) {
        const jg_signal_rule *r = rows[i];
        if (strcmp(jg_fid_name(r->spec.id), id) != 0 &&
            !(r->alt_test && strcmp(jg_fid_name(r->alt.id), id) == 0))
            continue;
        fputs(found ? "\n" : "", f);
        row_stanza(f, r);
        explain_more(f, r);
        found = true;
    }
    free(rows);
    const jg_code_id *c = found ? NULL : code_id(id);
    if (c)
        fprintf(f, "id: %s\ngiven by: a C rule in %s (src/doctor/); its cases: "
                   "tests/data/doctor/cases/%.*s.json\n",
                id, c->by, (int)strcspn(id, "."), id);
    return found || c;
}
