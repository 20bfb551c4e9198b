/* Shared output plumbing for claim, matrix and report. */
#include "report/render.h"

#include <stdlib.h>
#include <string.h>

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
        fprintf(f, "    %s [%s] ", mark, jg_json_str(r, "code"));
        put_plain(f, jg_json_str(r, "text"));
        fputc('\n', f);
    }
}

void jg_render_claim_text(FILE *f, const json_t *claim)
{
    bool ok = json_is_true(json_object_get(claim, "claimable"));
    fprintf(f, "claim: %s for tier %s (%s) on commit %s\n", ok ? "CLAIMABLE" : "REFUSED",
            jg_json_str(claim, "tier"), jg_json_str(claim, "tier_name"),
            jg_json_str(claim, "commit"));
    fputs("  repository ", f);
    put_plain(f, jg_json_str(claim, "repository") ? jg_json_str(claim, "repository") : "unknown");
    fprintf(f, ", judged at %s\n", jg_json_str(claim, "now"));
    if (jg_json_str(claim, "scope.opt_out_reason")) {
        fputs("  covers jetgate's own probes only, not the project's code (opted out: ", f);
        put_plain(f, jg_json_str(claim, "scope.opt_out_reason"));
        fputs(")\n", f);
    }
    reasons_text(f, json_object_get(claim, "notes"), "note");
    const json_t *tr = json_object_get(claim, "tier_reasons");
    if (json_array_size(tr) == 0)
        fprintf(f, "  tier: names an exact module, JetPack release and PyTorch build, and the "
                   "policy runs the project's checks\n");
    else {
        fprintf(f, "  tier: cannot be claimed as written\n");
        reasons_text(f, tr, "-");
    }
    const json_t *ev = json_object_get(claim, "evidence");
    for (size_t i = 0; i < json_array_size(ev); i++) {
        const json_t *e = json_array_get(ev, i);
        bool acc = json_is_true(json_object_get(e, "accepted"));
        fputs("  ", f);
        put_plain(f, jg_json_str(e, "file"));
        fprintf(f, ": %s\n", acc ? "accepted" : "refused");
        reasons_text(f, json_object_get(e, "reasons"), "-");
        reasons_text(f, json_object_get(e, "notes"), "note");
    }
}

static void tier_text(FILE *f, const json_t *t)
{
    char *parts = jg_render_join(json_object_get(t, "module_parts"), ", ");
    char *labels = jg_render_join(json_object_get(t, "runner_labels"), ", ");
    fprintf(f, "%s (%s): %s\n", jg_json_str(t, "id"), jg_json_str(t, "level"),
            jg_json_str(t, "name"));
    fprintf(f, "  module:        %s (%s, %s, CC %s)\n", parts,
            jg_json_str(t, "memory_class") ? jg_json_str(t, "memory_class") : "memory varies",
            jg_json_str(t, "soc"), jg_json_str(t, "compute_capability"));
    fprintf(f, "  software:      JetPack %s / L4T %s / Ubuntu %s / CUDA %s\n",
            jg_json_str(t, "jetpack"), jg_json_str(t, "l4t"), jg_json_str(t, "ubuntu"),
            jg_json_str(t, "cuda"));
    fprintf(f, "  pytorch:       %s\n", jg_json_str(t, "pytorch") ? jg_json_str(t, "pytorch")
                                                                  : "not pinned");
    fprintf(f, "  runner labels: %s\n", labels);
    char *recommended = jg_render_join(json_object_get(t, "recommended_labels"), ", ");
    if (recommended && *recommended)
        fprintf(f, "  recommended:   %s (tier labels, optional)\n", recommended);
    free(recommended);
    fprintf(f, "  bitsandbytes:  %s\n", jg_json_str(t, "bitsandbytes"));
    fprintf(f, "  evidence:      %s\n", jg_json_str(t, "evidence"));
    const json_t *why = json_object_get(t, "claim_blockers");
    if (json_array_size(why) == 0)
        fprintf(f, "  claimable:     yes, in principle (with passing evidence)\n");
    for (size_t i = 0; i < json_array_size(why); i++)
        fprintf(f, "  %-14s %s\n", i == 0 ? "claimable:" : "", jg_json_str(json_array_get(why, i),
                                                                            "text"));
    free(parts);
    free(labels);
}

void jg_render_matrix_text(FILE *f, const json_t *matrix)
{
    fprintf(f, "support matrix (%s); evidence: max age %lld days, retention %lld days\n\n",
            jg_json_str(matrix, "policy"),
            (long long)json_integer_value(jg_json_at(matrix, "evidence.max_age_days")),
            (long long)json_integer_value(jg_json_at(matrix, "evidence.retention_days")));
    const json_t *tiers = json_object_get(matrix, "tiers");
    for (size_t i = 0; i < json_array_size(tiers); i++) {
        if (i)
            fputc('\n', f);
        tier_text(f, json_array_get(tiers, i));
    }
}
