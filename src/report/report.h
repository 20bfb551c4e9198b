/* Markdown reports built from the policy and evidence records: the support
 * document, release notes and a sanitized issue body. Pure functions of
 * their input (the time is passed in), so golden tests pin them down. */
#ifndef JG_REPORT_H
#define JG_REPORT_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

struct jg_report_in {
    const json_t *policy;
    const char *policy_name;
    const json_t *const *evidence; /* validated records (src/evidence/read.h), or NULL: */
    size_t n;
    const char *commit; /* only claims for this commit count; NULL = any */
    const char *repo;   /* the repository claimed for; NULL = this checkout's (gate/commit.h) */
    time_t now;
    /* with evidence NULL, the n records are read from these paths one at a
     * time and freed before the next (bounded memory for many large ones) */
    char *const *paths;
};

/* Record i of in, a new reference (read from in->paths[i] when in->evidence
 * is NULL; NULL, with a warning, when it can no longer be read). */
json_t *jg_report_record(const struct jg_report_in *in, size_t i);

/* A tier's status in the reports, from the claim logic: claimed when it
 * accepts some record for some commit the evidence names (or for in->commit
 * only). */
struct jg_tier_status {
    bool claimed;
    bool waived;        /* not claimed, and why reads "not claimed (waived ...)" */
    const char *commit; /* the claimed commit (in's, or a copy of a record's in commit_buf);
                           NULL unless claimed */
    char commit_buf[41];
    const char *scope;  /* to append to "claimed": non-empty when the claim covers jetgate's
                           probes only; NULL unless claimed */
    char why[700];
};
void jg_report_tier_status(const struct jg_report_in *in, const json_t *tier,
                           struct jg_tier_status *st);
/* fn(f, tier, its status) for each tier of the policy, in order; the
 * statuses come from one pass over the records. */
void jg_report_each_tier(FILE *f, const struct jg_report_in *in,
                         void (*fn)(FILE *f, const json_t *tier, const struct jg_tier_status *st));

void jg_report_support_doc(FILE *f, const struct jg_report_in *in);
void jg_report_release_notes(FILE *f, const struct jg_report_in *in);
void jg_report_issue_body(FILE *f, const struct jg_report_in *in);

#endif
