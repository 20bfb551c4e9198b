/* The support matrix: each tier of a policy flattened into one row, with the
 * runner labels a job needs (gate base labels + tier labels) and whether the
 * tier can be claimed in principle. Shared by matrix, report and lint. */
#ifndef JG_MATRIX_H
#define JG_MATRIX_H
#include <jansson.h>

/* The "jetgate.matrix/1" document of docs/schema.md. policy_name is shown
 * as its source (a file path or the embedded default). New reference. */
json_t *jg_matrix_build(const json_t *policy, const char *policy_name);

#endif
