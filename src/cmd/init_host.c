/* `jetgate init --tier-from-host`: the tier this Jetson is, written from what
 * jetgate reads on it (module, SoC, memory class, JetPack, L4T, Ubuntu, CUDA)
 * and the torch its interpreter imports (version, RECORD sha256). A fact the
 * host does not tell stops init with its name: a tier is never guessed. */
#include "cmd/init_host.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/collect.h"
#include "install/setup.h"
#include "schema/facts.h"
#include "schema/policy.h"
#include "util/json.h"

/* "12.6.68" -> "12.6": a tier's software rows are major.minor patterns. */
static void major_minor(const char *v, char *out, size_t n)
{
    const char *dot = strchr(v, '.');
    const char *end = dot ? strchr(dot + 1, '.') : NULL;
    snprintf(out, n, "%.*s", end ? (int)(end - v) : (int)strlen(v), v);
}

static json_t *hardware(const json_t *facts)
{
    json_t *h = json_object();
    json_object_set_new(h, "module_parts", json_pack("[s]", JG_FACT_STR(facts, module_part_number)));
    json_object_set_new(h, "memory_class", json_string(JG_FACT_STR(facts, module_memory_class)));
    json_object_set_new(h, "soc", json_string(JG_FACT_STR(facts, module_soc)));
    json_object_set_new(h, "compute_capability",
                        json_string(JG_FACT_STR(facts, module_compute_capability)));
    return h;
}

static json_t *software(const json_t *facts)
{
    char cuda[32];
    major_minor(JG_FACT_STR(facts, cuda_toolkit), cuda, sizeof cuda);
    return json_pack("{s:s, s:s, s:s, s:s}", "jetpack", JG_FACT_STR(facts, jetpack_version), "l4t",
                     JG_FACT_STR(facts, l4t_version), "ubuntu",
                     JG_FACT_STR(facts, host_os_version_id), "cuda", cuda);
}

/* The first fact a tier needs that the host does not tell, or NULL. */
static const char *missing_fact(const json_t *facts)
{
    static const struct { jg_ff field; const char *name; } need[] = {
        {JG_FF_module_part_number, "module part number"},
        {JG_FF_module_memory_class, "memory class"},
        {JG_FF_module_soc, "SoC"},
        {JG_FF_module_compute_capability, "compute capability"},
        {JG_FF_jetpack_version, "JetPack"},
        {JG_FF_l4t_version, "L4T"},
        {JG_FF_host_os_version_id, "Ubuntu version"},
        {JG_FF_cuda_toolkit, "CUDA toolkit"},
    };
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (!jg_ff_str(facts, need[i].field))
            return need[i].name;
    return NULL;
}

/* module.__version__ as the gate's probe records it (a claim compares that),
 * which may be shorter than the distribution's version. */
static bool imported_version(const char *python, const char *module, char *out, size_t n,
                             char *why, size_t wn)
{
    char code[160];
    snprintf(code, sizeof code, "import %s as m; print(m.__version__)", module);
    char *const argv[] = {(char *)python, "-c", code, NULL};
    char *text = NULL;
    if (jg_setup_exec(argv, 300, &text, why, wn) < 0)
        return false;
    snprintf(out, n, "%.*s", (int)strcspn(text ? text : "", "\r\n"), text ? text : "");
    free(text);
    if (out[0] == '\0') /* it exited 0 yet printed nothing: a wrapper that hides the status */
        snprintf(why, wn, "%s printed no %s.__version__", python, module);
    return out[0] != '\0';
}

/* The installed torch as an exact pin; the wheel's own sha256 is not on the
 * host (pip keeps no copy), so the comment says where the RECORD digest came
 * from and what to add for `setup --wheel`. */
static json_t *torch_pin(const char *python, json_t *comment, char *why, size_t n)
{
    char v[160], pin[200], line[800];
    json_t *fp = jg_torch_fingerprint(python, why, n);
    if (!fp || !imported_version(python, "torch", v, sizeof v, why, n)) {
        json_decref(fp);
        return NULL;
    }
    const char *dist = jg_json_str(fp, "version");
    snprintf(pin, sizeof pin, "torch==%s", dist ? dist : v);
    snprintf(line, sizeof line, "pytorch: torch %s (distribution %s) as installed at %s (RECORD "
             "sha256 %s, %lld files); pin is that distribution: put NVIDIA's wheel URL and its "
             "sha256 there for `jetgate setup --wheel`", v, dist ? dist : "?",
             jg_json_str(fp, "site"), jg_json_str(fp, "record_sha256"),
             (long long)json_integer_value(json_object_get(fp, "files_hashed")));
    json_array_append_new(comment, json_string(line));
    json_decref(fp);
    json_t *p = json_pack("{s:s, s:s, s:s, s:n}", "kind", "wheel", "pin", pin, "torch", v, "sha256");
    /* The torchvision installed beside it, when there is one: the build setup keeps. */
    char tv[160], twhy[256];
    if (p && imported_version(python, "torchvision", tv, sizeof tv, twhy, sizeof twhy))
        json_object_set_new(p, "torchvision", json_pack("{s:s, s:n, s:n}", "version", tv, "pin",
                                                        "sha256"));
    return p;
}

json_t *jg_init_host_tier(const char *root, const char *python, const char *id, char *why,
                          size_t n)
{
    jg_collect_opts fo = {.root = root, .python = NULL, .probe_cuda = false};
    json_t *facts = jg_facts_collect(&fo);
    if (!facts)
        return snprintf(why, n, "cannot read the platform under %s", root ? root : "/"), NULL;
    const char *gap = JG_FACT_BOOL(facts, jetson_is_jetson) == 1 ? missing_fact(facts) : NULL;
    if (JG_FACT_BOOL(facts, jetson_is_jetson) != 1 || gap) {
        if (gap)
            snprintf(why, n, "this host does not tell its %s (`jetgate facts` shows why): write "
                     "the tier by hand (docs/schema.md, \"Policy\")", gap);
        else
            snprintf(why, n, "this host is not a Jetson (`jetgate facts` shows why)");
        json_decref(facts);
        return NULL;
    }
    json_t *comment = json_pack("[s]", "Written by `jetgate init --tier-from-host` from this "
                                       "host's facts (`jetgate facts`).");
    json_t *pt = torch_pin(python, comment, why, n);
    char name[200];
    snprintf(name, sizeof name, "%s (JetPack %s)", JG_FACT_STR(facts, module_name)
             ? JG_FACT_STR(facts, module_name) : JG_FACT_STR(facts, module_part_number),
             JG_FACT_STR(facts, jetpack_version));
    json_t *t = pt ? json_pack("{s:o, s:s, s:s, s:s, s:[], s:o, s:o, s:o, s:s, s:s, s:s}",
                               JG_POLICY_COMMENT_KEY, comment, "id", id, "level", "target",
                               "name", name, "runner_labels", "hardware", hardware(facts),
                               "software", software(facts), "pytorch", pt, "bitsandbytes",
                               "unsupported", "evidence",
                               "green jetson-runtime evidence on the exact commit, from this "
                               "module and JetPack", "memory_notes",
                               "Unified memory is shared by the OS, CUDA, the weights and the "
                               "page cache: validate with small models first.")
                   : NULL;
    if (!pt)
        json_decref(comment);
    json_decref(facts);
    return t;
}
