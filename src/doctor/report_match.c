/* Recognisers for free-text reports: each looks at one cleaned line (and its
 * lowercase copy) and records what it shows. Matching is by fixed phrases and
 * token shapes, never by whole example lines. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/report_lines.h"
#include "doctor/report_text.h"
#include "util/json.h"

static const char *find(const jg_tp *p, const char *needle)
{
    return strstr(p->lower, needle);
}

/* The original-case text just after needle, or NULL. */
static const char *after(const jg_tp *p, const char *needle)
{
    const char *at = find(p, needle);
    return at ? p->text + (at - p->lower) + strlen(needle) : NULL;
}

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static bool has_word(const jg_tp *p, const char *w)
{
    size_t n = strlen(w);
    for (const char *s = strstr(p->lower, w); s; s = strstr(s + 1, w)) {
        bool left = s == p->lower || !word_char(s[-1]);
        if (left && !word_char(s[n]))
            return true;
    }
    return false;
}

/* A version token (starts with a digit; digits, letters, . + - _) after
 * spaces, quotes, colons and '='. Empty when there is none. */
static void read_version(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    while (s && (*s == ' ' || *s == '\'' || *s == '"' || *s == ':' || *s == '=' || *s == 'v' ||
                 *s == 'V' || *s == 'r' || *s == 'R'))
        s++;
    if (s && isdigit((unsigned char)*s))
        while (*s && n + 1 < cap && (isalnum((unsigned char)*s) || strchr(".+-_", *s)))
            out[n++] = *s++;
    while (n && strchr(".-_+", out[n - 1]))
        n--; /* a sentence's full stop or comma is not part of the version */
    out[n] = '\0';
}

static void fact_version(jg_tp *p, const char *path, const char *s)
{
    char v[64];
    read_version(s, v, sizeof v);
    if (*v)
        jg_tp_fact(p, path, json_string(v));
}

/* ---- Python REPL values: ">>> torch.__version__" then the value line ---- */
/* "['sm_53', 'sm_87']" -> python.torch.arch_list */
static bool arch_list(jg_tp *p, const char *s)
{
    json_t *list = json_array();
    for (const char *a = strstr(s, "sm_"); a; a = strstr(a + 3, "sm_")) {
        char tok[16];
        if (sscanf(a, "%15[a-z_0-9]", tok) == 1)
            json_array_append_new(list, json_string(tok));
    }
    if (!json_array_size(list)) {
        json_decref(list);
        return false;
    }
    jg_tp_raw(p, "python.torch.arch_list", list);
    return true;
}

static void pip_package(jg_tp *p, const char *name, const char *version);

static bool repl_value(jg_tp *p)
{
    enum jg_expect e = p->expect;
    if (e == JG_EXPECT_PIP_SHOW_VERSION) {
        p->expect = JG_EXPECT_NONE;
        const char *r = strncmp(p->lower, "version:", 8) == 0 ? p->text + 8 : NULL;
        char v[96];
        read_version(r, v, sizeof v);
        if (*v)
            pip_package(p, p->pip_show, v);
        return *v != '\0';
    }
    if (e == JG_EXPECT_ARCH_LIST && strncmp(p->text, ">>>", 3) != 0) {
        p->expect = JG_EXPECT_NONE;
        return arch_list(p, p->text);
    }
    if (e == JG_EXPECT_NONE || strncmp(p->text, ">>>", 3) == 0)
        return false;
    p->expect = JG_EXPECT_NONE;
    const char *t = p->text;
    if (e == JG_EXPECT_AVAILABLE && (strcmp(t, "True") == 0 || strcmp(t, "False") == 0)) {
        jg_tp_torch_available(p, t[0] == 'T');
        return true;
    }
    if (e == JG_EXPECT_TORCH_CUDA && strcmp(t, "None") == 0) {
        jg_tp_raw(p, "python.torch.cuda", json_null());
        return true;
    }
    char v[96];
    read_version(t, v, sizeof v);
    if (!*v)
        return false;
    if (e == JG_EXPECT_TORCH_VERSION)
        jg_tp_torch_version(p, v);
    else if (e == JG_EXPECT_TORCH_CUDA)
        jg_tp_raw(p, "python.torch.cuda", json_string(v));
    return true;
}

static void inline_bool(jg_tp *p, const char *rest)
{
    if (strstr(rest, "True"))
        jg_tp_torch_available(p, 1);
    else if (strstr(rest, "False"))
        jg_tp_torch_available(p, 0);
    else
        p->expect = JG_EXPECT_AVAILABLE;
}

static void repl_expr(jg_tp *p)
{
    const char *r;
    char v[96];
    if ((r = after(p, "torch.__version__"))) {
        read_version(r + strspn(r, ")'\" "), v, sizeof v);
        if (*v)
            jg_tp_torch_version(p, v);
        else
            p->expect = JG_EXPECT_TORCH_VERSION;
    } else if ((r = after(p, "torch.cuda.is_available()"))) {
        inline_bool(p, r);
    } else if ((r = after(p, "get_arch_list()"))) {
        if (!arch_list(p, r))
            p->expect = JG_EXPECT_ARCH_LIST;
    } else if ((r = after(p, "torch.version.cuda"))) {
        read_version(r + strspn(r, ")'\" :="), v, sizeof v);
        if (*v)
            jg_tp_raw(p, "python.torch.cuda", json_string(v));
        else if (strstr(r, "None"))
            jg_tp_raw(p, "python.torch.cuda", json_null());
        else
            p->expect = JG_EXPECT_TORCH_CUDA;
    }
}

/* ---- python -m torch.utils.collect_env ---- */
static void collect_env(jg_tp *p)
{
    const char *r;
    char v[96];
    if ((r = after(p, "pytorch version:"))) {
        read_version(r, v, sizeof v);
        if (*v)
            jg_tp_torch_version(p, v);
    } else if ((r = after(p, "cuda used to build pytorch:"))) {
        read_version(r, v, sizeof v);
        jg_tp_raw(p, "python.torch.cuda", *v ? json_string(v) : strstr(r, "None") ? json_null() : NULL);
    } else if ((r = after(p, "is cuda available:"))) {
        inline_bool(p, r);
    } else if ((r = after(p, "cuda runtime version:"))) {
        fact_version(p, "cuda.toolkit", r);
    } else if ((r = after(p, "python version:"))) {
        read_version(r, v, sizeof v);
        if (*v)
            jg_tp_raw(p, "python.python.version", json_string(v));
    } else if (strncmp(p->lower, "os:", 3) == 0) {
        char name[128];
        snprintf(name, sizeof name, "%s", p->text + 3 + strspn(p->text + 3, " "));
        char *paren = strchr(name, '(');
        if (paren)
            *paren = '\0';
        while (*name && name[strlen(name) - 1] == ' ')
            name[strlen(name) - 1] = '\0';
        if (*name)
            jg_tp_fact(p, "host.os.pretty_name", json_string(name));
    }
}

static void pip_package(jg_tp *p, const char *name, const char *version)
{
    if (strcmp(name, "torch") == 0 || strcmp(name, "pytorch") == 0)
        jg_tp_torch_version(p, version);
    else if (strcmp(name, "numpy") == 0)
        jg_tp_raw(p, "python.packages.numpy", json_string(version));
    else if (strcmp(name, "bitsandbytes") == 0) {
        jg_tp_raw(p, "python.bitsandbytes.installed", json_true());
        jg_tp_raw(p, "python.bitsandbytes.version", json_string(version));
    }
}

/* "[pip3] numpy==1.26.4", "Successfully installed a-1.0 b-2.0" */
static void pip_lines(jg_tp *p)
{
    const char *r;
    if ((strncmp(p->lower, "[pip", 4) == 0 || strncmp(p->lower, "[conda]", 7) == 0) &&
        strchr(p->text, ']')) {
        char name[64], ver[96];
        const char *s = strchr(p->text, ']') + 1;
        if (sscanf(s, " %63[A-Za-z0-9_.-]==%95s", name, ver) == 2 ||
            sscanf(s, " %63[A-Za-z0-9_.-] %95s", name, ver) == 2) {
            for (char *c = name; *c; c++)
                *c = (char)tolower((unsigned char)*c);
            if (isdigit((unsigned char)ver[0]))
                pip_package(p, name, ver);
        }
        if (strncmp(p->lower, "[conda]", 7) == 0 && find(p, "conda-forge") &&
            (find(p, "torch") || find(p, "pytorch")))
            jg_tp_signal(p, "conda_forge_torch");
    } else if ((r = after(p, "successfully installed "))) {
        char buf[JG_REPORT_LINE_CAP];
        snprintf(buf, sizeof buf, "%s", r);
        char *save = NULL;
        for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
            char *dash = strrchr(tok, '-');
            if (!dash || !isdigit((unsigned char)dash[1]))
                continue;
            *dash = '\0';
            for (char *c = tok; *c; c++)
                *c = (char)tolower((unsigned char)*c);
            pip_package(p, tok, dash + 1);
        }
    }
}

/* pip freeze "torch==2.5.1", pip list "torch  2.5.1", pip show "Name: torch". */
static void pip_listing(jg_tp *p)
{
    static const char *const names[] = {"torch", "numpy", "bitsandbytes", NULL};
    for (int k = 0; names[k]; k++) {
        size_t n = strlen(names[k]);
        const char *r = p->lower + n;
        if (strncmp(p->lower, names[k], n) == 0 && (*r == '=' || *r == ' ')) {
            char v[96];
            read_version(p->text + n + strspn(p->text + n, "= "), v, sizeof v);
            if (*v && (*r == '=' || strspn(r, " ") > 1))
                pip_package(p, names[k], v);
        }
        if (strncmp(p->lower, "name: ", 6) == 0 && strcmp(p->lower + 6, names[k]) == 0) {
            snprintf(p->pip_show, sizeof p->pip_show, "%s", names[k]);
            p->expect = JG_EXPECT_PIP_SHOW_VERSION;
        }
    }
}

/* "llava 1.2 requires torch==2.1.2, but you have torch 2.2.0a0+6a974be which is incompatible." */
static void pip_conflict(jg_tp *p)
{
    const char *req = after(p, " requires "), *have = after(p, "but you have ");
    if (!req || !have)
        return;
    char pkg[64] = "", pin[64] = "", hpkg[64] = "", hver[96] = "";
    sscanf(req, "%63[A-Za-z0-9_.-]%63[^,]", pkg, pin);
    if (sscanf(have, "%63s %95s", hpkg, hver) != 2)
        return;
    json_t *c = json_object();
    json_object_set_new(c, "package", json_string(hpkg));
    json_object_set_new(c, "required", json_string(pin));
    json_object_set_new(c, "installed", json_string(hver));
    jg_tp_add(p, "conflicts", c);
    pip_package(p, hpkg, hver);
}

/* "CUDA Version: 12.6" (nvidia-smi), "CUDA Driver Version / Runtime Version 12.6 / 12.6". */
static void observed_driver(jg_tp *p, const char *r)
{
    int maj = 0, min = 0;
    if (sscanf(r + strspn(r, " :"), "%d.%d", &maj, &min) == 2 && maj > 0)
        jg_tp_set(p, "driver_version", json_integer(maj * 1000 + min * 10));
}

/* "key:" at the start of the line, after an optional "- " / "* " list marker. */
static const char *key_value(const jg_tp *p, const char *key)
{
    size_t skip = (p->lower[0] == '-' || p->lower[0] == '*') && p->lower[1] == ' ' ? 2 : 0;
    size_t n = strlen(key);
    return strncmp(p->lower + skip, key, n) == 0 ? p->text + skip + n : NULL;
}

/* ---- platform: jetson_release, nv_tegra_release, nvcc, nvidia-smi, uname ---- */
static void l4t_version(jg_tp *p, const char *v)
{
    if (!*v || !strchr(v, '.'))
        return;
    jg_tp_fact(p, "l4t.version", json_string(v));
    if (!json_object_get(p->obs, "host_l4t")) {
        json_t *h = jg_tp_seen(p);
        json_object_set_new(h, "version", json_string(v));
        jg_tp_set(p, "host_l4t", h);
    }
    jg_tp_jetson_hint(p, "an L4T release is named");
}

static void platform(jg_tp *p)
{
    const char *r;
    char v[64];
    int maj, a, b;
    if (p->lower[0] == '#' && sscanf(p->lower, "# r%d (release), revision: %d.%d", &maj, &a, &b) == 3) {
        snprintf(v, sizeof v, "%d.%d.%d", maj, a, b);
        l4t_version(p, v);
        jg_tp_fact(p, "l4t.release_line", json_string(p->text));
    } else if ((r = after(p, "l4t")) && (*r == ' ' || *r == ':') && !find(p, "l4t-")) {
        read_version(r, v, sizeof v);
        l4t_version(p, v);
    }
    if ((r = after(p, "jetpack")) && (*r == ' ' || *r == ':'))
        fact_version(p, "jetpack.version", r);
    if ((r = after(p, "nvidia-jetpack ")) && strncmp(p->lower, "ii", 2) == 0)
        fact_version(p, "jetpack.package", r);
    if ((r = key_value(p, "p-number:")))
        jg_tp_fact(p, "module.part_number", json_string(r + strspn(r, " ")));
    if ((r = key_value(p, "cuda arch bin:")))
        fact_version(p, "module.compute_capability", r);
    if ((r = after(p, "release ")) && find(p, "cuda compilation tools") && after(p, ", v"))
        fact_version(p, "cuda.toolkit", after(p, ", v"));
    if ((r = key_value(p, "cuda:"))) {
        read_version(r, v, sizeof v);
        if (*v)
            jg_tp_fact(p, "cuda.toolkit", json_string(v));
        else if (strstr(p->lower, "not") && strstr(p->lower, "installed")) {
            jg_tp_fact_missing(p, "cuda.toolkit");
            jg_tp_signal(p, "cuda_not_installed");
        }
    }
    if ((r = key_value(p, "cudnn:")))
        fact_version(p, "cuda.cudnn", r);
    if ((r = key_value(p, "tensorrt:")))
        fact_version(p, "cuda.tensorrt", r);
    if ((r = key_value(p, "soc:")) && strstr(p->lower, "tegra")) {
        jg_tp_fact(p, "module.soc", json_string(r + strspn(r, " ")));
        jg_tp_jetson_hint(p, "a Tegra SoC is named");
    }
    if ((r = after(p, "/cuda-")) && isdigit((unsigned char)*r)) {
        read_version(r, v, sizeof v);
        char link[80];
        snprintf(link, sizeof link, "cuda-%s", v);
        jg_tp_fact(p, "cuda.toolkit_link", json_string(link));
        jg_tp_fact(p, "cuda.toolkit", json_string(v));
    }
    if ((r = after(p, "cuda version:")))
        observed_driver(p, r);
}

/* ---- GPU names: deviceQuery, collect_env, jetson_release, prose ---- */
static const struct { const char *word; const char *cc; } gpu_names[] = {
    {"orin", "8.7"}, {"thor", "11.0"}, {"xavier", "7.2"}, {"tx2", "6.2"}, {"tegra x2", "6.2"},
    {"tegra x1", "5.3"}, {"jetson nano", "5.3"}, {"tx1", "5.3"},
};

static void gpu_name_hints(jg_tp *p)
{
    for (size_t i = 0; i < sizeof gpu_names / sizeof gpu_names[0]; i++)
        if (has_word(p, gpu_names[i].word)) {
            jg_tp_fact(p, "module.compute_capability", json_string(gpu_names[i].cc));
            jg_tp_jetson_hint(p, "a Jetson GPU or module is named");
            break;
        }
    if (has_word(p, "jetson"))
        jg_tp_jetson_hint(p, "the word Jetson");
    if (find(p, "-tegra")) {
        const char *at = find(p, "-tegra");
        const char *start = at;
        while (start > p->lower && (isdigit((unsigned char)start[-1]) || start[-1] == '.'))
            start--;
        if (start < at && isdigit((unsigned char)*start)) {
            char k[64];
            snprintf(k, sizeof k, "%.*s-tegra", (int)(at - start), p->text + (start - p->lower));
            jg_tp_fact(p, "host.kernel", json_string(k));
            jg_tp_jetson_hint(p, "a -tegra kernel");
        }
    }
    if (find(p, "dgx spark") || has_word(p, "gb10"))
        jg_tp_signal(p, "dgx_spark");
    if (has_word(p, "aarch64"))
        jg_tp_fact(p, "host.arch", json_string("aarch64"));
    else if (has_word(p, "x86_64") && !find(p, "platform ("))
        jg_tp_fact(p, "host.arch", json_string("x86_64"));
}

static void device_seen(jg_tp *p, const char *name)
{
    if (!jg_tp_room(p, "devices_seen"))
        return;
    json_t *d = json_object();
    if (name)
        json_object_set_new(d, "name", json_string(name));
    jg_tp_add(p, "devices_seen", d);
}

static void device_query(jg_tp *p)
{
    const char *r;
    int n;
    char name[96];
    if ((r = after(p, "cuda driver version / runtime version")))
        observed_driver(p, r);
    else if ((r = after(p, "cuda capability major/minor version number:"))) {
        char v[16];
        read_version(r, v, sizeof v);
        if (*v)
            jg_tp_set(p, "gpu_cc", json_string(v));
    } else if (strncmp(p->lower, "detected ", 9) == 0 &&
               sscanf(p->lower, "detected %d cuda capable device", &n) == 1 && n > 0) {
        device_seen(p, NULL);
    } else if (p->text[0] != 'D' && p->text[0] != 'G') {
        return;
    } else if (sscanf(p->text, "Device %*d: \"%95[^\"]\"", name) == 1 ||
               sscanf(p->text, "Device #%*d: %95[^\n]", name) == 1 ||
               sscanf(p->text, "GPU models and configuration: GPU %*d: %95[^\n]", name) == 1) {
        device_seen(p, name);
    }
}

/* ---- CUDA errors ---- */
static const struct { const char *phrase; int code; } error_phrases[] = {
    {"no kernel image is available", 209},
    {"driver version is insufficient for cuda runtime", 35},
    {"forward compatibility was attempted on non supported hw", 804},
    {"unsupported display driver / cuda driver combination", 803},
    {"no cuda-capable device is detected", 100},
    {"cuda_error_no_device", 100},          {"cudaerrornodevice", 100},
    {"cuda_error_insufficient_driver", 35}, {"cudaerrorinsufficientdriver", 35},
    {"cuda_error_compat_not_supported_on_device", 804}, {"cudaerrorcompatnotsupportedondevice", 804},
    {"cuda_error_system_driver_mismatch", 803}, {"cudaerrorsystemdrivermismatch", 803},
    {"cuda_error_no_binary_for_gpu", 209},  {"cudaerrornokernelimagefordevice", 209},
    {"cudaerrorinitializationerror", 3},   {"cuda_error_not_initialized", 3},
    {"cuda_error_stub_library", 34},        {"cudaerrorstublibrary", 34},
    {"cuda_error_unknown", 999},            {"cudaerrorunknown", 999},
    {"cuda_error_invalid_ptx", 218},        {"cuda_error_unsupported_ptx_version", 222},
};

static void cuda_error(jg_tp *p, int code, const char *call)
{
    json_t *arr = json_object_get(p->obs, "cuda_errors");
    json_t *last = json_array_get(arr, json_array_size(arr) ? json_array_size(arr) - 1 : 0);
    if (last && json_integer_value(json_object_get(last, "line")) == (json_int_t)p->line)
        return; /* one error per line: the most specific phrase came first */
    if (!jg_tp_room(p, "cuda_errors"))
        return;
    json_t *e = json_object();
    json_object_set_new(e, "code", json_integer(code));
    json_object_set_new(e, "call", call ? json_string(call) : json_null());
    jg_tp_add(p, "cuda_errors", e);
}

static void cuda_errors(jg_tp *p)
{
    const char *r;
    int code;
    if (!find(p, "cuda") && !find(p, "kernel image") && !find(p, "display driver"))
        return;
    if ((r = after(p, "cudagetdevicecount returned")) && sscanf(r, "%d", &code) == 1)
        cuda_error(p, code, "cudaGetDeviceCount");
    if ((r = after(p, "cuda initialization failure with error")) &&
        sscanf(r + strspn(r, ": "), "%d", &code) == 1) {
        cuda_error(p, code, "TensorRT");
        if (code == 100)
            jg_tp_signal(p, "trt_cuda_init_100");
    }
    for (size_t i = 0; i < sizeof error_phrases / sizeof error_phrases[0]; i++)
        if (find(p, error_phrases[i].phrase))
            cuda_error(p, error_phrases[i].code, NULL);
}

/* ---- missing shared libraries ---- */
static bool soname_at(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    while (s[n] && (isalnum((unsigned char)s[n]) || strchr("_+-", s[n])))
        n++;
    if (strncmp(s + n, ".so", 3) != 0)
        return false;
    n += 3;
    while (s[n] == '.' && isdigit((unsigned char)s[n + 1])) {
        n++;
        while (isdigit((unsigned char)s[n]))
            n++;
    }
    snprintf(out, cap, "%.*s", (int)n, s);
    return true;
}

static void missing_library(jg_tp *p)
{
    if (!find(p, "cannot open shared object") && !find(p, "no such file") &&
        !find(p, "could not load library") && !find(p, "not found") && !find(p, "unable to load"))
        return;
    for (const char *s = strstr(p->text, "lib"); s; s = strstr(s + 1, "lib")) {
        char so[96];
        if ((s > p->text && (isalnum((unsigned char)s[-1]) || s[-1] == '_')) ||
            !soname_at(s, so, sizeof so))
            continue;
        if (strncmp(so, "libnvidia-ml.so", 15) == 0) {
            jg_tp_signal(p, "nvml_missing");
            return;
        }
        if (!jg_tp_room(p, "missing_libraries"))
            return; /* a paste repeating one error: the first ones are kept */
        json_t *m = json_object();
        json_object_set_new(m, "soname", json_string(so));
        jg_tp_add(p, "missing_libraries", m);
        return;
    }
}

/* ---- containers: docker commands, image references ---- */
static void image_ref(jg_tp *p, const char *tok)
{
    if (!jg_tp_room(p, "images"))
        return;
    json_t *im = json_object();
    json_object_set_new(im, "ref", json_string(tok));
    const char *tag = strrchr(tok, ':');
    for (const char *t = tag; t && *t; t++) {
        int a, b, c = -1;
        if ((t[0] == 'r' || t[0] == 'R') && (t[-1] == ':' || t[-1] == '-') &&
            sscanf(t + 1, "%d.%d.%d", &a, &b, &c) >= 2) {
            char v[32];
            if (c >= 0)
                snprintf(v, sizeof v, "%d.%d.%d", a, b, c);
            else
                snprintf(v, sizeof v, "%d.%d", a, b);
            json_object_set_new(im, "l4t", json_string(v));
            break;
        }
    }
    jg_tp_add(p, "images", im);
    if (strstr(tok, "l4t"))
        jg_tp_jetson_hint(p, "an L4T container image is named");
}

static void images(jg_tp *p)
{
    if (!strchr(p->text, ':') || (!find(p, "l4t") && !find(p, "nvcr.io") && !find(p, "nvidia/") &&
                                  !find(p, "dustynv")))
        return;
    char buf[JG_REPORT_LINE_CAP];
    snprintf(buf, sizeof buf, "%s", p->text);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " \"'`()[],;=", &save); tok;
         tok = strtok_r(NULL, " \"'`()[],;=", &save)) {
        if (!strchr(tok, ':') || strstr(tok, "://") || tok[strlen(tok) - 1] == ':')
            continue;
        if (strstr(tok, "l4t-") || strstr(tok, "nvcr.io/") || strstr(tok, "nvidia/cuda") ||
            strstr(tok, "dustynv/"))
            image_ref(p, tok);
    }
}

static void docker(jg_tp *p)
{
    bool run = find(p, "docker run") || find(p, "docker container run");
    if (find(p, "docker build") || find(p, "docker_build"))
        jg_tp_set(p, "docker.build", json_true());
    if (!run)
        return;
    jg_tp_set(p, "docker.run", json_true());
    jg_tp_set(p, "docker.run_line", jg_tp_seen(p));
    bool nv = find(p, "--runtime nvidia") || find(p, "--runtime=nvidia");
    json_t *prev = json_object_get(json_object_get(p->obs, "docker"), "runtime_nvidia");
    if (!json_is_true(prev))
        jg_tp_set(p, "docker.runtime_nvidia", json_boolean(nv));
    if (find(p, "--gpus"))
        jg_tp_set(p, "docker.gpus", json_true());
}

/* ---- one-phrase signals ---- */
static void signals(jg_tp *p)
{
    const char *r;
    if (find(p, "illegal instruction"))
        jg_tp_signal(p, "illegal_instruction");
    if (find(p, "exec format error"))
        jg_tp_signal(p, "exec_format_error");
    if ((r = find(p, "does not match the detected host platform"))) {
        jg_tp_signal(p, "image_platform_mismatch");
        const char *h = strstr(r, "(linux/");
        if (h && strncmp(h + 7, "arm64", 5) == 0)
            jg_tp_fact(p, "host.arch", json_string("aarch64"));
        else if (h && strncmp(h + 7, "amd64", 5) == 0)
            jg_tp_fact(p, "host.arch", json_string("x86_64"));
    }
    if (find(p, "nvidia-container-cli") && find(p, "error"))
        jg_tp_signal(p, "container_cli_error");
    if (find(p, "compiled using numpy 1.x cannot be run in") || find(p, "_array_api not found"))
        jg_tp_signal(p, "numpy_abi");
    if (find(p, "torch not compiled with cuda enabled")) {
        jg_tp_signal(p, "torch_not_compiled");
        jg_tp_raw(p, "python.torch.cuda", json_null());
    }
    if (find(p, "stubs/libnvidia-ml.so"))
        jg_tp_signal(p, "nvml_stub");
    if (find(p, "permission denied") && (find(p, "/dev/nv") || find(p, "/dev/dri")))
        jg_tp_signal(p, "gpu_eacces");
    if (find(p, "useradd") || find(p, "su - ") || find(p, "sudo -u ") || find(p, "runuser") ||
        find(p, "su -c"))
        jg_tp_signal(p, "user_switch");
    if (find(p, "cuda setup failed"))
        jg_tp_signal(p, "bnb_setup_failed");
    if (find(p, "named symbol not found") && (find(p, "ops.cu") || find(p, "bitsandbytes")))
        jg_tp_signal(p, "bnb_kernel_failed");
}

/* "Require cuDNN 8.* and CUDA 12.*" (onnxruntime and others) */
static void requires(jg_tp *p)
{
    const char *r = after(p, "require cudnn ");
    int major;
    if (!r)
        r = after(p, "requires cudnn ");
    if (r && sscanf(r, "%d", &major) == 1) {
        json_t *q = json_object();
        json_object_set_new(q, "library", json_string("cudnn"));
        json_object_set_new(q, "major", json_integer(major));
        jg_tp_add(p, "requires", q);
    }
}

/* collect_env lists the cuDNN libraries it found: ".../libcudnn.so.9.3.0" */
static void cudnn_present(jg_tp *p)
{
    const char *r = after(p, "libcudnn.so.");
    int a, b;
    if (r && !find(p, "cannot") && !find(p, "not found") && !find(p, "could not") &&
        sscanf(r, "%d.%d", &a, &b) == 2)
        fact_version(p, "cuda.cudnn", r);
}

static void wheels(jg_tp *p)
{
    if (!jg_tp_room(p, "wheels"))
        return;
    for (const char *s = strstr(p->text, ".whl"); s; s = strstr(s + 1, ".whl")) {
        const char *start = s;
        while (start > p->text && !strchr(" \"'`(/=", start[-1]))
            start--;
        char f[160];
        snprintf(f, sizeof f, "%.*s.whl", (int)(s - start), start);
        json_t *w = json_object();
        json_object_set_new(w, "file", json_string(f));
        jg_tp_add(p, "wheels", w);
    }
}

void jg_match_line(jg_tp *p)
{
    if (repl_value(p) || strlen(p->text) < 4)
        return; /* nothing shorter than "True" carries a fact */
    repl_expr(p);
    collect_env(p);
    pip_lines(p);
    pip_listing(p);
    pip_conflict(p);
    platform(p);
    gpu_name_hints(p);
    device_query(p);
    cuda_errors(p);
    missing_library(p);
    images(p);
    docker(p);
    signals(p);
    requires(p);
    cudnn_present(p);
    wheels(p);
}
