/* Typed access to the doctor's documents (schema/doctor_fields.h) and their
 * vocabularies. JG_FINDING_STR(f, summary) compiles; JG_FINDING_STR(f, sumary)
 * and JG_FINDING_STR(f, evidence) (a LIST) do not. */
#ifndef JG_SCHEMA_DOCTOR_H
#define JG_SCHEMA_DOCTOR_H
#include <jansson.h>

#include "schema/doctor_fields.h"
#include "schema/keys.h"

JG_KEYS_DECLARE(JG_FK, JG_FINDING_FIELDS);
JG_KEYS_DECLARE(JG_RK, JG_RESULT_FIELDS);
JG_KEYS_DECLARE(JG_LK, JG_LAYER_ENTRY_FIELDS);
JG_KEYS_DECLARE(JG_XK, JG_EXPERIMENT_FIELDS);
JG_KEYS_DECLARE(JG_IK, JG_INPUT_FIELDS);

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

/* a finding */
#define JG_FINDING_STR(f, name) JG_KEY_STR(JG_FK, f, name)
#define JG_FINDING_LIST(f, name) JG_KEY_LIST(JG_FK, f, name)
#define JG_FINDING_GET(f, name) JG_KEY_GET(JG_FK, f, name)
#define JG_FINDING_SET_STR(f, name, s) JG_KEY_SET_STR(JG_FK, f, name, s)
#define JG_FINDING_SET_LIST(f, name, a) JG_KEY_SET_LIST(JG_FK, f, name, a)
/* the result */
#define JG_RESULT_STR(d, name) JG_KEY_STR(JG_RK, d, name)
#define JG_RESULT_BOOL(d, name) JG_KEY_BOOL(JG_RK, d, name)
#define JG_RESULT_LIST(d, name) JG_KEY_LIST(JG_RK, d, name)
#define JG_RESULT_OBJ(d, name) JG_KEY_OBJ(JG_RK, d, name)
#define JG_RESULT_SET_STR(d, name, s) JG_KEY_SET_STR(JG_RK, d, name, s)
#define JG_RESULT_SET_BOOL(d, name, b) JG_KEY_SET_BOOL(JG_RK, d, name, b)
#define JG_RESULT_SET_LIST(d, name, a) JG_KEY_SET_LIST(JG_RK, d, name, a)
#define JG_RESULT_SET_OBJ(d, name, o) JG_KEY_SET_OBJ(JG_RK, d, name, o)
/* layers.<layer> */
#define JG_LAYER_ENTRY_STR(l, name) JG_KEY_STR(JG_LK, l, name)
#define JG_LAYER_ENTRY_LIST(l, name) JG_KEY_LIST(JG_LK, l, name)
/* an experiment */
#define JG_EXPERIMENT_STR(e, name) JG_KEY_STR(JG_XK, e, name)

#endif
