/* What a project.device_auto measurement means: the gate judges the hook's
 * output with it (gate/hooks.c) and claim recomputes a record's judgement with
 * the same function (policy/claim_recompute.c), so it sits below both. */
#ifndef JG_EVIDENCE_DEVICE_AUTO_H
#define JG_EVIDENCE_DEVICE_AUTO_H
#include <stdbool.h>
#include <stddef.h>

/* Pure: does the hook's stdout resolve device=auto to CUDA? The last non-empty
 * line, trimmed, must be "cuda" or "cuda:<index>"; got receives that line. */
bool jg_device_auto_is_cuda(const char *out, char *got, size_t n);

#endif
