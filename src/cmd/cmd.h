/* One spec per subcommand (util/opts.h): its option table, help text and
 * entry point. src/main.c lists them. Each entry point takes argv with
 * argv[0] = the subcommand name and returns the exit code. */
#ifndef JG_CMD_H
#define JG_CMD_H
#include "util/opts.h"

extern const jg_cmd_spec jg_cmd_facts;
extern const jg_cmd_spec jg_cmd_doctor;
extern const jg_cmd_spec jg_cmd_triage;
extern const jg_cmd_spec jg_cmd_run;
extern const jg_cmd_spec jg_cmd_claim;
extern const jg_cmd_spec jg_cmd_matrix;
extern const jg_cmd_spec jg_cmd_report;
extern const jg_cmd_spec jg_cmd_constraints;
extern const jg_cmd_spec jg_cmd_setup;
extern const jg_cmd_spec jg_cmd_lint;
extern const jg_cmd_spec jg_cmd_probe;
extern const jg_cmd_spec jg_cmd_init;
extern const jg_cmd_spec jg_cmd_policy;

/* The --policy option of every command that reads the discovered policy
 * (policy/discover.h): one help text naming the discovery order. */
#define JG_OPT_POLICY(st)                                                                          \
    JG_OPT_STR(st, policy, "policy", "FILE",                                                       \
               "policy JSON (default: $JETGATE_POLICY, else .jetgate/policy.json at the git "    \
               "root, else the embedded default; `jetgate policy` says which)")
/* --timeout SEC: one accepted range for every per-probe deadline. */
#define JG_OPT_TIMEOUT(st, help) JG_OPT_NUM(st, timeout_s, "timeout", "SEC", 0.001, 86400, help)

#endif
