#include "schema/doctor.h"

#include <string.h>

JG_DOC_DEFINE(finding, JG_FINDING_FIELDS);
JG_DOC_DEFINE(result, JG_RESULT_FIELDS);
JG_DOC_DEFINE(layer_entry, JG_LAYER_ENTRY_FIELDS);
JG_DOC_DEFINE(experiment, JG_EXPERIMENT_FIELDS);
JG_DOC_DEFINE(input, JG_INPUT_FIELDS);

#define JG__NAME(e, name) name,
static const char *const layers[JG_L_COUNT] = {JG_LAYERS(JG__NAME)};
static const char *const severities[JG_SEV_COUNT] = {JG_SEVERITIES(JG__NAME)};
static const char *const confidences[JG_CONF_COUNT] = {JG_CONFIDENCES(JG__NAME)};
static const char *const layer_statuses[JG_LS_COUNT] = {JG_LAYER_STATUSES(JG__NAME)};
static const char *const results[JG_XR_COUNT] = {JG_EXPERIMENT_RESULTS(JG__NAME)};
static const char *const experiment_ids[JG_X_COUNT] = {JG_EXPERIMENT_IDS(JG__NAME)};
#undef JG__NAME

static const char *name_of(const char *const names[], int n, int i)
{
    return i >= 0 && i < n ? names[i] : "unknown";
}

static int index_of(const char *const names[], int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* jg_<what>_name and jg_<what>_index for each vocabulary. */
#define JG__VOCAB(what, type, names, count)                                                       \
    const char *jg_##what##_name(type v) { return name_of(names, count, (int)v); }                \
    int jg_##what##_index(const char *name) { return index_of(names, count, name); }
JG__VOCAB(layer, enum jg_layer, layers, JG_L_COUNT)
JG__VOCAB(severity, enum jg_severity, severities, JG_SEV_COUNT)
JG__VOCAB(confidence, enum jg_confidence, confidences, JG_CONF_COUNT)
JG__VOCAB(layer_status, enum jg_layer_status, layer_statuses, JG_LS_COUNT)
JG__VOCAB(experiment_result, enum jg_experiment_result, results, JG_XR_COUNT)
#undef JG__VOCAB

const char *jg_experiment_id_name(enum jg_experiment_id x)
{
    return name_of(experiment_ids, JG_X_COUNT, (int)x);
}
