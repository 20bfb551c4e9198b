#include "schema/doctor.h"

#include <string.h>

JG_KEYS_DEFINE(JG_FK, JG_FINDING_FIELDS);
JG_KEYS_DEFINE(JG_RK, JG_RESULT_FIELDS);
JG_KEYS_DEFINE(JG_LK, JG_LAYER_ENTRY_FIELDS);
JG_KEYS_DEFINE(JG_XK, JG_EXPERIMENT_FIELDS);
JG_KEYS_DEFINE(JG_IK, JG_INPUT_FIELDS);

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

const char *jg_layer_name(enum jg_layer l)
{
    return name_of(layers, JG_L_COUNT, (int)l);
}

int jg_layer_index(const char *name)
{
    return index_of(layers, JG_L_COUNT, name);
}

const char *jg_severity_name(enum jg_severity s)
{
    return name_of(severities, JG_SEV_COUNT, (int)s);
}

int jg_severity_index(const char *name)
{
    return index_of(severities, JG_SEV_COUNT, name);
}

const char *jg_confidence_name(enum jg_confidence c)
{
    return name_of(confidences, JG_CONF_COUNT, (int)c);
}

int jg_confidence_index(const char *name)
{
    return index_of(confidences, JG_CONF_COUNT, name);
}

const char *jg_layer_status_name(enum jg_layer_status s)
{
    return name_of(layer_statuses, JG_LS_COUNT, (int)s);
}

int jg_layer_status_index(const char *name)
{
    return index_of(layer_statuses, JG_LS_COUNT, name);
}

const char *jg_experiment_result_name(enum jg_experiment_result r)
{
    return name_of(results, JG_XR_COUNT, (int)r);
}

int jg_experiment_result_index(const char *name)
{
    return index_of(results, JG_XR_COUNT, name);
}

const char *jg_experiment_id_name(enum jg_experiment_id x)
{
    return name_of(experiment_ids, JG_X_COUNT, (int)x);
}
