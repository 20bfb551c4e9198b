/* Project hooks from the policy gate's "hooks" (the hook contract of
 * docs/schema.md "Project hooks"): commands the project supplies, run with
 * /bin/sh -c at the project root in a secret-free, offline environment with
 * $JETGATE_PYTHON, $JETGATE_EVIDENCE_DIR and (tests) $JETGATE_JUNIT set.
 * Their results become project.device_auto and project.tests; each keeps
 * the last 2 KiB of the hook's stdout and stderr (scrubbed, then cut). */
#ifndef JG_GATE_HOOKS_H
#define JG_GATE_HOOKS_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "evidence/device_auto.h"
#include "util/scrub.h"

/* How much of each output stream a hook check keeps. */
#define JG_HOOK_TAIL_BYTES 2048

typedef struct jg_hooks_opts {
    double timeout_s;
    const char *python;       /* $JETGATE_PYTHON: the --python interpreter */
    const char *evidence_dir; /* $JETGATE_EVIDENCE_DIR: the --out directory */
    const char *root;         /* working directory (the checkout's top level); NULL = cwd */
} jg_hooks_opts;

/* The project.* checks for this gate (each "skip: not configured" when the
 * hook is null or absent). Runs the configured commands. */
json_t *jg_gate_run_hooks(const json_t *gate, const jg_hooks_opts *o);

/* For each project.* check that did not pass, print its reason and output
 * tails on f (give it the scrubbed checks of the evidence). */
void jg_hooks_print_failures(FILE *f, const json_t *checks);

/* jg_device_auto_is_cuda: evidence/device_auto.h (claim uses it too). */

/* Runner safety (defence in depth beside the workflow's triggers): the reason
 * hooks must not run for this GitHub event on this runner, or NULL. */
const char *jg_hooks_refusal(const char *event, const char *runner_environment);

/* The last n bytes of text, scrubbed BEFORE the cut (jg_scrub_excerpt), as a
 * JSON string; the evidence scrubs it again with the host's values. */
json_t *jg_hook_tail(const char *text, size_t len, size_t n);
/* The scrubber for what a run writes (its evidence, the project's JUnit report):
 * this process's environment values, the live host's names and serial numbers. */
void jg_scrub_init_live(jg_scrub *s);

#endif
