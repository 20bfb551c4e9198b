/* The child side of util/spawn.c (internal to it). */
#ifndef JG_SPAWN_CHILD_H
#define JG_SPAWN_CHILD_H
#include <sys/types.h>

#include "util/spawn.h"

typedef struct jg_child_plan {
    jg_child_fn fn;          /* fork-only work, or NULL for exec */
    void *arg;
    char *const *argv;       /* exec form: argv[0] as given */
    const char *exe;         /* exec form: the file to run (resolved on PATH) */
    char *const *envp;       /* exec form: the environment (never NULL) */
    const char *stdin_text;  /* NULL = /dev/null */
    const char *cwd;         /* NULL = unchanged */
    int out_w, err_w;        /* write ends of the result pipes */
    pid_t parent;            /* jetgate's pid, for the parent-death race check */
} jg_child_plan;

/* Runs in the forked child and never returns: becomes the keeper of a new
 * process group and runs the work in a second child below it. */
_Noreturn void jg_spawn_keeper(const jg_child_plan *p);

#endif
