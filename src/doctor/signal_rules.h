/* Findings that one phrase of a tool's own output establishes by itself: the
 * phrase is direct evidence of the cause, so no other fact changes the layer.
 * One row per finding (rules_signals_lower.c: hardware to the container
 * runtime; rules_signals_upper.c: libraries to the project); a row with a
 * Jetson variant of the fix uses it where the host or report is a Jetson.
 * Rules whose layer depends on more than the phrase are functions (rules_host.c). */
#ifndef JG_DOCTOR_SIGNAL_RULES_H
#define JG_DOCTOR_SIGNAL_RULES_H
#include "doctor/rule.h"

typedef struct jg_signal_rule {
    jg_signal signal;
    const char *what; /* the evidence label */
    jg_finding_spec spec;
    const char *fix_jetson; /* NULL: spec.fix everywhere */
} jg_signal_rule;

extern const jg_signal_rule jg_signal_rules_lower[];
extern const size_t jg_signal_rules_lower_count;
extern const jg_signal_rule jg_signal_rules_upper[];
extern const size_t jg_signal_rules_upper_count;

#endif
