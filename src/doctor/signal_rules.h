/* Findings that one phrase of a tool's own output establishes by itself: the
 * phrase is direct evidence of the cause, so no other fact changes the layer.
 * One row per finding (rules_signals_table.c); a row with a Jetson variant of
 * the fix uses it where the host or report is a Jetson.
 * Rules whose layer depends on more than the phrase are functions (rules_host.c). */
#ifndef JG_DOCTOR_SIGNAL_RULES_H
#define JG_DOCTOR_SIGNAL_RULES_H
#include "doctor/rule.h"

/* Where a container changes the reading of a phrase: a container seen in the
 * report (a docker command, an image, a shell in one), or only facts saying
 * this process runs inside one (a host tool such as nvidia-docker prints the
 * same phrase outside). */
enum jg_container_test { JG_CT_NONE, JG_CT_SEEN, JG_CT_INSIDE };

typedef struct jg_signal_rule {
    jg_signal signal;
    const char *what; /* the evidence label */
    jg_finding_spec spec;
    const char *fix_jetson; /* NULL: spec.fix everywhere */
    bool off_jetson;        /* silent on a Jetson (or a report hinting one) */
    enum jg_container_test container_test;
    jg_finding_spec in_container; /* the reading when container_test holds */
} jg_signal_rule;

extern const jg_signal_rule jg_signal_rules[];
extern const size_t jg_signal_rules_count;

#endif
