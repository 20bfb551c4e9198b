/* The policy: evidence age limits, gates and support tiers (docs/schema.md
 * "Policy"). Loaded strictly (duplicate keys, wrong types and unknown schema
 * majors are errors naming the file and the JSON path; unknown fields are
 * warned), then used read-only as a jansson document, so every stage reads
 * the same validated data and no second model of it exists. */
#ifndef JG_POLICY_H
#define JG_POLICY_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/json.h"

#define JG_POLICY_SCHEMA_VERSION 1
#define JG_POLICY_MAX_BYTES (1024u * 1024u)
#define JG_POLICY_EMBEDDED_NAME "embedded default policy"
/* A waiver may never span more than this many days (opened -> expires). */
#define JG_WAIVER_MAX_DAYS 30

/* Load and validate the policy at path, or the embedded default when path is
 * NULL. Returns a new reference, or NULL with err holding
 * "FILE:LINE:COL: why" (syntax) or "FILE: json.path: why" (meaning); callers
 * print it with jg_err and exit 2. Unknown fields are warned on stderr. */
json_t *jg_policy_load(const char *path, jg_jerr *err);
/* Same, for text already in memory (name is used in messages). */
json_t *jg_policy_parse(const char *text, size_t len, const char *name, jg_jerr *err);
/* Validate an already parsed document; 0, or -1 with err filled. */
int jg_policy_validate(const json_t *policy, const char *name, jg_jerr *err);

/* Lookups over a validated policy; NULL when absent. */
const json_t *jg_policy_gate(const json_t *policy, const char *gate_id);
const json_t *jg_policy_tier(const json_t *policy, const char *tier_id);
int jg_policy_max_age_days(const json_t *policy);
int jg_policy_retention_days(const json_t *policy);

/* The first tier whose hardware and software match an evidence-style
 * platform object (docs/schema.md "Evidence record", predicate.platform):
 * aarch64, is_jetson, module part, SoC, compute capability, L4T and JetPack.
 * NULL when none matches. x86_64 or non-Jetson platforms never match. */
const json_t *jg_policy_tier_for_platform(const json_t *policy, const json_t *platform);

/* The first tier whose identity and hardware (aarch64, Jetson, module part,
 * SoC, compute capability, memory class where named) match; software aside.
 * NULL when none does. */
const json_t *jg_policy_tier_for_hardware(const json_t *policy, const json_t *platform);

/* Tier version patterns: "36.4.3" (exact), "7.x" / "5.1.x" (any patch below
 * the prefix), "38+" (that major or later). */
bool jg_version_matches(const char *pattern, const char *version);
/* True when the pattern names one exact version (digits and dots only). */
bool jg_version_is_exact(const char *pattern);
/* True when pattern has one of the three forms above. */
bool jg_version_pattern_ok(const char *pattern);

/* Compare a tier with a platform; calls on_mismatch (when not NULL) once per
 * difference with a stable code ("arch_not_aarch64", "not_jetson",
 * "module_mismatch", "soc_mismatch", "cc_mismatch", "memory_class_mismatch",
 * "l4t_mismatch", "jetpack_mismatch", "ubuntu_mismatch", "cuda_mismatch",
 * "cudnn_mismatch", "tensorrt_mismatch", "l4t_release_line_contradicts",
 * "gpu_name_contradicts", "torch_not_cuda", "torch_pin_mismatch",
 * "torchvision_pin_mismatch", "torchaudio_pin_mismatch") and a sentence. A missing or null platform value is a mismatch. Returns the
 * number of mismatches. This is the one tier matcher: run's verdict, claim,
 * report and matrix all use it. */
typedef void (*jg_mismatch_fn)(void *ctx, const char *code, const char *text);
int jg_tier_match_platform(const json_t *tier, const json_t *platform, jg_mismatch_fn on_mismatch,
                           void *ctx);

/* Whether a check id is one of the stable ids of docs/schema.md. */
bool jg_policy_known_check(const char *check_id);

#endif
