/* Tier matching: which tier a platform belongs to, and every way in which it
 * does not. A Jetson tier is never satisfied by "ARM64" alone: the module part,
 * SoC, compute capability, L4T and JetPack must all agree. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy/policy.h"
#include "policy/tier_match.h"
#include "schema/evidence.h"
#include "schema/policy.h"
#include "util/version.h"
#include "util/json.h"
#include "util/strs.h"

/* digits, then (dot digits)*; returns the length consumed, 0 when none. */
static size_t dotted_len(const char *s)
{
    return jg_dotted_parse(s, NULL);
}

bool jg_version_is_exact(const char *pattern)
{
    return pattern && *pattern && dotted_len(pattern) == strlen(pattern);
}

bool jg_version_pattern_ok(const char *pattern)
{
    if (!pattern || !*pattern)
        return false;
    size_t n = dotted_len(pattern), len = strlen(pattern);
    if (n == 0)
        return false;
    if (n == len)
        return true;
    if (strcmp(pattern + n, ".x") == 0)
        return true;
    return strcmp(pattern + n, "+") == 0 && strchr(pattern, '.') == NULL;
}

bool jg_version_matches(const char *pattern, const char *version)
{
    if (!jg_version_pattern_ok(pattern) || !jg_version_is_exact(version))
        return false;
    size_t n = dotted_len(pattern), len = strlen(pattern);
    if (n == len)
        return strcmp(pattern, version) == 0;
    if (pattern[n] == '+')
        return jg_dotted_part(version, 0) >= jg_dotted_part(pattern, 0);
    /* "5.1.x": the version starts with "5.1." */
    return strncmp(pattern, version, n) == 0 && version[n] == '.';
}

__attribute__((format(printf, 3, 4))) void jg_tier_miss(struct matcher *m, const char *code,
                                                       const char *fmt, ...)
{
    m->count++;
    if (!m->fn)
        return;
    char text[320];
    JG_FORMAT_VARGS(text, fmt);
    m->fn(m->ctx, code, text);
}

const char *jg_tier_shown(const char *s)
{
    return s ? s : "unknown";
}

static void match_identity(struct matcher *m, const json_t *platform)
{
    const char *arch = JG_STR(platform, platform, arch);
    if (!arch || strcmp(arch, "aarch64") != 0)
        jg_tier_miss(m, "arch_not_aarch64",
             "platform arch is %s: evidence from a non-aarch64 host never satisfies a Jetson tier",
             jg_tier_shown(arch));
    if (JG_BOOL(platform, platform, is_jetson) != 1)
        jg_tier_miss(m, "not_jetson",
             "platform is not identified as a Jetson: evidence from a generic arm64 host shows "
             "only that code imports");
}

static void match_hardware(struct matcher *m, const json_t *tier, const json_t *platform)
{
    const char *part = JG_STR(platform, platform, module_part);
    if (!jg_json_list_has(JG_NODE(tier, tier, module_parts), part))
        jg_tier_miss(m, "module_mismatch", "module part %s is not one the tier accepts",
                     jg_tier_shown(part));
    const char *want_soc = JG_STR(tier, tier, soc);
    const char *soc = JG_STR(platform, platform, soc);
    if (!soc || strcmp(soc, want_soc) != 0)
        jg_tier_miss(m, "soc_mismatch", "SoC %s, the tier needs %s", jg_tier_shown(soc), want_soc);
    const char *want_cc = JG_STR(tier, tier, compute_capability);
    const char *cc = JG_STR(platform, platform, compute_capability);
    if (!cc || strcmp(cc, want_cc) != 0)
        jg_tier_miss(m, "cc_mismatch", "compute capability %s, the tier needs %s",
                     jg_tier_shown(cc), want_cc);
    /* A tier with a null memory class (modules of several sizes) names no constraint. */
    const char *want_mem = JG_STR(tier, tier, memory_class);
    const char *mem = JG_STR(platform, platform, memory_class);
    if (want_mem && (!mem || strcmp(mem, want_mem) != 0))
        jg_tier_miss(m, "memory_class_mismatch", "memory class %s, the tier needs %s",
                     jg_tier_shown(mem), want_mem);
}

int jg_tier_match_platform(const json_t *tier, const json_t *platform, jg_mismatch_fn on_mismatch,
                           void *ctx)
{
    struct matcher m = {on_mismatch, ctx, 0};
    json_t *empty = json_is_object(platform) ? NULL : json_object();
    if (empty)
        platform = empty; /* every field then reads as unknown: all mismatch */
    match_identity(&m, platform);
    match_hardware(&m, tier, platform);
    jg_tier_match_software(&m, tier, platform);
    json_decref(empty);
    return m.count;
}

/* Identity and hardware only: the tier this machine is, whatever software
 * it runs (the gate judges bitsandbytes by it; the claim compares the rest). */
const json_t *jg_policy_tier_for_hardware(const json_t *policy, const json_t *platform)
{
    const json_t *tiers = JG_OBJS(policy, policy, tiers);
    for (size_t i = 0; json_is_object(platform) && i < json_array_size(tiers); i++) {
        struct matcher m = {NULL, NULL, 0};
        match_identity(&m, platform);
        match_hardware(&m, json_array_get(tiers, i), platform);
        if (m.count == 0)
            return json_array_get(tiers, i);
    }
    return NULL;
}

const json_t *jg_policy_tier_for_platform(const json_t *policy, const json_t *platform)
{
    const json_t *tiers = JG_OBJS(policy, policy, tiers);
    for (size_t i = 0; i < json_array_size(tiers); i++)
        if (jg_tier_match_platform(json_array_get(tiers, i), platform, NULL, NULL) == 0)
            return json_array_get(tiers, i);
    return NULL;
}
