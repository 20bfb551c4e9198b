/* The cuda section: toolkit (version.json, version.txt for <= 10.2, the
 * usr/local/cuda link), cuDNN (header, then dpkg) and TensorRT (dpkg, then
 * header). "missing" means not installed, distinct from "unreadable". */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/parsers.h"
#include "facts/sections.h"
#include "facts/text.h"

#define CUDA_LINK "usr/local/cuda"

typedef const char *(*version_parser)(const char *text, size_t len, char *ver, size_t size);

/* Parse one file; NULL when the file is missing (so the caller tries the next). */
static json_t *from_file(const jg_root *r, const char *rel, version_parser parse)
{
    jg_blob b;
    json_t *f = jg_fact_read(r, rel, JG_CAP_LARGE, &b);
    if (f && strcmp(jg_fact_status(f), "missing") == 0) {
        json_decref(f);
        return NULL;
    }
    if (f)
        return f;
    char ver[64];
    const char *why = parse(b.data, b.len, ver, sizeof ver);
    jg_blob_free(&b);
    return why ? jg_fact_unparsable(rel, why) : jg_fact_ok(json_string(ver), rel);
}

/* Last component of where the link finally points, the chain followed inside
 * the root ("/usr/local/cuda" -> /etc/alternatives/cuda -> "cuda-12.6" on
 * Ubuntu's alternatives); the first target's when the chain dangles. */
static json_t *toolkit_link(const jg_root *r)
{
    char *t = jg_readlink(r, CUDA_LINK);
    if (!t) {
        struct stat st;
        int rc = jg_lstat(r, CUDA_LINK, &st);
        return rc == -ENOENT || rc == -ENOTDIR ? jg_fact_missing(CUDA_LINK)
                                               : jg_fact_unknown(CUDA_LINK, "not a symbolic link");
    }
    char *end = jg_root_path(r, CUDA_LINK, true);
    if (end && r->live) {
        char *real = realpath(end, NULL);
        free(end);
        end = real;
    }
    struct stat st;
    const char *name = end && stat(end, &st) == 0 ? end : t;
    const char *base = strrchr(name, '/');
    json_t *f = jg_fact_string(base ? base + 1 : name, CUDA_LINK);
    free(end);
    free(t);
    return f;
}

/* "cuda-12.6" -> "12.6". */
static json_t *toolkit_from_link(const json_t *link)
{
    const char *t = json_string_value(jg_fact_value(link));
    if (!t)
        return json_deep_copy(link);
    if (strncmp(t, "cuda-", 5) != 0 || !jg_is_version(t + 5))
        return jg_fact_unparsable(CUDA_LINK, "link target is not cuda-<version>");
    return jg_fact_ok(json_string(t + 5), CUDA_LINK);
}

static json_t *toolkit(const jg_root *r, const json_t *link)
{
    json_t *f = from_file(r, CUDA_LINK "/version.json", jg_parse_cuda_version_json);
    if (!f)
        f = from_file(r, CUDA_LINK "/version.txt", jg_parse_cuda_version_txt);
    return f ? f : toolkit_from_link(link);
}

/* cudnn_version.h, else the versioned alternatives (highest name last). */
static json_t *cudnn_header(const jg_root *r)
{
    json_t *f = from_file(r, "usr/include/cudnn_version.h", jg_parse_cudnn_header);
    if (f)
        return f;
    char **names;
    int n = jg_listdir(r, "usr/include/aarch64-linux-gnu", &names);
    for (int i = n - 1; i >= 0 && !f; i--) {
        if (strncmp(names[i], "cudnn_version_v", 15) != 0)
            continue;
        char rel[320];
        snprintf(rel, sizeof rel, "usr/include/aarch64-linux-gnu/%s", names[i]);
        f = from_file(r, rel, jg_parse_cudnn_header);
    }
    if (n > 0)
        jg_free_names(names, n);
    return f;
}

/* dpkg version "9.3.0.75-1" -> "9.3.0.75". */
static json_t *from_dpkg(const jg_dpkg *d, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        json_t *f = jg_dpkg_fact(d, names[i]);
        const char *v = json_string_value(jg_fact_value(f));
        if (v) {
            char ver[64];
            size_t k = strcspn(v, "-");
            snprintf(ver, sizeof ver, "%.*s", (int)(k < 63 ? k : 63), v);
            json_object_set_new(f, "value", json_string(ver));
            return f;
        }
        json_decref(f);
    }
    return NULL;
}

static json_t *cudnn(const jg_root *r, const jg_dpkg *d)
{
    static const char *const pkgs[] = {"libcudnn9-cuda-13", "libcudnn9-cuda-12", "libcudnn9",
                                       "libcudnn8", "libcudnn7"};
    json_t *f = cudnn_header(r);
    if (!f)
        f = from_dpkg(d, pkgs, sizeof pkgs / sizeof pkgs[0]);
    return f ? f : jg_fact_missing("usr/include/cudnn_version.h");
}

static json_t *tensorrt(const jg_root *r, const jg_dpkg *d)
{
    static const char *const pkgs[] = {"tensorrt", "libnvinfer10", "libnvinfer8", "libnvinfer7"};
    json_t *f = from_dpkg(d, pkgs, sizeof pkgs / sizeof pkgs[0]);
    if (!f)
        f = from_file(r, "usr/include/aarch64-linux-gnu/NvInferVersion.h", jg_parse_tensorrt_header);
    return f ? f : jg_fact_missing("dpkg:tensorrt");
}

json_t *jg_facts_cuda(const jg_root *r, const jg_dpkg *d)
{
    json_t *cuda = json_object();
    json_t *link = toolkit_link(r);
    json_object_set_new(cuda, "toolkit", toolkit(r, link));
    json_object_set_new(cuda, "toolkit_link", link);
    json_object_set_new(cuda, "cudnn", cudnn(r, d));
    json_object_set_new(cuda, "tensorrt", tensorrt(r, d));
    return cuda;
}
