/* The sections of the facts document, one builder per file (collect_*.c).
 * Order matters only where a section reads an earlier one: packages first,
 * then host, l4t, jetpack, cuda, gpu, container, module, jetson. */
#ifndef JG_FACTS_SECTIONS_H
#define JG_FACTS_SECTIONS_H
#include <jansson.h>
#include <stdbool.h>

#include "facts/collect.h"
#include "util/sysroot.h"

/* dpkg: the installed Jetson-relevant packages and how the status file read. */
typedef struct jg_dpkg {
    json_t *installed; /* name -> version string */
    json_t *file;      /* fact about var/lib/dpkg/status; value null */
} jg_dpkg;
void jg_dpkg_load(const jg_root *r, jg_dpkg *d);
void jg_dpkg_free(jg_dpkg *d);
/* Version fact of one package: ok, "missing" (not installed), or the status
 * file's own failure when it could not be read. */
json_t *jg_dpkg_fact(const jg_dpkg *d, const char *name);
/* The "packages" section: name -> fact. */
json_t *jg_dpkg_section(const jg_dpkg *d);
/* Is this package one the facts report? */
bool jg_dpkg_wanted(const char *name);

json_t *jg_facts_host(const jg_root *r);
json_t *jg_facts_l4t(const jg_root *r, const jg_dpkg *d);
json_t *jg_facts_jetpack(const json_t *l4t, const jg_dpkg *d);
/* module.flash_config from /etc/nv_boot_control.conf (collect_flash.c), and module.super
 * from it where the device tree names no board entry. */
json_t *jg_flash_config(const jg_root *r);
void jg_flash_super(json_t *module);
/* After the module section: "agrees" false where the release does not support its SoC. */
void jg_jetpack_check_module(json_t *jetpack, const json_t *l4t, const json_t *module);
json_t *jg_facts_cuda(const jg_root *r, const jg_dpkg *d);
json_t *jg_facts_gpu(const jg_root *r);
/* arch: host.arch when known, else NULL. */
json_t *jg_facts_container(const jg_root *r, const json_t *gpu, const char *arch);
json_t *jg_facts_module(const jg_root *r, const json_t *cuda, const json_t *container,
                        const json_t *l4t);
/* The device-tree properties the module identity reads (facts, any status). */
typedef struct jg_dt_props {
    const json_t *compat, *model, *dtsfilename, *boardids;
} jg_dt_props;
/* Sets part_number, carrier, super, revision, name, memory_class, family,
 * soc, compute_capability and identified_by in m. cuda_major: the CUDA major
 * (toolkit, else implied by the L4T major; -1 unknown); cuda_why says which. */
void jg_module_identity(json_t *m, const jg_dt_props *p, int cuda_major, const char *cuda_why);
/* A memory class that MemTotal contradicts becomes unknown (with why). */
void jg_module_memory_check(json_t *module, const json_t *host);
json_t *jg_facts_jetson(const json_t *doc);

/* cuda_driver and python: live probes, or not_probed under --root. */
void facts_add_live_layers(json_t *doc, const jg_collect_opts *o, bool live);

#endif
