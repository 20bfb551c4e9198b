/* Recognisers for the Python side of a report: REPL lines (torch.__version__,
 * is_available(), version.cuda, get_arch_list()), collect_env, pip output. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/triage/report_lines.h"
#include "doctor/triage/report_scan.h"
#include "util/json.h"

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
    jg_tp_raw(p, JG_FF_python_torch_arch_list, list);
    return true;
}

static void pip_package(jg_tp *p, const char *name, const char *version);

static bool take_version(const char *t, char *v, size_t cap)
{
    read_version(t, v, cap);
    return *v != '\0';
}

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
    const char *t = p->text;
    char v[96] = "";
    if (e == JG_EXPECT_AVAILABLE && (strcmp(t, "True") == 0 || strcmp(t, "False") == 0))
        jg_tp_torch_available(p, t[0] == 'T');
    else if (e == JG_EXPECT_TORCH_CUDA && strcmp(t, "None") == 0)
        jg_tp_raw(p, JG_FF_python_torch_cuda, json_null());
    else if (e == JG_EXPECT_TORCH_VERSION && take_version(t, v, sizeof v))
        jg_tp_torch_version(p, v);
    else if (e == JG_EXPECT_TORCH_CUDA && take_version(t, v, sizeof v))
        jg_tp_raw(p, JG_FF_python_torch_cuda, json_string(v));
    else {
        if (--p->expect_left <= 0) /* a warning or traceback line: keep waiting a little */
            p->expect = JG_EXPECT_NONE;
        return false;
    }
    p->expect = JG_EXPECT_NONE;
    return true;
}

static void inline_bool(jg_tp *p, const char *rest)
{
    if (strstr(rest, "True"))
        jg_tp_torch_available(p, 1);
    else if (strstr(rest, "False"))
        jg_tp_torch_available(p, 0);
    else
        expect_value(p, JG_EXPECT_AVAILABLE);
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
            expect_value(p, JG_EXPECT_TORCH_VERSION);
    } else if ((r = after(p, "torch.cuda.is_available()"))) {
        inline_bool(p, r);
    } else if ((r = after(p, "get_arch_list()"))) {
        if (!arch_list(p, r))
            expect_value(p, JG_EXPECT_ARCH_LIST);
    } else if ((r = after(p, "torch.version.cuda"))) {
        read_version(r + strspn(r, ")'\" :="), v, sizeof v);
        if (*v)
            jg_tp_raw(p, JG_FF_python_torch_cuda, json_string(v));
        else if (strstr(r, "None"))
            jg_tp_raw(p, JG_FF_python_torch_cuda, json_null());
        else
            expect_value(p, JG_EXPECT_TORCH_CUDA);
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
        jg_tp_raw(p, JG_FF_python_torch_cuda, *v ? json_string(v) : strstr(r, "None") ? json_null() : NULL);
    } else if ((r = after(p, "is cuda available:"))) {
        inline_bool(p, r);
    } else if ((r = after(p, "cuda runtime version:"))) {
        fact_version(p, JG_FF_cuda_toolkit, r);
    } else if ((r = after(p, "python version:"))) {
        read_version(r, v, sizeof v);
        if (*v)
            jg_tp_raw(p, JG_FF_python_python_version, json_string(v));
    } else if (strncmp(p->lower, "os:", 3) == 0) {
        char name[128];
        snprintf(name, sizeof name, "%s", p->text + 3 + strspn(p->text + 3, " "));
        char *paren = strchr(name, '(');
        if (paren)
            *paren = '\0';
        while (*name && name[strlen(name) - 1] == ' ')
            name[strlen(name) - 1] = '\0';
        if (*name)
            jg_tp_fact(p, JG_FF_host_os_pretty_name, json_string(name));
    }
}

static void pip_package(jg_tp *p, const char *name, const char *version)
{
    if (strcmp(name, "torch") == 0 || strcmp(name, "pytorch") == 0)
        jg_tp_torch_version(p, version);
    else if (strcmp(name, "numpy") == 0)
        jg_tp_raw(p, JG_FF_python_packages_numpy, json_string(version));
    else if (strcmp(name, "bitsandbytes") == 0) {
        jg_tp_raw(p, JG_FF_python_bitsandbytes_installed, json_true());
        jg_tp_raw(p, JG_FF_python_bitsandbytes_version, json_string(version));
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
            jg_tp_signal(p, JG_SIG_conda_forge_torch);
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
            expect_value(p, JG_EXPECT_PIP_SHOW_VERSION);
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
    JG_ITEM_SET_STR(c, package, hpkg);
    JG_ITEM_SET_STR(c, required, pin);
    JG_ITEM_SET_STR(c, installed, hver);
    JG_TP_ADD(p, conflicts, c);
    pip_package(p, hpkg, hver);
}

/* "CUDA Version: 12.6" (nvidia-smi), "CUDA Driver Version / Runtime Version 12.6 / 12.6". */

static void wheels(jg_tp *p)
{
    if (!JG_TP_ROOM(p, wheels))
        return;
    for (const char *s = strstr(p->text, ".whl"); s; s = strstr(s + 1, ".whl")) {
        const char *start = s;
        while (start > p->text && !strchr(" \"'`(/=", start[-1]))
            start--;
        char f[160];
        snprintf(f, sizeof f, "%.*s.whl", (int)(s - start), start);
        json_t *w = json_object();
        JG_ITEM_SET_STR(w, file, f);
        JG_TP_ADD(p, wheels, w);
    }
}

bool jg_match_python(jg_tp *p)
{
    if (repl_value(p))
        return true;
    repl_expr(p);
    collect_env(p);
    pip_lines(p);
    pip_listing(p);
    pip_conflict(p);
    wheels(p);
    return false;
}

/* ---- tracebacks: who raised the error ---- */
/* "ValueError: ..." at the start of the line: an exception's own line. */
static bool exception_line(const char *lower)
{
    size_t n = strspn(lower, "abcdefghijklmnopqrstuvwxyz0123456789_.");
    if (lower[n] != ':')
        return false;
    return (n > 5 && strncmp(lower + n - 5, "error", 5) == 0) ||
           (n > 9 && strncmp(lower + n - 9, "exception", 9) == 0);
}

/* Words that put an exception in the CUDA stack's reach, where other rules speak. */
static bool names_the_stack(const jg_tp *p)
{
    static const char *const words[] = {"cuda", "cudnn", "cublas", "nccl", "nvrtc", "driver",
                                        "gpu", ".so", "dll", "device", "memory", "tensorrt",
                                        NULL};
    return find_any(p, words);
}

/* A name one package imports from another is missing, or a module or TensorRT
 * object lacks an attribute: raised inside an installed package, two packages'
 * versions do not fit; raised in the project's own file on a TensorRT object,
 * the project calls an API its TensorRT does not have. Any other exception
 * the project's own file raised, naming nothing of the CUDA stack, is noted
 * for the rule that asks whether CUDA was shown to work. */
void jg_rx_traceback(jg_tp *p)
{
    if (strncmp(p->lower, "file \"", 6) == 0) {
        bool in_packages = find(p, "-packages/") || find(p, "-packages\\");
        bool package = in_packages && !find(p, "packages/torch/");
        /* the standard library (ctypes, importlib) only carries out its caller's call: the
         * caller's frame says whose code it was */
        bool stdlib = strncmp(p->lower, "file \"<frozen", 13) == 0 ||
                      (!in_packages && (find(p, "/lib/python") || find(p, "\\lib\\")));
        if (stdlib && p->frame != JG_FRAME_NONE)
            return;
        p->frame = package ? JG_FRAME_PACKAGE : JG_FRAME_OWN;
        char scrubbed[sizeof p->frame_text - 16];
        jg_scrub_line(p->text, scrubbed, sizeof scrubbed);
        snprintf(p->frame_text, sizeof p->frame_text, "line %zu: %s", p->line, scrubbed);
        return;
    }
    /* a TensorRT object lacking a builder or engine call, pasted without its traceback */
    bool trt = find(p, "has no attribute") &&
               (find(p, "'tensorrt.") || find(p, "module 'tensorrt'"));
    if (!exception_line(p->lower)) {
        if (trt)
            jg_tp_signal(p, JG_SIG_tensorrt_api_changed);
        return;
    }
    /* a module one installed package imports is not installed at all (torch's and
     * TensorRT's own absence are read elsewhere) */
    bool missing_module = find(p, "no module named") && !find(p, "'torch") &&
                          !find(p, "named torch") && !find(p, "tensorrt") &&
                          !find(p, "named _c") && !find(p, "._c'");
    bool missing_name = find(p, "importerror: cannot import name") || missing_module ||
                        (find(p, "attributeerror: module '") && find(p, "has no attribute"));
    if (p->frame == JG_FRAME_PACKAGE && (missing_name || trt)) {
        jg_tp_signal(p, JG_SIG_packages_do_not_fit);
        /* the package's frame names which package raised it: the reply quotes it too */
        json_t *seen = (json_t *)jg_obs_signal(p->obs, JG_SIG_packages_do_not_fit);
        if (seen && !JG_ITEM_STR(seen, file))
            JG_ITEM_SET_STR(seen, file, p->frame_text);
    }
    else if (missing_module)
        jg_tp_signal(p, JG_SIG_module_missing);
    else if (trt)
        jg_tp_signal(p, JG_SIG_tensorrt_api_changed);
    else if (p->frame == JG_FRAME_OWN && !names_the_stack(p) && !find(p, "importerror") &&
             !find(p, "modulenotfounderror") && !find(p, "oserror"))
        jg_tp_signal(p, JG_SIG_project_exception);
    p->frame = JG_FRAME_NONE;
}
