/* The evidence record v1 (docs/schema.md "Evidence record v1"): the in-toto
 * envelope, its subjects, the predicate, the platform summary (checks and
 * counts: schema/check.h). Written by src/evidence/write.c, read by
 * src/evidence/read.c (which types every row, in table order), the claim,
 * the tier matcher, the reports and the doctor. Field tables
 * (schema/doc.h): a path is written here once, and a misspelled or
 * mistyped field does not compile. */
#ifndef JG_SCHEMA_EVIDENCE_H
#define JG_SCHEMA_EVIDENCE_H
#include <stddef.h>

#include "schema/doc.h"
#include "schema/facts.h"

/* The Statement itself. */
#define JG_STATEMENT_FIELDS(X, P)                                                                \
    X(P, type, "_type", STR)                                                                      \
    X(P, subject, "subject", OBJS)                                                                \
    X(P, predicate_type, "predicateType", STR)                                                    \
    X(P, predicate, "predicate", OBJ)
JG_DOC_DECLARE(stmt, JG_STATEMENT_FIELDS);

/* One element of subject. */
#define JG_SUBJECT_FIELDS(X, P)                                                                  \
    X(P, name, "name", STR)                                                                       \
    X(P, digest, "digest", OBJ)                                                                   \
    X(P, git_commit, "digest.gitCommit", STR)
JG_DOC_DECLARE(subject, JG_SUBJECT_FIELDS);

/* Relative to the predicate. Its objects have tables of their own: tool,
 * commit, run and platform below, each check and counts in schema/check.h.
 * The gate's verdict is a predicate's status, reasons and counts. */
#define JG_PREDICATE_FIELDS(X, P)                                                                \
    X(P, gate, "gate", STR)                                                                       \
    X(P, status, "status", STR)                                                                   \
    X(P, started_at, "started_at", STR)                                                           \
    X(P, finished_at, "finished_at", STR)                                                         \
    X(P, reasons, "reasons", STRS)                                                                \
    X(P, tool, "tool", OBJ)                                                                       \
    X(P, commit, "commit", OBJ)                                                                   \
    X(P, run, "run", OBJ)                                                                         \
    X(P, platform, "platform", OBJ)                                                               \
    X(P, checks, "checks", OBJS)                                                                  \
    X(P, counts, "counts", OBJ)
JG_DOC_DECLARE(pred, JG_PREDICATE_FIELDS);

#define JG_TOOL_FIELDS(X, P)                                                                     \
    X(P, name, "name", STR)                                                                       \
    X(P, version, "version", STR)
JG_DOC_DECLARE(tool, JG_TOOL_FIELDS);

/* The tested commit (docs/schema.md says where each value comes from). */
#define JG_COMMIT_FIELDS(X, P)                                                                   \
    X(P, sha, "sha", STR)                                                                         \
    X(P, source, "source", STR)                                                                   \
    X(P, repository, "repository", STR)                                                           \
    X(P, dirty, "dirty", BOOL)
JG_DOC_DECLARE(commit, JG_COMMIT_FIELDS);

/* The CI run, from GITHUB_* variables. */
#define JG_RUN_FIELDS(X, P)                                                                      \
    X(P, workflow, "workflow", STR)                                                               \
    X(P, event, "event", STR)                                                                     \
    X(P, run_id, "run_id", STR)                                                                   \
    X(P, run_attempt, "run_attempt", STR)                                                         \
    X(P, ref, "ref", STR)                                                                         \
    X(P, runner_labels, "runner_labels", STRS)
JG_DOC_DECLARE(run, JG_RUN_FIELDS);

/* Relative to predicate.platform: what the run identified, every unknown
 * value null. */
#define JG_PLATFORM_FIELDS(X, P)                                                                 \
    X(P, arch, "arch", STR)                                                                       \
    X(P, module_part, "module_part", STR)                                                         \
    X(P, module_name, "module_name", STR)                                                         \
    X(P, memory_class, "memory_class", STR)                                                       \
    X(P, soc, "soc", STR)                                                                         \
    X(P, compute_capability, "compute_capability", STR)                                           \
    X(P, l4t, "l4t", STR)                                                                         \
    X(P, jetpack, "jetpack", STR)                                                                 \
    X(P, os, "os", STR)                                                                           \
    X(P, cuda_toolkit, "cuda_toolkit", STR)                                                       \
    X(P, cudnn, "cudnn", STR)                                                                     \
    X(P, tensorrt, "tensorrt", STR)                                                               \
    X(P, gpu_name, "gpu_name", STR)                                                               \
    X(P, torch, "torch", STR)                                                                     \
    X(P, torch_cuda, "torch_cuda", STR)                                                           \
    X(P, torchvision, "torchvision", STR)                                                         \
    X(P, torchaudio, "torchaudio", STR)                                                           \
    X(P, identified_by, "identified_by", STR)                                                     \
    X(P, container_digest, "container_digest", STR)                                               \
    X(P, is_jetson, "is_jetson", BOOL)                                                            \
    X(P, driver_version, "driver_version", INT)                                                   \
    X(P, raw, "raw", OBJ)                                                                         \
    X(P, raw_nv_tegra_release, "raw.nv_tegra_release", STR)                                       \
    X(P, raw_model, "raw.model", STR)                                                             \
    X(P, fact_status, "fact_status", OBJ)
JG_DOC_DECLARE(platform, JG_PLATFORM_FIELDS);

/* The platform fields that come straight from one fact of the facts
 * document: X(platform field, TYPE, facts field, kind). TYPE is the platform
 * row's and FACT_<TYPE> the fact's, so a row pairing fields of different
 * types does not compile; kind: 'v' version-like, 't' free text (scrubbed
 * as such), 'b' boolean. The record's writer copies each fact to its field
 * and its status to fact_status (src/evidence/write.c); the doctor reads a
 * record back into the same facts (src/doctor/triage/report_evidence.c). */
#define JG_PLATFORM_FACT_ROWS(X)                                                                 \
    X(arch, STR, host_arch, 'v')                                                                  \
    X(is_jetson, BOOL, jetson_is_jetson, 'b')                                                     \
    X(module_part, STR, module_part_number, 'v')                                                  \
    X(module_name, STR, module_name, 't')                                                         \
    X(memory_class, STR, module_memory_class, 't')                                                \
    X(soc, STR, module_soc, 'v')                                                                  \
    X(compute_capability, STR, module_compute_capability, 'v')                                    \
    X(identified_by, STR, module_identified_by, 'v')                                              \
    X(l4t, STR, l4t_version, 'v')                                                                 \
    X(jetpack, STR, jetpack_version, 'v')                                                         \
    X(os, STR, host_os_pretty_name, 't')                                                          \
    X(cuda_toolkit, STR, cuda_toolkit, 'v')                                                       \
    X(cudnn, STR, cuda_cudnn, 'v')                                                                \
    X(tensorrt, STR, cuda_tensorrt, 'v')

typedef struct jg_platform_fact {
    enum jgf_platform key; /* the platform field */
    jg_ff field;           /* the fact */
    char kind;
} jg_platform_fact;
#define JG__PF_ONE(pfield, type, ffield, kind) +1
#define JG_PLATFORM_NFACTS ((size_t)(0 JG_PLATFORM_FACT_ROWS(JG__PF_ONE)))
extern const jg_platform_fact jg_platform_facts[JG_PLATFORM_NFACTS];

#endif
