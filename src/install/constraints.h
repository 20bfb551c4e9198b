/* The install contract: keep the JetPack-matched vendor torch that NVIDIA
 * ships for a Jetson when the project is installed with pip or uv.
 * - probe: versions and build markers of torch, torchvision, torchaudio and
 *   bitsandbytes from package metadata, read by the project's interpreter in
 *   a supervised child (torch is never imported);
 * - render: a constraints file (`pip install -c`, `uv pip install
 *   --constraint`) pinning the vendor torch family and excluding
 *   bitsandbytes where the tier marks it unsupported;
 * - check: findings for an exported requirements / lock file that would
 *   replace the vendor torch or add bitsandbytes. */
#ifndef JG_CONSTRAINTS_H
#define JG_CONSTRAINTS_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/file_findings.h"

#define JG_CONSTRAINTS_TIMEOUT_S 30.0

/* The torch family (family.c): torch, torchvision, torchaudio. */
bool jg_family_member(const char *name);
/* The i-th member's name, NULL past the last. */
const char *jg_family_name(size_t i);
/* What to do when the vendor build of NAME is missing or foreign: where
 * NVIDIA's builds are, or how to build one, and where the tier pins it. */
void jg_family_remedy(const char *name, char *out, size_t n);

/* {"python": {...}, "packages": {...}} (src/python/constraints_probe.py), or
 * NULL with why filled (interpreter missing, timed out, garbage output). */
json_t *jg_install_probe(const char *python, double timeout_s, char *why, size_t n);

/* True when the probed torch is an NVIDIA Jetson build (an nvYY.MM tag, or a
 * plain-version CUDA build without nvidia-* wheel dependencies, as the
 * jetson-ai-lab index ships); otherwise why says what it is instead. */
bool jg_torch_is_vendor(const json_t *probe, char *why, size_t n);
/* The torch tier (a policy tier, or NULL) accepts (tier_torch.c): the vendor build, or
 * exactly the upstream CUDA build the tier pins where that is its JetPack's supported
 * torch (JetPack 7.2), with every nvidia-* wheel it needs installed; why says which. */
bool jg_torch_fits_tier(const json_t *probe, const json_t *tier, char *why, size_t n);
/* The same without the nvidia-* wheels: what setup checks before it installs them. */
bool jg_torch_pin_fits_tier(const json_t *probe, const json_t *tier, char *why, size_t n);
/* The wheels (space-separated) the tier's upstream CUDA pin needs from pip besides torch,
 * from the facts' channel table, or NULL; and whether the probe lacks one of them. */
const char *jg_tier_extra_wheels(const json_t *tier);
bool jg_tier_missing_wheels(const json_t *probe, const json_t *tier);
/* The nvidia-* wheels the probe lacks (torch's own nvidia-* requirements, then the
 * channel's), space-separated into out; how many. */
size_t jg_tier_missing_list(const json_t *probe, const json_t *tier, char *out, size_t n);
/* The version the channel row requires of WHEEL ("name==version"); false (ver empty)
 * when the row states none. */
bool jg_tier_wheel_version(const json_t *tier, const char *wheel, char *ver, size_t n);

/* Whether bitsandbytes must stay out: the tier's "bitsandbytes" value when
 * tier_id is given (unknown tier: error, returns -1), otherwise excluded
 * unless every tier of the policy marks it supported. 1 excluded, 0 allowed. */
int jg_bnb_excluded(const json_t *policy, const char *tier_id, char *why, size_t n);

/* A probe-shaped object holding only the torch family versions the tier
 * pins (torch, and torchvision / torchaudio where pinned beside it), so
 * --check can judge a file on a machine without the vendor torch (CPU CI):
 * a wheel pin's version (and the Python of its cpXY tag), or for a
 * container pin the "torch" version the policy records for that image.
 * NULL when the tier pins neither. */
json_t *jg_tier_pin_probe(const json_t *policy, const char *tier_id);

/* The constraints file text (malloc'd) for a vendor torch probe, or NULL
 * with why filled when a version is not a PEP 440 version (it would pin
 * nothing, or add lines) or another value is not plain text. */
char *jg_constraints_render(const json_t *probe, bool exclude_bnb, const char *bnb_why,
                            char *why, size_t n);

struct jg_check_ctx {
    const json_t *probe;  /* may be NULL (no interpreter answered) */
    bool vendor_torch;    /* probe's torch passed jg_torch_is_vendor */
    bool exclude_bnb;
    const char *source;   /* where the vendor versions come from, for messages:
                             "python3" or "tier target's pinned wheel" */
    const char *const *extras; /* --extra / --group selection, normalized */
    size_t nextras;
    const char *const *groups;
    size_t ngroups;
    bool follow_includes; /* read -r / -c / local projects from disk */
};

/* Findings (rules torch.replace, torch.local-version, index.pytorch,
 * bitsandbytes) for what installing the file with the selection would
 * put in the environment; 0, or -1 with err when it cannot be read exactly. */
int jg_constraints_check(const char *name, const char *text, size_t len,
                         const struct jg_check_ctx *c, jg_findings *out, char *err, size_t n);

#endif
