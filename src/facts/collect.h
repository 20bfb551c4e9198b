/* Collecting the facts document (docs/schema.md, "Facts document").
 * Filesystem facts come through one jg_root, so a fixture tree and a live
 * Jetson are read by the same code. Live layers (libcuda in a child, the
 * Python probe) are added only on a live host; under --root they are
 * "not_probed". */
#ifndef JG_FACTS_COLLECT_H
#define JG_FACTS_COLLECT_H
#include <jansson.h>
#include <stdbool.h>

#include "util/sysroot.h"

typedef struct jg_collect_opts {
    const char *root;     /* NULL or "/" = live host */
    const char *python;   /* interpreter for the Python layer; NULL = not probed */
    bool probe_cuda;      /* run the driver probe (live only) */
    double timeout_s;     /* deadline for each live probe; 0 = default */
} jg_collect_opts;

/* The whole facts document; NULL (errno set) when o->root is not a directory. */
json_t *jg_facts_collect(const jg_collect_opts *o);
/* Only what the files under r say (no child processes). */
json_t *jg_facts_collect_files(const jg_root *r);

#endif
