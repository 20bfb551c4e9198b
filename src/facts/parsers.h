/* Pure parsers, one per host file format (docs/schema.md, "Facts document").
 * Each takes the bytes of one file and either fills its result and returns
 * NULL, or returns a short static reason why the text is unparsable. None of
 * them reads files, allocates without bound or trusts a NUL terminator. */
#ifndef JG_FACTS_PARSERS_H
#define JG_FACTS_PARSERS_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* etc/nv_tegra_release (jetson-facts.md §1.1). */
typedef struct jg_l4t_release {
    char line[256];  /* raw first line, without newline */
    int major, minor, patch;
    char board[64];  /* "" when the line has no BOARD field */
    json_t *extra;   /* {"KERNEL_VARIANT": "oot", ...}; caller frees */
} jg_l4t_release;
const char *jg_parse_tegra_release(const char *text, size_t len, jg_l4t_release *out);
/* How many texts this process gave it: a line is parsed once (the tests hold triage to it). */
unsigned long jg_tegra_release_parses(void);

/* var/lib/dpkg/status: installed versions ("install ok installed" only) of
 * the packages for which want(name) is true, set into out as name -> version. */
const char *jg_parse_dpkg_status(const char *text, size_t len, bool (*want)(const char *name),
                                 json_t *out);

/* etc/os-release: the three keys we report; "" when absent. */
typedef struct jg_os_release {
    char id[64], version_id[64], pretty_name[128];
} jg_os_release;
const char *jg_parse_os_release(const char *text, size_t len, jg_os_release *out);

/* proc/meminfo: one "Key:   N kB" field, in bytes. */
const char *jg_parse_meminfo(const char *text, size_t len, const char *key,
                             unsigned long long *bytes);

/* Device tree string properties. model: one NUL-terminated string;
 * compatible: a NUL-separated list, returned as a JSON array. */
const char *jg_parse_dt_model(const char *data, size_t len, char *buf, size_t size);
const char *jg_parse_dt_compatible(const char *data, size_t len, json_t **list);

/* What the compatible list says: "nvidia,<carrier>[-rev]+<module>[-rev][-super]"
 * (how = JG_DT_BY_BOARD), else a bare "nvidia,<module>" of the module table
 * (JG_DT_BY_MODULE); the first devkit/codename entry implying a module
 * family; the first "nvidia,tegraNNN". Empty strings / NULL where absent. */
#define JG_DT_BY_BOARD "dt-compatible"
#define JG_DT_BY_MODULE "dt-compatible-module"
typedef struct jg_dt_ids {
    char module[32], carrier[32], soc[32];
    char module_rev[8], carrier_rev[8];
    char other_module[32]; /* a second board entry naming another module, or "" */
    bool super;
    const char *how;
    const struct jg_family_row *family;
} jg_dt_ids;
void jg_dt_identify(const json_t *compatible, jg_dt_ids *out);
/* nvidia,dtsfilename: the module part named in the file's base name. */
bool jg_dts_module(const char *path, char *part, size_t size);
/* nvidia,boardids: board[6] "p3448", part[11] "p3448-0000" or "". */
bool jg_boardids(const char *ids, char *board, char *part);

/* usr/local/cuda/version.json ("cuda".version, else cuda_nvcc.version). */
const char *jg_parse_cuda_version_json(const char *text, size_t len, char *ver, size_t size);
/* usr/local/cuda/version.txt ("CUDA Version 10.2.300"). */
const char *jg_parse_cuda_version_txt(const char *text, size_t len, char *ver, size_t size);
/* "#define NAME <number>" in a C header: 1 found, 0 absent, -1 present but
 * not a plain number (e.g. defined through other macros). */
int jg_header_define(const char *text, size_t len, const char *name, unsigned long long *val);
/* cudnn_version.h -> "9.3.0"; NvInferVersion.h -> "10.3.0.30". */
const char *jg_parse_cudnn_header(const char *text, size_t len, char *ver, size_t size);
const char *jg_parse_tensorrt_header(const char *text, size_t len, char *ver, size_t size);

#endif
