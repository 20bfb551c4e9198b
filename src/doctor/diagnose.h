/* Facts -> findings: run every rule, add the verdicts that need the whole
 * picture (was CUDA verified by a real kernel?), sort, and summarise per layer.
 * Pure: the result depends only on the facts document and the mode. */
#ifndef JG_DOCTOR_DIAGNOSE_H
#define JG_DOCTOR_DIAGNOSE_H
#include <jansson.h>
#include <stdbool.h>

/* mode: "live" | "sysroot" | "file" | "report" (goes to "facts_mode").
 * Returns {"findings", "layers", "healthy", "blocking", "kernel_ran", "facts_mode"}
 * (docs/schema.md, "Doctor result"). */
json_t *jg_diagnose(const json_t *facts, const char *mode);

/* Exit code for a diagnosis: 1 when a finding blocks CUDA, else 0. */
int jg_diagnosis_exit(const json_t *diagnosis);

#endif
