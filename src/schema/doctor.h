/* Typed access to the doctor's documents (schema/doctor_fields.h): field
 * tables (schema/doc.h) with the doctor's spellings; and their vocabularies.
 * JG_FINDING_STR(f, summary) compiles; JG_FINDING_STR(f, sumary) and
 * JG_FINDING_STR(f, evidence) (an ARR) do not. */
#ifndef JG_SCHEMA_DOCTOR_H
#define JG_SCHEMA_DOCTOR_H
#include <jansson.h>

#include "schema/doc.h"
#include "schema/doctor_fields.h"

JG_DOC_DECLARE(finding, JG_FINDING_FIELDS);
JG_DOC_DECLARE(result, JG_RESULT_FIELDS);
JG_DOC_DECLARE(layer_entry, JG_LAYER_ENTRY_FIELDS);
JG_DOC_DECLARE(experiment, JG_EXPERIMENT_FIELDS);
JG_DOC_DECLARE(input, JG_INPUT_FIELDS);

enum jg_layer {
#define JG__L(e, name) JG_L_##e,
    JG_LAYERS(JG__L)
#undef JG__L
    JG_L_COUNT
};
enum jg_severity {
#define JG__SEV(e, name) JG_SEV_##e,
    JG_SEVERITIES(JG__SEV)
#undef JG__SEV
    JG_SEV_COUNT
};
enum jg_confidence {
#define JG__CONF(e, name) JG_CONF_##e,
    JG_CONFIDENCES(JG__CONF)
#undef JG__CONF
    JG_CONF_COUNT
};
enum jg_layer_status {
#define JG__LS(e, name) JG_LS_##e,
    JG_LAYER_STATUSES(JG__LS)
#undef JG__LS
    JG_LS_COUNT
};
enum jg_experiment_result {
#define JG__XR(e, name) JG_XR_##e,
    JG_EXPERIMENT_RESULTS(JG__XR)
#undef JG__XR
    JG_XR_COUNT
};

enum jg_experiment_id {
#define JG__X(e, name) JG_X_##e,
    JG_EXPERIMENT_IDS(JG__X)
#undef JG__X
    JG_X_COUNT
};

/* A value's name ("unknown" out of range) and a name's index (-1 when not in
 * the vocabulary, or name is NULL). */
const char *jg_layer_name(enum jg_layer l);
int jg_layer_index(const char *name);
const char *jg_severity_name(enum jg_severity s);
int jg_severity_index(const char *name);
const char *jg_confidence_name(enum jg_confidence c);
int jg_confidence_index(const char *name);
const char *jg_layer_status_name(enum jg_layer_status s);
int jg_layer_status_index(const char *name);
const char *jg_experiment_result_name(enum jg_experiment_result r);
int jg_experiment_result_index(const char *name);
const char *jg_experiment_id_name(enum jg_experiment_id x);

/* a finding (LIST: an ARR row; a STR written from NULL is not set) */
#define JG_FINDING_STR(f, name) JG_STR(finding, f, name)
#define JG_FINDING_LIST(f, name) JG_ARR(finding, f, name)
#define JG_FINDING_GET(f, name) JG_NODE(finding, f, name)
#define JG_FINDING_SET_STR(f, name, s) JG_SET_AS(finding, f, name, STR, json_string(s))
#define JG_FINDING_SET_LIST(f, name, a) JG_SET_AS(finding, f, name, ARR, a)
/* the result */
#define JG_RESULT_STR(d, name) JG_STR(result, d, name)
#define JG_RESULT_BOOL(d, name) JG_BOOL(result, d, name)
#define JG_RESULT_LIST(d, name) JG_ARR(result, d, name)
#define JG_RESULT_OBJ(d, name) JG_OBJ(result, d, name)
#define JG_RESULT_SET_STR(d, name, s) JG_SET_AS(result, d, name, STR, json_string(s))
#define JG_RESULT_SET_BOOL(d, name, b) JG_SET_BOOL(result, d, name, b)
#define JG_RESULT_SET_LIST(d, name, a) JG_SET_AS(result, d, name, ARR, a)
#define JG_RESULT_SET_OBJ(d, name, o) JG_SET_AS(result, d, name, OBJ, o)
/* layers.<layer> */
#define JG_LAYER_ENTRY_STR(l, name) JG_STR(layer_entry, l, name)
#define JG_LAYER_ENTRY_LIST(l, name) JG_ARR(layer_entry, l, name)
/* an experiment */
#define JG_EXPERIMENT_STR(e, name) JG_STR(experiment, e, name)

#endif
