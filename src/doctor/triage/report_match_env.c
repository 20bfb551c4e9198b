/* Recognisers for what lies around CUDA rather than in it: the environment
 * the reporter ran in (CUDA_VISIBLE_DEVICES, LD_LIBRARY_PATH, PATH, conda),
 * install commands (pip, uv), and failures that show CUDA itself worked
 * (out of memory, tensors on two devices, a TensorRT engine from another
 * version). Each sets a signal or an observed value; the rules decide. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "doctor/triage/report_lines.h"
#include "doctor/triage/report_scan.h"
#include "facts/tables.h"
#include "util/json.h"

/* The value after NAME= or NAME: (quotes and spaces trimmed), "" when empty. */
static bool env_value(const jg_tp *p, const char *lname, char *out, size_t cap)
{
    const char *r = after(p, lname);
    if (!r)
        return false;
    r += strspn(r, " \"']");
    if (*r != '=' && *r != ':')
        return false;
    r++;
    r += strspn(r, " \"'");
    size_t n = strcspn(r, " \"';)");
    snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), r);
    return true;
}

void jg_rx_environment(jg_tp *p)
{
    char v[512];
    if (env_value(p, "cuda_visible_devices", v, sizeof v) &&
        !json_object_get(JG_OBS_OBJ(p->obs, env), "CUDA_VISIBLE_DEVICES")) {
        json_object_set_new(JG_TP_OBJ(p, env), "CUDA_VISIBLE_DEVICES", json_string(v));
        jg_tp_signal(p, JG_SIG_visible_devices_set);
    }
    if (env_value(p, "ld_library_path", v, sizeof v) && *v) {
        if (strstr(v, "stubs"))
            jg_tp_signal(p, JG_SIG_stubs_on_library_path);
        if (strchr(v, '<') || strchr(v, '>'))
            jg_tp_signal(p, JG_SIG_library_path_placeholder);
    }
    if (find(p, "/stubs/libcuda.so") || find(p, "driver is a stub library"))
        jg_tp_signal(p, JG_SIG_stub_libcuda_loaded);
    if (find(p, "no cuda gpus are available"))
        jg_tp_signal(p, JG_SIG_no_cuda_gpus);
    /* the toolkit's own path absent: no toolkit there, not a PATH without it */
    if (find(p, "/usr/local/cuda/bin/nvcc") && find(p, "no such file"))
        jg_tp_signal(p, JG_SIG_toolkit_absent);
    else if (has_word(p, "nvcc") && (find(p, "not found") || find(p, "missing") ||
                                     find(p, "not recognized") || find(p, "no such file")))
        jg_tp_signal(p, JG_SIG_nvcc_missing);
    if (find(p, "anaconda3/envs/") || find(p, "miniconda3/envs/") || find(p, "conda install"))
        jg_tp_signal(p, JG_SIG_conda_env);
}

/* "pip install torch ...", "uv sync" resolving from an index. */
void jg_rx_installs(jg_tp *p)
{
    const char *r = find(p, "download.pytorch.org/whl/cu");
    int digits = 0;
    if (r && sscanf(r + strlen("download.pytorch.org/whl/cu"), "%d", &digits) == 1 && digits >= 100) {
        char cu[16];
        snprintf(cu, sizeof cu, "%d.%d", digits / 10, digits % 10);
        if (!JG_OBS_GET(p->obs, torch_index_cuda))
            JG_OBS_SET_STR(p->obs, torch_index_cuda, cu);
        jg_tp_signal(p, JG_SIG_torch_from_pytorch_index);
    }
    bool pip = find(p, "pip install") || find(p, "pip3 install");
    if (pip && has_word(p, "torch") && !find(p, "index-url") && !find(p, ".whl") &&
        !find(p, " -f ") && !find(p, "find-links"))
        jg_tp_signal(p, JG_SIG_pip_torch_default_index);
    if (pip && has_word(p, "tensorflow") && !find(p, ".whl"))
        jg_tp_signal(p, JG_SIG_pip_tensorflow);
    if (find(p, "is not a supported wheel on this platform") && JG_TP_ROOM(p, unsupported_wheels)) {
        const char *w = strstr(p->text, ".whl");
        const char *s = w;
        while (s && s > p->text && !isspace((unsigned char)s[-1]) && s[-1] != '/' && s[-1] != ':')
            s--;
        if (w && w > s) {
            char name[160];
            snprintf(name, sizeof name, "%.*s", (int)(w - s + 4), s);
            json_t *u = json_object();
            JG_ITEM_SET_STR(u, wheel, name);
            JG_SET(item, u, package, json_stringn(name, strcspn(name, "-")));
            JG_TP_ADD(p, unsupported_wheels, u);
        }
    }
}

/* Applications saying torch cannot use CUDA (their checks call is_available()). */
static const char *const unavailable[] = {
    "cuda unavailable, invalid device",          /* ultralytics' select_device */
    "torch is not able to use gpu",              /* stable-diffusion-webui */
    "please make sure torch can access a cuda device", /* transformers, FlashAttention2 */
    "a gpu is needed for quantization",          /* transformers */
    "memory efficient attention is only available for gpu", /* diffusers */
    "flash attention enabled models: cuda is not available", /* text-generation-inference */
    "gpuaccelerator can not run on your system since the accelerator is not available", /* Lightning */
    "cudaaccelerator can not run on your system since the accelerator is not available", /* Lightning 2 */
    "runtimeerror: cuda is not available",       /* applications' own checks */
    NULL};

/* A prose or REPL statement that is_available() said False. */
void jg_rx_prose_availability(jg_tp *p)
{
    for (int i = 0; unavailable[i]; i++)
        if (find(p, unavailable[i]))
            jg_tp_torch_available(p, 0);
    /* "this command installs cpu version instead of cuda" after a torch install command */
    if ((find(p, "cpu version instead of") || find(p, "installs the cpu version") ||
         find(p, "installs cpu version") || find(p, "installed the cpu version")) &&
        JG_OBS_GET(p->obs, torch_seen))
        jg_tp_raw(p, JG_FF_python_torch_cuda, json_null());
    if (!find(p, "is_available") && !find(p, "cuda available:"))
        return;
    if ((find(p, "false") && !find(p, "true")) || find(p, "is_available: false"))
        if (!json_array_size(JG_OBS_LIST(p->obs, torch_sessions)))
            jg_tp_torch_available(p, 0);
}

/* Packages other than torch that ship their own CUDA kernels. */
void jg_rx_stacks(jg_tp *p)
{
    static const char *const names[] = {"jax", "jaxlib", "xla", "onnxruntime", "tensorflow",
                                        "flash_attn", "flash-attn", "xformers", "bitsandbytes",
                                        "mmcv", "cupy", "darknet", "ggml", "llama.cpp", "triton",
                                        "opencv", "mxnet", "paddle", "paddlepaddle", "dlib", NULL};
    for (int i = 0; names[i]; i++)
        if (has_word(p, names[i]) && !JG_OBS_GET(p->obs, other_stack)) {
            json_t *o = jg_tp_seen(p);
            JG_ITEM_SET_STR(o, package, names[i]);
            JG_OBS_SET_OBJ(p->obs, other_stack, o);
        }
    if ((has_word(p, "torch") || find(p, "/torch/") || find(p, "pytorch")) &&
        !JG_OBS_GET(p->obs, torch_seen))
        JG_OBS_SET_OBJ(p->obs, torch_seen, jg_tp_seen(p));
}

/* Words that only a Jetson's paste holds. */
static void jetson_words(jg_tp *p)
{
    if (has_word(p, "thor"))
        jg_tp_jetson_hint(p, "Jetson Thor is named");
    if (has_word(p, "jetpack"))
        jg_tp_jetson_hint(p, "JetPack is named");
    /* L4T's own driver libraries exist only on Jetsons */
    bool l4t_library = find(p, "aarch64-linux-gnu/tegra/") != NULL;
    for (int i = 0; !l4t_library && jg_l4t_driver_libraries[i]; i++)
        l4t_library = find(p, jg_l4t_driver_libraries[i]) != NULL;
    if (l4t_library)
        jg_tp_jetson_hint(p, "an L4T driver library is named");
    if (find(p, "nvidia-l4t-"))
        jg_tp_jetson_hint(p, "an L4T package is named");
    /* tegrastats: "[date] RAM 3679/15388MB (lfb ...) CPU [...] EMC_FREQ 0% GR3D_FREQ 0%" */
    if ((find(p, " ram ") || strncmp(p->lower, "ram ", 4) == 0) && (find(p, "gr3d") || find(p, "emc_fr")))
        jg_tp_jetson_hint(p, "tegrastats output");
}

/* Failures that prove CUDA ran, and package or runtime specifics. */
void jg_rx_outcomes(jg_tp *p)
{
    static const struct { const char *phrase; jg_signal signal; } t[] = {
        {"out of memory", JG_SIG_out_of_memory},
        {"oom-killer", JG_SIG_oom_killer},
        {"oom killer", JG_SIG_oom_killer},
        {"nvmapmemalloc", JG_SIG_out_of_memory},
        {"status_alloc_failed", JG_SIG_out_of_memory},
        {"cudaerrormemoryallocation", JG_SIG_out_of_memory},
        {"device memory is insufficient", JG_SIG_out_of_memory}, /* TensorRT's builder */
        {"expected all tensors to be on the same device", JG_SIG_tensors_on_two_devices},
        {"and weight type (torch.floattensor) should be the same", JG_SIG_tensors_on_two_devices},
        {"and weight type (torch.cuda.floattensor) should be the same", JG_SIG_tensors_on_two_devices},
        {"version tag does not match", JG_SIG_trt_engine_version},
        {"expected size of serialized engine", JG_SIG_trt_engine_version},
        {"jetpack missing", JG_SIG_jtop_jetpack_unknown},
        {"jetpack not detected", JG_SIG_jtop_jetpack_unknown},
        {"torchvision::nms", JG_SIG_torchvision_ops_missing},
        {"seccomp filter rule", JG_SIG_docker_seccomp},
        {"could not select device driver", JG_SIG_docker_no_gpu_driver},
        {"nvrmmeminitnvmap failed with permission denied", JG_SIG_tegra_nodes_denied},
        {"can't initialize nvrm channel", JG_SIG_tegra_nodes_denied},
        {"list_physical_devices('gpu')", JG_SIG_tf_gpu_query},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (find(p, t[i].phrase))
            jg_tp_signal(p, t[i].signal);
    /* a failed deserialization is another TensorRT's engine, unless a plugin's
     * creator is what is missing (the program did not load the plugin library) */
    if (find(p, "serialization assertion") && !find(p, "plugin"))
        jg_tp_signal(p, JG_SIG_trt_engine_version);
    if (find(p, "cudaexecutionprovider") &&
        (find(p, "not in available provider") || find(p, "not available") || find(p, "unavailable")))
        jg_tp_signal(p, JG_SIG_ort_no_cuda_provider);
    if (find(p, "insufficient permissions") && (find(p, "nvml") || find(p, "nvidia")))
        jg_tp_signal(p, JG_SIG_nvml_permissions);
    if ((find(p, "libcu") || find(p, "libnv")) &&
        (find(p, ": empty") || find(p, "is empty,") || find(p, "file truncated") ||
         find(p, "file too short")))
        jg_tp_signal(p, JG_SIG_empty_cuda_library);
    if (has_word(p, "tensorflow") && find(p, "gpu") &&
        (find(p, "not detect") || find(p, "recognize") || find(p, "cpu mode") ||
         find(p, "not built") || find(p, "utilize")))
        jg_tp_signal(p, JG_SIG_tf_no_gpu);
    /* the answer to an earlier tf.config.list_physical_devices('GPU'): empty, or the script's
     * own "GPU is NOT AVAILABLE" */
    if (jg_obs_signal(p->obs, JG_SIG_tf_gpu_query) &&
        (strcmp(p->text, "[]") == 0 || (find(p, "gpu") && find(p, "not available"))))
        jg_tp_signal(p, JG_SIG_tf_no_gpu);
    jetson_words(p);
    if (find(p, "doesn't have a source distribution or wheel for the current platform") ||
        find(p, "only has wheels for the following platforms"))
        jg_tp_signal(p, JG_SIG_no_wheel_for_platform);
}

/* torch's own warning: "X with CUDA capability sm_120 is not compatible with the current
 * PyTorch installation. The current PyTorch install supports CUDA capabilities sm_50 ..." */
void jg_rx_torch_capability_warning(jg_tp *p)
{
    const char *r = find(p, "with cuda capability sm_");
    int cc = 0;
    if (r && sscanf(r + strlen("with cuda capability sm_"), "%d", &cc) == 1 && cc >= 10 &&
        !JG_OBS_GET(p->obs, gpu_cc)) {
        char v[16];
        snprintf(v, sizeof v, "%d.%d", cc / 10, cc % 10);
        JG_OBS_SET_STR(p->obs, gpu_cc, v);
    }
    r = find(p, "install supports cuda capabilities");
    if (!r || JG_FACT_NODE(p->facts, python_torch_arch_list))
        return;
    json_t *list = json_array();
    for (const char *a = strstr(r, "sm_"); a; a = strstr(a + 3, "sm_")) {
        char tok[16];
        if (sscanf(a, "%15[a-z_0-9]", tok) == 1)
            json_array_append_new(list, json_string(tok));
    }
    jg_tp_raw(p, JG_FF_python_torch_arch_list, list);
}

/* A JSON object on one line (a project's own report, pasted compact): its
 * keys go through the project-report map (report_project.c). */
void jg_rx_project_json(jg_tp *p)
{
    const char *open = strchr(p->text, '{'), *close = strrchr(p->text, '}');
    if (!open || !close || close < open || !jg_tp_project_keys(open, (size_t)(close - open) + 1))
        return;
    jg_jerr err;
    json_t *o = jg_json_parse(open, (size_t)(close - open) + 1, "line", &err);
    jg_tp_project(p, o);
    json_decref(o);
}

/* A bare soname or a path ending in one (ls / find output): the file exists. */
void jg_rx_present_library(jg_tp *p)
{
    const char *t = p->text;
    if (find(p, "cannot open") || find(p, "error") || find(p, "not found") || find(p, "no such") ||
        !strstr(t, ".so") || strchr(t, ' ') || !JG_TP_ROOM(p, present_libraries))
        return;
    const char *base = strrchr(t, '/');
    base = base ? base + 1 : t;
    if (strncmp(base, "lib", 3) != 0)
        return;
    json_t *o = json_object();
    JG_ITEM_SET_STR(o, soname, base);
    JG_TP_ADD(p, present_libraries, o);
}
