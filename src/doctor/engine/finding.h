/* Findings: what the doctor concludes about one layer of the stack. Rules add
 * them to a jg_finding_list with jg_finding_add; they keep their id, layer,
 * severity and confidence as enums while the rules and the verdicts read them
 * and while they are ordered (most likely root cause first, jg_findings_sort);
 * jg_findings_json turns them into {"id", "layer", "severity", "confidence",
 * "summary", "evidence": [...], "fix"} (docs/schema.md, "Finding") at the end. */
#ifndef JG_DOCTOR_FINDING_H
#define JG_DOCTOR_FINDING_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The layer, severity and confidence vocabularies (enum jg_layer JG_L_*,
 * jg_severity JG_SEV_*, jg_confidence JG_CONF_*) and the finding's members
 * are tables in schema/doctor_fields.h. */
#include "schema/doctor.h"
/* The finding ids (enum jg_fid, JG_FID_<id with . and - as _>), generated from
 * src/doctor/knowledge/<layer>.rules, in the order of their names: a misspelled
 * id does not compile. */
#include "doctor_ids.h"

/* The fields of one finding as a rule states them (texts are copied when added). */
typedef struct jg_finding_spec {
    jg_fid id;
    enum jg_layer layer;
    enum jg_severity severity;
    enum jg_confidence confidence;
    const char *summary;
    const char *fix;
} jg_finding_spec;

/* One finding: its spec with owned texts, and its evidence ("path = value" strings). */
typedef struct jg_doctor_finding {
    jg_finding_spec spec; /* summary and fix are owned copies */
    json_t *evidence;
} jg_doctor_finding;

typedef struct jg_finding_list {
    jg_doctor_finding *v;
    size_t n, cap;
} jg_finding_list;

/* Append a finding; evidence is a json array (stolen, may be NULL). */
void jg_finding_add(jg_finding_list *out, const jg_finding_spec *spec, json_t *evidence);
void jg_finding_list_free(jg_finding_list *list);
/* The findings as the JSON array of docs/schema.md, in list order: where ids, layers,
 * severities and confidences become their names. */
json_t *jg_findings_json(const jg_finding_list *list);
/* The id as output writes it ("kernel-driver.no-devices-found"); NULL when out of range. */
const char *jg_fid_name(jg_fid id);
/* True when a finding with this id is in the list. */
bool jg_findings_has(const jg_finding_list *list, jg_fid id);
/* True when a finding with one of these ids (a list that JG_FID_COUNT ends) is in the list. */
bool jg_findings_has_any(const jg_finding_list *list, const jg_fid *ids);
/* How many findings in the list have this severity. */
size_t jg_findings_of_severity(const jg_finding_list *list, enum jg_severity sev);
/* How evidence quotes a pasted line: "<what> = line <N>: <text>" (jg_ev_seen
 * writes it, jg_findings_quote_line reads it). */
#define JG_EV_LINE " = line %lld: "
/* Some finding already quotes pasted line LINE as evidence: a generic reading of
 * that line (a rule run last) stays silent beside a more precise one. */
bool jg_findings_quote_line(const jg_finding_list *list, long long line);
/* Order: severity (error first), then confidence (high first), then layer
 * depth (hardware first: a lower layer breaks everything above it), then id. */
void jg_findings_sort(jg_finding_list *list);

#endif
