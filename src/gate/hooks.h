/* Project hooks from the policy gate's "hooks": commands the project supplies
 * (run with /bin/sh -c in a secret-free, offline environment) whose results
 * become project.device_auto and project.tests. */
#ifndef JG_GATE_HOOKS_H
#define JG_GATE_HOOKS_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The project.* checks for this gate (each "skip: not configured" when the
 * hook is null or absent). Runs the configured commands. */
json_t *jg_gate_run_hooks(const json_t *gate, double timeout_s);

/* Pure: does the hook's stdout resolve device=auto to CUDA? The last non-empty
 * line, trimmed, must be "cuda" or "cuda:<index>"; got receives that line. */
bool jg_device_auto_is_cuda(const char *out, char *got, size_t n);

/* Runner safety (defence in depth beside the workflow's triggers): the reason
 * hooks must not run for this GitHub event on this runner, or NULL. */
const char *jg_hooks_refusal(const char *event, const char *runner_environment);

#endif
