/* Markdown reports built from the policy and evidence records: the support
 * document, release notes and a sanitized issue body. Pure functions of
 * their input (the time is passed in), so golden tests pin them down. */
#ifndef JG_REPORT_H
#define JG_REPORT_H
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

struct jg_report_in {
    const json_t *policy;
    const char *policy_name;
    const json_t *const *evidence; /* validated records (src/evidence/read.h) */
    size_t n;
    const char *commit; /* only claims for this commit count; NULL = any */
    const char *repo;   /* the repository claimed for; NULL = this checkout's (gate/commit.h) */
    time_t now;
};

/* For one tier: {"claimed": bool, "commit": sha|null, "why": text, "scope":
 * text to append to "claimed" (non-empty when the claim covers jetgate's
 * probes only), "waived": bool (why then reads "not claimed (waived ...)")}. Claimed
 * when the claim logic accepts some record for some commit the evidence
 * names (or for in->commit only). New reference. */
json_t *jg_report_tier_status(const struct jg_report_in *in, const json_t *tier);
/* fn(f, tier, its status) for each tier of the policy, in order. */
void jg_report_each_tier(FILE *f, const struct jg_report_in *in,
                         void (*fn)(FILE *f, const json_t *tier, const json_t *status));

void jg_report_support_doc(FILE *f, const struct jg_report_in *in);
void jg_report_release_notes(FILE *f, const struct jg_report_in *in);
void jg_report_issue_body(FILE *f, const struct jg_report_in *in);

#endif
