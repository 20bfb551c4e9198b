#include "facts/module_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts/fact.h"
#include "facts/sections.h"
#include "schema/facts.h"
#include "util/json.h"
#include "util/sysroot.h"

const char *jg_mounted_device_tree(void)
{
    const char *env = getenv("JETGATE_DEVICE_TREE");
    if (env && *env)
        return env;
    struct stat st;
    return stat(JG_MOUNTED_DT_DEFAULT, &st) == 0 && S_ISDIR(st.st_mode) ? JG_MOUNTED_DT_DEFAULT
                                                                        : NULL;
}

bool jg_host_facts_valid(const json_t *doc, char *why, size_t n)
{
    const char *schema = json_string_value(json_object_get(doc, "schema"));
    if (!schema || strcmp(schema, "jetgate.facts/1") != 0) {
        snprintf(why, n, "not a jetgate facts document (schema is not \"jetgate.facts/1\")");
        return false;
    }
    if (!json_is_object(json_object_get(doc, "module"))) {
        snprintf(why, n, "no \"module\" section");
        return false;
    }
    return true;
}

/* Keeps how the module's own tree named it ("via": dt-compatible, ...), so
 * the Jetson evidence rule can still tell a module compatible from a model. */
static void set_identified_by(json_t *module, const char *how, const char *source)
{
    const char *was = jg_fact_str(module, "identified_by");
    json_t *f = jg_fact_ok(json_string(how), source);
    if (was)
        json_object_set_new(f, "via", json_string(was));
    json_object_set_new(module, "identified_by", f);
}

static bool from_host_facts(json_t *facts, const json_t *host)
{
    if (!host || !JG_FACT_STR(host, module_part_number))
        return false;
    json_t *m = json_deep_copy(json_object_get(host, "module"));
    set_identified_by(m, "host-facts", "host-facts");
    json_object_set_new(facts, "module", m);
    /* Without the runtime's injected release file the container has no L4T of its own. */
    if (!JG_FACT_STR(facts, l4t_version) && JG_FACT_STR(host, l4t_version)) {
        json_object_set(facts, "l4t", json_object_get(host, "l4t"));
        json_object_set(facts, "jetpack", json_object_get(host, "jetpack"));
    }
    return true;
}

/* Copies one property of the mounted tree into the temporary sysroot. */
static void copy_prop(const char *from_dir, const char *to_dir, const char *prop)
{
    jg_blob b;
    char from[600], to[600];
    snprintf(from, sizeof from, "%s/%s", from_dir, prop);
    snprintf(to, sizeof to, "%s/%s", to_dir, prop);
    if (jg_read_path(from, JG_CAP_SMALL, &b) == JG_R_OK) {
        FILE *f = fopen(to, "wbe"); /* e: O_CLOEXEC */
        if (f) {
            fwrite(b.data, 1, b.len, f);
            fclose(f);
        }
    }
    jg_blob_free(&b);
}

/* The facts branch reads the device tree through a sysroot: give it one that
 * holds only the mounted tree's model, compatible, nvidia,dtsfilename and
 * nvidia,boardids (never the serial). */
static bool from_mounted(json_t *facts, const char *dt)
{
    char root[] = "/tmp/jetgate-dt-XXXXXX", dir[64];
    if (!dt || !mkdtemp(root))
        return false;
    snprintf(dir, sizeof dir, "%s/proc", root);
    mkdir(dir, 0700);
    snprintf(dir, sizeof dir, "%s/proc/device-tree", root);
    mkdir(dir, 0700);
    static const char *const props[] = {"model", "compatible", "nvidia,dtsfilename",
                                        "nvidia,boardids"};
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++)
        copy_prop(dt, dir, props[i]);
    jg_root r;
    bool ok = false;
    if (jg_root_init(&r, root)) {
        json_t *none = json_pack("{s:{s:s, s:b, s:n}}", "device_tree_masked", "status", "ok",
                                 "value", 0, "source");
        json_t *m = jg_facts_module(&r, json_object_get(facts, "cuda"), none,
                                   json_object_get(facts, "l4t"));
        json_decref(none);
        if (jg_fact_str(m, "part_number") || jg_fact_str(m, "soc")) {
            set_identified_by(m, "mounted-device-tree", "mounted-device-tree");
            json_object_set_new(facts, "module", m);
            ok = true;
        } else {
            json_decref(m);
        }
        jg_root_free(&r);
    }
    char p[96];
    for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, props[i]);
        unlink(p);
    }
    rmdir(dir);
    snprintf(dir, sizeof dir, "%s/proc", root);
    rmdir(dir);
    rmdir(root);
    return ok;
}

void jg_identify_module(json_t *facts, const json_t *host_facts, const char *mounted_dt)
{
    if (JG_FACT_STR(facts, module_part_number))
        return; /* the container's (or host's) own device tree identified it */
    if (!from_host_facts(facts, host_facts) && !from_mounted(facts, mounted_dt))
        return;
    json_object_set_new(facts, "jetson", jg_facts_jetson(facts));
}
