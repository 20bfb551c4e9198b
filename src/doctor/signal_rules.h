/* Findings that one phrase of a tool's own output establishes: one row per
 * finding, in a table per layer or two (rules_signals_hw.c: the GPU, the kernel
 * driver; _platform.c: a Jetson board's and a data-centre system's own units and
 * services; _driver.c: the CUDA driver; _container.c: the container runtime,
 * permissions; _libs.c: CUDA libraries, the torch build; _packages.c: Python
 * packages; _config.c: the configuration; _system.c: the system around the stack
 * (apt, registries, network, disk); _project.c: the project; _models.c: its models,
 * engines and inference libraries), evaluated by
 * rules_signals.c. A row may
 * speak only on some platforms, use a Jetson fix on a Jetson, and name a
 * second reading of the same phrase that holds when the report shows a
 * certain context (a container, a Python package's file, torch). Rules that
 * need more than that are functions (rules_host*.c). */
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
} jg_signal_rule;

extern const jg_signal_rule jg_signal_rules_hw[], jg_signal_rules_platform[],
    jg_signal_rules_driver[], jg_signal_rules_container[], jg_signal_rules_libs[],
    jg_signal_rules_packages[], jg_signal_rules_config[], jg_signal_rules_system[],
    jg_signal_rules_project[], jg_signal_rules_models[];
extern const size_t jg_signal_rules_hw_count, jg_signal_rules_platform_count,
    jg_signal_rules_driver_count, jg_signal_rules_container_count, jg_signal_rules_libs_count,
    jg_signal_rules_packages_count, jg_signal_rules_config_count, jg_signal_rules_system_count,
    jg_signal_rules_project_count, jg_signal_rules_models_count;

/* Every row of the tables above, in evaluation order (i < jg_signal_rows_count()). */
size_t jg_signal_rows_count(void);
const jg_signal_rule *jg_signal_row(size_t i);
/* The names the catalogue and the rule files give the tests: "off-jetson", "inside-container". */
const char *jg_platform_test_name(enum jg_platform_test t);
const char *jg_alt_test_name(enum jg_alt_test t);

#endif
