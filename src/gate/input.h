/* The gate's input, assembled in one place: what a run collects from the host
 * (facts from facts/, probe results from cuda/ and python/, hook checks from
 * gate/hooks.c) and its conversion into the pure jg_gate_in of gate.h.
 * The commands only say what to run and where the evidence goes. */
#ifndef JG_GATE_INPUT_H
#define JG_GATE_INPUT_H
#include <jansson.h>
#include <stdbool.h>

#define JG_GATE_DEFAULT_MODEL "hf-internal-testing/tiny-random-gpt2"

typedef struct jg_gate_run_opts {
    const char *python;  /* interpreter for the framework checks */
    double timeout_s;    /* per probe and hook; 0 = each one's default */
    bool model;          /* also run the model download (network allowed) */
    const char *evidence_dir; /* $JETGATE_EVIDENCE_DIR for the hooks */
    const char *root;         /* the hooks' working directory (project root); NULL = cwd */
    const char *platform_root; /* read the platform's files from here; NULL = the live host */
} jg_gate_run_opts;

/* Everything a run collects from the host; every member owned. */
typedef struct jg_gate_inputs {
    json_t *facts, *native, *python, *model_py, *project;
    double native_s; /* wall time of the native probes */
} jg_gate_inputs;

/* Collect facts (module identity from host_facts, may be NULL, or a mounted
 * device tree), native probes, the Python probe, the model run when selected,
 * and the gate's hooks. 0, or -1 when the host's facts cannot be read (errno). */
int jg_gate_collect(const jg_gate_run_opts *o, const json_t *gate, const json_t *host_facts,
                    jg_gate_inputs *in);
void jg_gate_inputs_free(jg_gate_inputs *in);

/* Checks (returned) and verdict (*verdict) for the collected inputs, the tier
 * being the policy's tier whose hardware the platform summary identifies
 * (jg_evidence_platform of the inputs, built once by the caller and recorded). */
json_t *jg_gate_judge(const json_t *policy, const json_t *gate, const jg_gate_inputs *in,
                      const json_t *platform, bool model_selected, json_t **verdict);

#endif
