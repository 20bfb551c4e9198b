/* Findings: what the doctor concludes about one layer of the stack.
 * {"id", "layer", "severity", "confidence", "summary", "evidence": [...], "fix"}
 * (docs/schema.md, "Finding"). Rules build them with jg_finding_add; the list
 * is then ordered most likely root cause first (jg_findings_sort). */
#ifndef JG_DOCTOR_FINDING_H
#define JG_DOCTOR_FINDING_H
#include <jansson.h>
#include <stdbool.h>

/* The layer, severity and confidence vocabularies (enum jg_layer JG_L_*,
 * jg_severity JG_SEV_*, jg_confidence JG_CONF_*) and the finding's members
 * are tables in schema/doctor_fields.h. */
#include "schema/doctor.h"
/* The finding ids (enum jg_fid, JG_FID_<id with . and - as _>), generated from
 * src/doctor/knowledge/<layer>.rules: a misspelled id does not compile. */
#include "doctor_ids.h"

/* The fields of one finding; evidence is a NULL-terminated list of
 * "path = value" strings (copied). */
typedef struct jg_finding_spec {
    jg_fid id;
    enum jg_layer layer;
    enum jg_severity severity;
    enum jg_confidence confidence;
    const char *summary;
    const char *fix;
} jg_finding_spec;

/* Append a finding to the array out; evidence is a json array (stolen, may be NULL). */
void jg_finding_add(json_t *out, const jg_finding_spec *spec, json_t *evidence);
/* The id as output writes it ("kernel-driver.no-devices-found"); NULL when out of range. */
const char *jg_fid_name(jg_fid id);
/* True when a finding with this id is in the array. */
bool jg_findings_has(const json_t *findings, jg_fid id);
/* True when a finding with one of these ids (a list that JG_FID_COUNT ends) is in the array. */
bool jg_findings_has_any(const json_t *findings, const jg_fid *ids);
/* How many findings in the array have this severity. */
size_t jg_findings_of_severity(const json_t *findings, enum jg_severity sev);
/* How evidence quotes a pasted line: "<what> = line <N>: <text>" (jg_ev_seen
 * writes it, jg_findings_quote_line reads it). */
#define JG_EV_LINE " = line %lld: "
/* Some finding already quotes pasted line LINE as evidence: a generic reading of
 * that line (a rule run last) stays silent beside a more precise one. */
bool jg_findings_quote_line(const json_t *findings, long long line);
/* Order: severity (error first), then confidence (high first), then layer
 * depth (hardware first: a lower layer breaks everything above it), then id. */
void jg_findings_sort(json_t *findings);

#endif
