/* Version files of the CUDA toolkit, cuDNN and TensorRT (jetson-facts.md
 * §1.5-1.7). Headers are read for plain "#define NAME <number>" only: from
 * TensorRT 10.11 the version macros are defined through other macros, which
 * we report as unparsable rather than guess. */
#include <stdio.h>
#include <string.h>

#include "facts/parsers.h"
#include "facts/text.h"
#include "util/json.h"

static const char *take_version(const char *v, char *ver, size_t size)
{
    if (!v)
        return NULL;
    if (!jg_is_version(v) || strlen(v) >= size)
        return "version is not <digits>.<digits>...";
    strcpy(ver, v);
    return "";
}

const char *jg_parse_cuda_version_json(const char *text, size_t len, char *ver, size_t size)
{
    static char why[sizeof ((jg_jerr *)0)->text];
    jg_jerr err;
    json_t *doc = jg_json_parse(text, len, "version.json", &err);
    if (!doc) {
        snprintf(why, sizeof why, "%s", err.text);
        return why;
    }
    /* the toolkit's version.json: {"cuda": {"version": ...}, "cuda_nvcc": {...}, ...};
     * the first component that names a version wins */
    static const char *const components[] = {"cuda", "cuda_nvcc"};
    const char *r = NULL;
    for (size_t i = 0; !r && i < sizeof components / sizeof components[0]; i++) {
        const json_t *c = json_object_get(doc, components[i]);
        r = take_version(json_string_value(json_object_get(c, "version")), ver, size);
    }
    json_decref(doc);
    if (!r)
        return "neither cuda.version nor cuda_nvcc.version is present";
    return *r ? r : NULL;
}

const char *jg_parse_cuda_version_txt(const char *text, size_t len, char *ver, size_t size)
{
    if (jg_find_nul(text, len) >= 0)
        return "NUL byte in the file";
    size_t pos = 0;
    jg_line l;
    if (!jg_next_line(text, len, &pos, &l) || !jg_starts(jg_trim(l), "CUDA Version "))
        return "first line is not 'CUDA Version <x.y.z>'";
    l = jg_trim(l);
    jg_line v = jg_trim((jg_line){l.s + 13, l.n - 13});
    char buf[64];
    if (!jg_copy(v, buf, sizeof buf))
        return "version too long";
    const char *r = take_version(buf, ver, size);
    return *r ? r : NULL;
}

int jg_header_define(const char *text, size_t len, const char *name, unsigned long long *val)
{
    size_t pos = 0, nl = strlen(name);
    jg_line l;
    while (jg_next_line(text, len, &pos, &l)) {
        l = jg_trim(l);
        if (!jg_starts(l, "#define"))
            continue;
        jg_line rest = jg_trim((jg_line){l.s + 7, l.n - 7});
        if (rest.n < nl || memcmp(rest.s, name, nl) != 0 ||
            (rest.n > nl && rest.s[nl] != ' ' && rest.s[nl] != '\t'))
            continue;
        jg_line v = jg_trim((jg_line){rest.s + nl, rest.n - nl});
        const char *cm = memchr(v.s, '/', v.n); /* trailing comment */
        if (cm)
            v = jg_trim((jg_line){v.s, (size_t)(cm - v.s)});
        return jg_parse_uint(v, val) ? 1 : -1;
    }
    return 0;
}

/* Join the values of names[0..n) with dots. */
static const char *header_version(const char *text, size_t len, const char *const *names, int n,
                                  char *ver, size_t size)
{
    if (jg_find_nul(text, len) >= 0)
        return "NUL byte in the file";
    size_t o = 0;
    ver[0] = '\0';
    for (int i = 0; i < n; i++) {
        unsigned long long v;
        int r = jg_header_define(text, len, names[i], &v);
        if (r == 0)
            return "a version macro is missing";
        if (r < 0)
            return "a version macro is not a plain number (defined through other macros?)";
        int w = snprintf(ver + o, size - o, "%s%llu", i ? "." : "", v);
        if (w < 0 || (size_t)w >= size - o)
            return "version too long";
        o += (size_t)w;
    }
    return NULL;
}

const char *jg_parse_cudnn_header(const char *text, size_t len, char *ver, size_t size)
{
    static const char *const names[] = {"CUDNN_MAJOR", "CUDNN_MINOR", "CUDNN_PATCHLEVEL"};
    return header_version(text, len, names, 3, ver, size);
}

const char *jg_parse_tensorrt_header(const char *text, size_t len, char *ver, size_t size)
{
    static const char *const names[] = {"NV_TENSORRT_MAJOR", "NV_TENSORRT_MINOR",
                                        "NV_TENSORRT_PATCH", "NV_TENSORRT_BUILD"};
    return header_version(text, len, names, 4, ver, size);
}
