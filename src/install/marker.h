/* PEP 508 environment markers, evaluated for the Jetson the constraints are
 * for (aarch64 Linux, CPython, the probed Python version), so a requirement
 * line meant only for x86_64 or macOS is not taken as replacing the vendor
 * torch, and one that applies here is never skipped. */
#ifndef JG_MARKER_H
#define JG_MARKER_H
#include <stddef.h>

/* 1 applies, 0 does not, -1 cannot be evaluated (unknown variable, bad
 * syntax: callers then treat the line as applying). python_version is
 * "3.10.12" or NULL (then version comparisons cannot be evaluated). */
int jg_marker_eval(const char *marker, const char *python_version);

/* What an install selects: the target's Python, the extras and dependency
 * groups asked for (normalized names; uv.lock's conflict markers also use
 * their "extra-N-PKG-NAME" forms, which the caller adds). */
typedef struct jg_marker_env {
    const char *python; /* "3.10.12", "3.10" or NULL */
    const char *const *extras;
    size_t nextras;
    const char *const *groups;
    size_t ngroups;
} jg_marker_env;

/* As jg_marker_eval, with `extra == X` true when X is selected, and PEP
 * 751's set variables (`X in extras`, `X in dependency_groups`). */
int jg_marker_eval_env(const char *marker, const jg_marker_env *env);

#endif
