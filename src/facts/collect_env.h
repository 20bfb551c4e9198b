/* The environment the user's program runs in (facts.env): the variables that
 * decide which GPU, libcuda, CUDA libraries and Python packages a process
 * gets. Only these variables are read, never the whole environment, and
 * their values pass the evidence scrubber (home paths, user and host names,
 * UUIDs redacted). Live host only. */
#ifndef JG_FACTS_COLLECT_ENV_H
#define JG_FACTS_COLLECT_ENV_H
#include <jansson.h>

/* {"vars": {NAME: fact}, "library_path": [{"entry","kind"[,"cuda"]}],
 *  "library_path_has_stubs": bool, "venv": {...} | absent, "conda": {...} | absent}
 * (docs/schema.md, "Environment"). */
json_t *jg_facts_env(void);

/* One LD_LIBRARY_PATH entry's kind: "stubs", "compat", "cuda", "other". */
const char *jg_env_path_kind(const char *entry);

#endif
