/* What every rule file shares: the rule signature, evidence builders and the
 * platform-specific fix texts (all taken from jetson-facts.md). A rule is a
 * pure function: it reads the view and appends findings, nothing else. */
#ifndef JG_DOCTOR_RULE_H
#define JG_DOCTOR_RULE_H
#include <jansson.h>
#include <stdbool.h>

#include "doctor/engine/finding.h"
#include "doctor/engine/view.h"

typedef void (*jg_rule_fn)(const jg_view *v, jg_finding_list *findings);

/* The rule table (rules.c), in no particular order: findings are sorted after. */
extern const jg_rule_fn jg_rules[];
extern const size_t jg_rules_count;

/* Evidence: "path = value" strings; a facts field prints its path from the
 * table (schema/facts_fields.h). */
json_t *jg_ev_new(void);
/* A field, printed by its kind in the table: a fact as its value when ok,
 * else its status ("cuda.toolkit = missing"); a plain (probe) value as
 * compact JSON ("python.torch.cuda = null"). */
void jg_ev_field(json_t *ev, const jg_view *v, jg_ff field);
/* Does the field hold a value (an ok fact's, or a plain one other than null)? */
bool jg_known(const jg_view *v, jg_ff field);
/* Each of fields, a list that JG_FF_COUNT ends. */
void jg_ev_fields(json_t *ev, const jg_view *v, const jg_ff *fields);
/* New evidence: just these fields. */
json_t *jg_ev_of(const jg_view *v, const jg_ff *fields);
/* A fact that corroborates what a signal showed: quoted when holds, and the
 * confidence that follows (high with it, medium on the signal alone). */
enum jg_confidence jg_ev_corroborate(json_t *ev, const jg_view *v, jg_ff field, bool holds);
/* An observed item from a pasted report ({"line", "text"}). */
void jg_ev_seen(json_t *ev, const char *what, const json_t *item);
/* Add spec's finding with one observed item (what = the item's line) as evidence. */
void jg_finding_add_seen(jg_finding_list *out, const jg_finding_spec *spec, const char *what,
                         const json_t *item);
void jg_ev_printf(json_t *ev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Platform predicates. */
bool jg_on_jetson(const jg_view *v);      /* a Jetson, or at least L4T user space */
/* jg_on_jetson, or the paste hints at one (L4T, JetPack, tegrastats, CSV mode). */
bool jg_jetson_seen(const jg_view *v);
bool jg_on_aarch64(const jg_view *v);     /* aarch64 known, or a Jetson */
bool jg_torch_nv_build(const char *version);   /* "+nv" / ".nv" local tag */
bool jg_torch_cu_tag(const char *version);     /* "+cu126", "+cu130" */
/* A build for CUDA by its local tag: NVIDIA's (nv, +l4t) or a +cu wheel. */
bool jg_torch_vendor_tag(const char *version);
/* nvYY.MM tag of a Jetson torch build -> JetPack major it was built for (facts.md 4.1); 0 unknown. */
int jg_torch_nv_jp_major(const char *version);
/* A container is evidenced: facts say so, or the paste shows docker run/build,
 * an image, a shell in a container (docker exec), or the NVIDIA runtime's
 * mount lists. */
bool jg_container_evidenced(const jg_view *v);
/* An NVIDIA GPU is evidenced: a device the driver, deviceQuery, nvidia-smi or
 * torch named, a compute capability, a driver version, or a GPU model named. */
bool jg_nvidia_gpu_evidenced(const jg_view *v);
/* CUDA driver version this host offers: the driver probe, else the JetPack table. */
int jg_host_driver_version(const jg_view *v);

/* Fix texts for this platform (static strings). */
const char *jg_fix_torch(const jg_view *v);
const char *jg_fix_groups(void);

/* observed.<list> as an array, or NULL (json_array_foreach and
 * json_array_size take NULL): JG_VIEW_LIST(v, images). */
#define JG_VIEW_LIST(v, name) JG_OBS_LIST((v)->observed, name)
/* The first item of a list for which match(item, arg) holds, or NULL. */
typedef bool (*jg_item_match)(const json_t *item, const void *arg);
const json_t *jg_first_item(const json_t *list, jg_item_match match, const void *arg);
/* The first missing library whose soname starts with one of prefixes
 * (NULL-terminated), or NULL. */
const json_t *jg_missing_library(const jg_view *v, const char *const prefixes[]);
/* The first container image of the input whose tag names an L4T release, or NULL. */
const jg_image_l4t *jg_image_with_l4t(const jg_view *v);

#endif
