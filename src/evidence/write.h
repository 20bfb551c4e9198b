/* Evidence record v1 (docs/schema.md): an in-toto Statement whose predicate
 * is BUILT from allow-listed fields only, then scrubbed, then written
 * atomically as <dir>/<gate>.json. */
#ifndef JG_EVIDENCE_WRITE_H
#define JG_EVIDENCE_WRITE_H
#include <jansson.h>
#include <stdbool.h>
#include <time.h>

#include "evidence/sanitize.h"

#define JG_EVIDENCE_STATEMENT_TYPE "https://in-toto.io/Statement/v1"
#define JG_EVIDENCE_PREDICATE_TYPE "https://jetgate.dev/evidence/gate-run/v1"

typedef struct jg_evidence_in {
    const char *gate;
    const json_t *verdict;   /* jg_gate_verdict: status, reasons, counts */
    const json_t *checks;
    const json_t *facts;     /* facts document */
    const json_t *native;    /* native probe results (driver version, GPU name); may be NULL */
    const json_t *python;    /* Python probe result (torch versions); may be NULL */
    const json_t *platform;  /* jg_evidence_platform of the three above, built once per run
                                (the gate's tier read it); NULL: built here */
    const char *sha;         /* 40 lowercase hex */
    int dirty;               /* 1 / 0, or -1 unknown (null) */
    const char *commit_source; /* "flag" | "GITHUB_SHA" | "git" */
    const char *repo;        /* normalised repository identity, or NULL (null) */
    const json_t *run;       /* jg_evidence_run_meta */
    time_t started, finished;
} jg_evidence_in;

/* The whole Statement; strings scrubbed with s. */
json_t *jg_evidence_build(const jg_evidence_in *in, const jg_scrub *s);
/* The allow-listed platform summary (every unknown value null). */
json_t *jg_evidence_platform(const json_t *facts, const json_t *native, const json_t *python);
/* How many summaries this process built: a run builds one (the tests hold it to that). */
unsigned long jg_evidence_platform_builds(void);
/* Run metadata from GITHUB_* variables; labels from the flag (comma list) or RUNNER_LABELS. */
json_t *jg_evidence_run_meta(const char *labels_flag);
/* 40 lowercase hexadecimal digits. */
bool jg_commit_sha_valid(const char *sha);
/* Gate ids become file names: [a-z0-9][a-z0-9._-]* only, no "..". */
bool jg_gate_id_valid(const char *id);
/* Writes doc canonically to <dir>/<gate>.json, atomically. 0 or -1 (errno). */
int jg_evidence_write(const char *dir, const char *gate, const json_t *doc);

#endif
