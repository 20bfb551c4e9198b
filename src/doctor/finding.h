/* Findings: what the doctor concludes about one layer of the stack.
 * {"id", "layer", "severity", "confidence", "summary", "evidence": [...], "fix"}
 * (docs/schema.md, "Finding"). Rules build them with jg_finding_add; the list
 * is then ordered most likely root cause first (jg_findings_sort). */
#ifndef JG_DOCTOR_FINDING_H
#define JG_DOCTOR_FINDING_H
#include <jansson.h>
#include <stdbool.h>

/* Layers from the hardware upward; the order is the "depth" used for sorting. */
enum jg_layer {
    JG_L_HARDWARE,
    JG_L_KERNEL_DRIVER,
    JG_L_CUDA_DRIVER,
    JG_L_CONTAINER_RUNTIME,
    JG_L_CUDA_LIBRARIES,
    JG_L_PYTORCH_BUILD,
    JG_L_PYTHON_PACKAGES,
    JG_L_PERMISSIONS,
    JG_L_CONFIGURATION,
    JG_L_PROJECT,
    JG_L_COUNT
};
enum jg_severity { JG_SEV_ERROR, JG_SEV_WARNING, JG_SEV_INFO };
enum jg_confidence { JG_CONF_HIGH, JG_CONF_MEDIUM, JG_CONF_LOW };

const char *jg_layer_name(enum jg_layer l);
/* Index of a layer name, or -1. */
int jg_layer_index(const char *name);
const char *jg_severity_name(enum jg_severity s);
const char *jg_confidence_name(enum jg_confidence c);

/* The fields of one finding; evidence is a NULL-terminated list of
 * "path = value" strings (copied). */
typedef struct jg_finding_spec {
    const char *id;
    enum jg_layer layer;
    enum jg_severity severity;
    enum jg_confidence confidence;
    const char *summary;
    const char *fix;
} jg_finding_spec;

/* Append a finding to the array out; evidence is a json array (stolen, may be NULL). */
void jg_finding_add(json_t *out, const jg_finding_spec *spec, json_t *evidence);
/* True when a finding with this id is in the array. */
bool jg_findings_has(const json_t *findings, const char *id);
/* Order: severity (error first), then confidence (high first), then layer
 * depth (hardware first: a lower layer breaks everything above it), then id. */
void jg_findings_sort(json_t *findings);

#endif
