/* The project policy `jetgate init` writes: the embedded default with the
 * project's hooks, interpreter and tier filled in and every field it sets
 * described in "$comment" keys (JSON has no comments). Pure: no I/O. */
#ifndef JG_POLICY_SCAFFOLD_H
#define JG_POLICY_SCAFFOLD_H
#include <jansson.h>
#include <stddef.h>

/* Where a tests hook writes its JUnit unless --junit says otherwise: inside
 * jetgate's own evidence folder, so the action uploads it with the record. */
#define JG_SCAFFOLD_DEFAULT_JUNIT "conditional-evidence/jetgate/project-tests.junit.xml"

typedef struct jg_scaffold_opts {
    const char *device_auto; /* hook command, or NULL (hook stays null) */
    const char *tests;       /* hook command, or NULL */
    const char *junit;       /* JUnit path for the tests hook; NULL: the default */
    const char *python;      /* project.python, or NULL */
    const char *tier;        /* project.tier, or NULL; must name a tier */
    const json_t *new_tier;  /* a tier to add (replacing one of its id), or NULL */
    const char *const *not_required; /* "CHECK:REASON" entries, NULL-terminated, or NULL */
} jg_scaffold_opts;

/* A new, validated policy document; NULL with why filled (an unknown tier). */
json_t *jg_scaffold_policy(const jg_scaffold_opts *o, char *why, size_t n);

#endif
