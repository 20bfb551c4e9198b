/* The human checklist of a gate run (stdout without --json). */
#ifndef JG_GATE_RENDER_H
#define JG_GATE_RENDER_H
#include <jansson.h>
#include <stdio.h>

/* evidence: the (sanitized) record; where: what to print as its location. */
void jg_gate_print_text(FILE *f, const json_t *evidence, const char *where);

#endif
