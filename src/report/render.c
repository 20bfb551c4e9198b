/* Shared output plumbing for claim, matrix and report. */
#include "report/render.h"

#include <stdlib.h>
#include <string.h>

#include "schema/claim.h"
#include "schema/matrix.h"
#include "util/json.h"
#include "util/msg.h"

int jg_render_out(const json_t *doc, int json, jg_text_fn text)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) {
        jg_err("out of memory");
        return -1;
    }
    int rc = 0;
    if (json)
        rc = jg_json_print(mem, doc);
    else
        text(mem, doc);
    if (fclose(mem) != 0 || rc != 0) {
        free(buf);
        jg_err("could not compose the output");
        return -1;
    }
    size_t put = fwrite(buf, 1, len, stdout);
    free(buf);
    return put == len ? 0 : -1;
}

char *jg_render_join(const json_t *strings, const char *sep)
{
    size_t n = 2;
    for (size_t i = 0; i < json_array_size(strings); i++)
        n += json_string_length(json_array_get(strings, i)) + strlen(sep);
    char *out = calloc(1, n);
    if (!out)
        return NULL;
    for (size_t i = 0; i < json_array_size(strings); i++) {
        if (i)
            strcat(out, sep);
        strcat(out, json_string_value(json_array_get(strings, i)));
    }
    if (!*out)
        strcpy(out, "-");
    return out;
}

/* Reason texts quote evidence values; control characters from a forged
 * record must not reach a terminal. */
static void put_plain(FILE *f, const char *s)
{
    for (; s && *s; s++)
        fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, f);
}

static void reasons_text(FILE *f, const json_t *list, const char *mark)
{
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *r = json_array_get(list, i);
        fprintf(f, "    %s [%s] ", mark, JG_STR(reason, r, code));
        put_plain(f, JG_STR(reason, r, text));
        fputc('\n', f);
    }
}

void jg_render_claim_text(FILE *f, const json_t *d)
{
    bool ok = JG_BOOL(claim, d, claimable) == 1;
    fprintf(f, "claim: %s for tier %s (%s) on commit %s\n", ok ? "CLAIMABLE" : "REFUSED",
            JG_STR(claim, d, tier), JG_STR(claim, d, tier_name), JG_STR(claim, d, commit));
    const char *repo = JG_STR(claim, d, repository), *opt_out = JG_STR(claim, d, opt_out_reason);
    fputs("  repository ", f);
    put_plain(f, repo ? repo : "unknown");
    fprintf(f, ", judged at %s\n", JG_STR(claim, d, now));
    if (opt_out) {
        fputs("  covers jetgate's own probes only, not the project's code (opted out: ", f);
        put_plain(f, opt_out);
        fputs(")\n", f);
    }
    reasons_text(f, JG_NODE(claim, d, notes), "note");
    const json_t *tr = JG_NODE(claim, d, tier_reasons);
    if (json_array_size(tr) == 0)
        fprintf(f, "  tier: names an exact module, JetPack release and PyTorch build, and the "
                   "policy runs the project's checks\n");
    else {
        fprintf(f, "  tier: cannot be claimed as written\n");
        reasons_text(f, tr, "-");
    }
    const json_t *ev = JG_NODE(claim, d, evidence);
    for (size_t i = 0; i < json_array_size(ev); i++) {
        const json_t *e = json_array_get(ev, i);
        bool acc = JG_BOOL(verdict, e, accepted) == 1;
        fputs("  ", f);
        put_plain(f, JG_STR(verdict, e, file));
        fprintf(f, ": %s\n", acc ? "accepted" : "refused");
        reasons_text(f, JG_NODE(verdict, e, reasons), "-");
        reasons_text(f, JG_NODE(verdict, e, notes), "note");
    }
}

static void tier_text(FILE *f, const json_t *t)
{
    char *parts = jg_render_join(JG_NODE(mrow, t, module_parts), ", ");
    char *labels = jg_render_join(JG_NODE(mrow, t, runner_labels), ", ");
    fprintf(f, "%s (%s): %s\n", JG_STR(mrow, t, id), JG_STR(mrow, t, level), JG_STR(mrow, t, name));
    const char *mem = JG_STR(mrow, t, memory_class), *pytorch = JG_STR(mrow, t, pytorch);
    fprintf(f, "  module:        %s (%s, %s, CC %s)\n", parts, mem ? mem : "memory varies",
            JG_STR(mrow, t, soc), JG_STR(mrow, t, compute_capability));
    char *jps = jg_render_join(JG_NODE(mrow, t, module_jetpacks), ", ");
    fprintf(f, "  JetPacks:      %s (the facts table's releases that list this SoC; releases "
            "with no module list on record are not named)\n", jps && *jps ? jps : "none");
    free(jps);
    fprintf(f, "  software:      JetPack %s / L4T %s / Ubuntu %s / CUDA %s\n",
            JG_STR(mrow, t, jetpack), JG_STR(mrow, t, l4t), JG_STR(mrow, t, ubuntu),
            JG_STR(mrow, t, cuda));
    fprintf(f, "  pytorch:       %s\n", pytorch ? pytorch : "not pinned");
    fprintf(f, "  runner labels: %s\n", labels);
    char *recommended = jg_render_join(JG_NODE(mrow, t, recommended_labels), ", ");
    if (recommended && *recommended)
        fprintf(f, "  recommended:   %s (tier labels, optional)\n", recommended);
    free(recommended);
    fprintf(f, "  bitsandbytes:  %s\n", JG_STR(mrow, t, bitsandbytes));
    fprintf(f, "  evidence:      %s\n", JG_STR(mrow, t, evidence));
    const json_t *why = JG_NODE(mrow, t, claim_blockers);
    if (json_array_size(why) == 0)
        fprintf(f, "  claimable:     yes, in principle (with passing evidence)\n");
    for (size_t i = 0; i < json_array_size(why); i++)
        fprintf(f, "  %-14s %s\n", i == 0 ? "claimable:" : "",
                JG_STR(reason, json_array_get(why, i), text));
    free(parts);
    free(labels);
}

void jg_render_matrix_text(FILE *f, const json_t *m)
{
    fprintf(f, "support matrix (%s); evidence: max age %lld days, retention %lld days\n\n",
            JG_STR(matrix, m, policy), JG_INT(matrix, m, max_age_days, 0),
            JG_INT(matrix, m, retention_days, 0));
    const json_t *tiers = JG_NODE(matrix, m, tiers);
    for (size_t i = 0; i < json_array_size(tiers); i++) {
        if (i)
            fputc('\n', f);
        tier_text(f, json_array_get(tiers, i));
    }
}
