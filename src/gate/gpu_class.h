/* "Is this CUDA device the Jetson GPU of this module?" The expected class
 * comes only from the identified module (facts module.soc and
 * module.compute_capability) and the CUDA device names of jetson-facts.md §3;
 * when the module is not identified the answer is no, never a guess. */
#ifndef JG_GATE_GPU_CLASS_H
#define JG_GATE_GPU_CLASS_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "facts/tables.h" /* jg_gpu_name_for_soc: the CUDA device names live in facts */

/* integrated: 1 / 0, or -1 when the source cannot tell (not checked then).
 * Fills why with a sentence either way. */
bool jg_gpu_class_match(const json_t *facts, const char *name, int integrated, const char *cc,
                        char *why, size_t n);

#endif
