/* The policy (docs/schema.md "Policy"): its root, each gate and its hooks,
 * each tier and its PyTorch pin, each waiver. Loaded and validated by
 * src/policy/policy.c (which walks these tables: a member no row declares
 * is warned about as unknown), written by `jetgate init`
 * (src/policy/scaffold.c), read by the claim, the tier matcher, the
 * matrix, the lint, the gate's hooks, the installer and the reports. Field
 * tables (schema/doc.h): a path is written here once, and a misspelled or
 * mistyped field does not compile. A path of two steps ("evidence.max_age_days")
 * is a member of a section the validator checks as an object first. */
#ifndef JG_SCHEMA_POLICY_H
#define JG_SCHEMA_POLICY_H
#include "schema/doc.h"

/* The root, its "evidence" limits, its "project" defaults and the signer
 * its attested claims accept ("attestation": src/policy/policy_attest.c). */
#define JG_POLICY_FIELDS(X, P)                                                                   \
    X(P, schema_version, "schema_version", INT)                                                   \
    X(P, evidence, "evidence", OBJ)                                                               \
    X(P, retention_days, "evidence.retention_days", INT)                                          \
    X(P, max_age_days, "evidence.max_age_days", INT)                                              \
    X(P, gates, "gates", OBJS)                                                                    \
    X(P, tiers, "tiers", OBJS)                                                                    \
    X(P, waivers, "waivers", OBJS)                                                                \
    X(P, project, "project", OBJ)                                                                 \
    X(P, python, "project.python", STR)                                                           \
    X(P, project_tier, "project.tier", STR)                                                       \
    X(P, attestation, "attestation", OBJ)                                                         \
    X(P, signer_workflow, "attestation.signer_workflow", STR)                                     \
    X(P, signer_commits, "attestation.signer_commits", STRS)
JG_DOC_DECLARE(policy, JG_POLICY_FIELDS);

/* One element of gates. A hook is an object or null (not configured). */
#define JG_GATE_FIELDS(X, P)                                                                     \
    X(P, id, "id", STR)                                                                           \
    X(P, runner_labels, "runner_labels", STRS)                                                    \
    X(P, triggers, "triggers", STRS)                                                              \
    X(P, required_checks, "required_checks", STRS)                                                \
    X(P, project_checks_opt_out, "project_checks_opt_out", STR)                                   \
    X(P, allow_unsupported, "allow_unsupported", STRS)                                            \
    X(P, not_required, "not_required", OBJ)                                                       \
    X(P, hooks, "hooks", OBJ)                                                                     \
    X(P, device_auto, "hooks.device_auto", OBJ)                                                   \
    X(P, tests, "hooks.tests", OBJ)
JG_DOC_DECLARE(gate, JG_GATE_FIELDS);

/* One element of tiers. The software rows are version patterns, compared
 * in this order; the rows after cuda (cudnn, tensorrt) are optional. */
#define JG_TIER_FIELDS(X, P)                                                                     \
    X(P, id, "id", STR)                                                                           \
    X(P, level, "level", STR)                                                                     \
    X(P, name, "name", STR)                                                                       \
    X(P, runner_labels, "runner_labels", STRS)                                                    \
    X(P, hardware, "hardware", OBJ)                                                               \
    X(P, module_parts, "hardware.module_parts", STRS)                                             \
    X(P, memory_class, "hardware.memory_class", STR)                                              \
    X(P, soc, "hardware.soc", STR)                                                                \
    X(P, compute_capability, "hardware.compute_capability", STR)                                  \
    X(P, software, "software", OBJ)                                                               \
    X(P, jetpack, "software.jetpack", STR)                                                        \
    X(P, l4t, "software.l4t", STR)                                                                \
    X(P, ubuntu, "software.ubuntu", STR)                                                          \
    X(P, cuda, "software.cuda", STR)                                                              \
    X(P, cudnn, "software.cudnn", STR)                                                            \
    X(P, tensorrt, "software.tensorrt", STR)                                                      \
    X(P, pytorch, "pytorch", OBJ)                                                                 \
    X(P, bitsandbytes, "bitsandbytes", STR)                                                       \
    X(P, evidence, "evidence", STR)                                                               \
    X(P, memory_notes, "memory_notes", STR)                                                       \
    X(P, require_attestation, "require_attestation", BOOL)
JG_DOC_DECLARE(tier, JG_TIER_FIELDS);

/* Relative to a tier's pytorch pin, and to its fallback (a pin too). */
#define JG_PIN_FIELDS(X, P)                                                                      \
    X(P, kind, "kind", STR)                                                                       \
    X(P, pin, "pin", STR)                                                                         \
    X(P, torch, "torch", STR)                                                                     \
    X(P, sha256, "sha256", STR)                                                                   \
    X(P, digest, "digest", STR)                                                                   \
    X(P, fallback, "fallback", OBJ)                                                               \
    X(P, torchvision, "torchvision", OBJ)                                                         \
    X(P, torchaudio, "torchaudio", OBJ)
JG_DOC_DECLARE(pin, JG_PIN_FIELDS);

/* Relative to a pin's torchvision / torchaudio: the build installed beside
 * torch (a PyPI one requires its own torch and would replace the vendor
 * build). version is its __version__; pin the wheel (URL or path) setup
 * --wheel must match, with its sha256; both null for a container's. */
#define JG_COMPANION_FIELDS(X, P)                                                                \
    X(P, version, "version", STR)                                                                 \
    X(P, pin, "pin", STR)                                                                         \
    X(P, sha256, "sha256", STR)
JG_DOC_DECLARE(companion, JG_COMPANION_FIELDS);

/* One element of waivers. */
#define JG_WAIVER_FIELDS(X, P)                                                                   \
    X(P, gate, "gate", STR)                                                                       \
    X(P, tier, "tier", STR)                                                                       \
    X(P, reason, "reason", STR)                                                                   \
    X(P, issue, "issue", STR)                                                                     \
    X(P, opened, "opened", STR)                                                                   \
    X(P, expires, "expires", STR)
JG_DOC_DECLARE(waiver, JG_WAIVER_FIELDS);

/* Relative to one hook of a gate (docs/schema.md "Project hooks"); junit
 * only in tests. */
#define JG_HOOK_FIELDS(X, P)                                                                     \
    X(P, command, "command", STR)                                                                 \
    X(P, junit, "junit", STR)
JG_DOC_DECLARE(hook, JG_HOOK_FIELDS);

/* A member whose value is documentation only, accepted in every object of
 * the policy (JSON has no comments; `jetgate init` describes fields with it). */
#define JG_POLICY_COMMENT_KEY "$comment"

#endif
