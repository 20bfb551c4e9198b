/* Findings that one phrase of a tool's own output establishes: one row per
 * finding, one stanza each in src/doctor/knowledge/<layer>.rules (the build turns
 * them into jg_signal_rules, tools/doctor-knowledge/), evaluated by
 * rows.c. A row may speak only on some platforms, use a Jetson fix on
 * a Jetson, and name a second reading of the same phrase that holds when the
 * report shows a certain context (a container, a Python package's file, torch).
 * Rules that need more than that are functions (rules/<layer>.c). */
#ifndef JG_DOCTOR_SIGNAL_RULES_H
#define JG_DOCTOR_SIGNAL_RULES_H
#include "doctor/rule.h"

/* Where the row speaks. A Jetson: facts or report say so (L4T, a Jetson
 * hint, CSV mode's --gpus refusal, which only Jetsons have). */
enum jg_platform_test {
    JG_PT_ANY,
    JG_PT_OFF_JETSON,   /* silent on a Jetson */
    JG_PT_JETSON,       /* only on a Jetson */
    JG_PT_NO_NVIDIA_GPU /* silent where an NVIDIA GPU is evidenced */
};

/* When the second reading holds instead of the first. */
enum jg_alt_test {
    JG_AT_NONE,
    JG_AT_CONTAINER_SEEN,   /* a container in the report (a docker command, an image, a shell in one) */
    JG_AT_INSIDE_CONTAINER, /* facts say this process runs inside one (a host tool such as
                             * nvidia-docker prints the same phrase outside) */
    JG_AT_PACKAGE_FILE,     /* the line names a Python package's file (-packages/), or Triton */
    JG_AT_TORCH_SEEN,       /* the report names torch */
    JG_AT_DEVICES_LIMITED,  /* the report sets CUDA_VISIBLE_DEVICES or names MIG */
    JG_AT_INTERPRETER_SEEN  /* the report asks which Python runs (a notebook, a venv) */
};

typedef struct jg_signal_rule {
    jg_signal signal;
    const char *what; /* the evidence label */
    jg_finding_spec spec;
    const char *fix_jetson; /* NULL: spec.fix everywhere */
    enum jg_platform_test platform;
    enum jg_alt_test alt_test;
    jg_finding_spec alt; /* the reading when alt_test holds */
    const char *sources; /* where the words come from, one per line; NULL: none recorded */
    const char *whys;    /* why the reading and its confidence, one per line; NULL: none */
} jg_signal_rule;

/* A line a rule must give first (its stanza's example / second-example). */
typedef struct jg_rule_example {
    const char *id, *text; /* text: "\n" between lines is written as the two characters */
} jg_rule_example;

extern const jg_signal_rule jg_signal_rules[];
extern const size_t jg_signal_rules_count;
/* An id a C rule gives (its stanza's by:): where its condition and texts are. */
typedef struct jg_code_id {
    jg_fid id;
    const char *by; /* files under src/doctor/, space-separated */
} jg_code_id;

extern const jg_code_id jg_code_ids[];
extern const size_t jg_code_ids_count;
extern const jg_rule_example jg_rule_examples[];
extern const size_t jg_rule_examples_count;

/* Every row, in evaluation order (i < jg_signal_rows_count()). */
size_t jg_signal_rows_count(void);
const jg_signal_rule *jg_signal_row(size_t i);
/* The names the catalogue and the rule files give the tests: "off-jetson", "inside-container". */
const char *jg_platform_test_name(enum jg_platform_test t);
const char *jg_alt_test_name(enum jg_alt_test t);

#endif
