/* Recognisers for failures: CUDA error codes and names, missing shared
 * libraries, library requirements, and one-phrase signals. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/triage/report_lines.h"
#include "doctor/triage/report_scan.h"
#include "util/json.h"

/* ---- CUDA errors ---- */
static const struct { const char *phrase; int code; } error_phrases[] = {
    {"no kernel image is available", 209},  {"no kernel image available", 209},
    {"driver version is insufficient for cuda runtime", 35},
    {"nvidia driver on your system is too old", 35}, {"your nvidia driver is too old", 35},
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
    {"ptx was compiled with an unsupported toolchain", 222},
    {"a ptx jit compilation failed", 218},  {"is a stub library", 34},
    {"system not yet initialized", 802},    {"cuda unknown error", 999},
    {"cuda error: unknown error", 999},     {"invalid device function", 209},
    /* ethminer's "Insufficient CUDA driver: 9010", ccminer's "Driver does not support CUDA 9.1 API" */
    {"insufficient cuda driver", 35},       {"driver does not support cuda", 35},
};

static void cuda_error(jg_tp *p, int code, const char *call)
{
    json_t *arr = JG_OBS_LIST(p->obs, cuda_errors);
    json_t *last = json_array_get(arr, json_array_size(arr) ? json_array_size(arr) - 1 : 0);
    if (last && JG_ITEM_INT(last, line, 0) == (long long)p->line)
        return; /* one error per line: the most specific phrase came first */
    if (!JG_TP_ROOM(p, cuda_errors))
        return;
    json_t *e = json_object();
    JG_ITEM_SET_INT(e, code, code);
    JG_SET(item, e, call, call ? json_string(call) : json_null());
    JG_TP_ADD(p, cuda_errors, e);
}

void jg_rx_cuda_errors(jg_tp *p)
{
    const char *r;
    int code;
    if (!find(p, "cuda") && !find(p, "kernel image") && !find(p, "driver") &&
        !find(p, "ptx") && !find(p, "not yet initialized") && !find(p, "forward compat"))
        return;
    if ((r = after(p, "cudagetdevicecount returned")) && sscanf(r, "%d", &code) == 1)
        cuda_error(p, code, "cudaGetDeviceCount");
    if ((r = after(p, "cuda driver error")) && sscanf(r + strspn(r, ": "), "%d", &code) == 1 &&
        code > 0) /* "CUDA driver error: 0" is CUDA_SUCCESS */
        cuda_error(p, code, NULL);
    if ((r = after(p, "driver library init failure: ")) && sscanf(r, "%d", &code) == 1)
        cuda_error(p, code, "cuInit");
    if ((r = after(p, "cuda initialization failure with error")) &&
        sscanf(r + strspn(r, ": "), "%d", &code) == 1) {
        cuda_error(p, code, "TensorRT");
        if (code == 100)
            jg_tp_signal(p, JG_SIG_trt_cuda_init_100);
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

void jg_rx_missing_library(jg_tp *p)
{
    if (find(p, "init failure") || find(p, "initialization failure"))
        return; /* the library loaded; starting it failed */
    if (find(p, "not found in the system path"))
        return; /* torch's preload of its nvidia-* packages: their own reading */
    if (!find(p, "cannot open shared object") && !find(p, "no such file") &&
        !find(p, "could not load library") && !find(p, "could not load dynamic library") &&
        !find(p, "not found") && !find(p, "unable to load") && !find(p, "importerror: lib") &&
        !find(p, "cannot load lib") && /* FFmpeg: "Cannot load libcuda.so.1" */
        !find(p, "oserror: lib"))
        return;
    /* "Failed to load library A.so with error: B.so: cannot open ...": B is the missing one */
    const char *start = strstr(p->lower, "error: lib");
    start = start ? p->text + (start - p->lower) + 7 : p->text;
    for (const char *s = strstr(start, "lib"); s; s = strstr(s + 1, "lib")) {
        char so[96];
        if ((s > p->text && (isalnum((unsigned char)s[-1]) || s[-1] == '_')) ||
            !soname_at(s, so, sizeof so))
            continue;
        if (strncmp(so, "libnvidia-ml.so", 15) == 0) {
            jg_tp_signal(p, JG_SIG_nvml_missing);
            return;
        }
        if (!JG_TP_ROOM(p, missing_libraries))
            return; /* a paste repeating one error: the first ones are kept */
        json_t *m = json_object();
        JG_ITEM_SET_STR(m, soname, so);
        if (p->frame == JG_FRAME_PACKAGE) /* which installed package was loading it */
            JG_ITEM_SET_STR(m, file, p->frame_text);
        JG_TP_ADD(p, missing_libraries, m);
        return;
    }
}

/* ---- one-phrase signals ---- */
/* TensorRT calls that newer releases added (NVIDIA's TensorRT migration guide and API
 * reference: buildSerializedNetwork in 8.0, setMemoryPoolLimit in 8.4, the named-tensor calls
 * in 8.5), C++ and Python spellings */
static const char *const tensorrt_newer_members[] = {
    "'logger'", /* the Python API's trt.Logger, from TensorRT 5 */
    "'idebuglistener'", /* 10.0 */
    "buildserializednetwork", "build_serialized_network", "setmemorypoollimit",
    "set_memory_pool_limit",  "enqueuev3",                "execute_async_v3",
    "settensoraddress",       "set_tensor_address",       "getiotensorname",
    "get_tensor_name",        NULL};

/* nvcc refusing an architecture: "Unsupported gpu architecture 'compute_20'", "Value 'sm_30' is
 * not defined for option 'gpu-architecture'" (or 'gpu-name'). Below 5.0 the toolkit dropped
 * it (Fermi in CUDA 9, Kepler 3.0 in 11, 3.5 in 12): the build's arch list is older than the
 * toolkit. From 5.0 up it is a GPU newer than the toolkit. */
static void arch_refused(jg_tp *p)
{
    const char *r = after(p, "unsupported gpu architecture 'compute_");
    bool value_refused = find(p, "is not defined for option 'gpu-architecture'") ||
                         find(p, "is not defined for option 'gpu-name'");
    if (!r && value_refused)
        r = after(p, "value 'sm_");
    const char *v = value_refused ? after(p, "value '") : NULL;
    if (!r && v && strncmp(v, "compute_", 8) != 0 && strncmp(v, "lto_", 4) != 0) {
        /* not an arch name at all ('[sm_61]', a list, an unexpanded variable): the build's
         * setting is malformed, whatever the toolkit */
        jg_tp_signal(p, JG_SIG_arch_value_malformed);
        return;
    }
    if (r && *r == '\'') {
        /* "compute_'": no number at all, the arch list came out empty */
        jg_tp_signal(p, JG_SIG_arch_list_empty);
        return;
    }
    int arch;
    if (r && sscanf(r, "%d", &arch) == 1)
        jg_tp_signal(p, arch < 50 ? JG_SIG_arch_dropped_by_toolkit
                                  : JG_SIG_toolchain_too_old_for_arch);
    else if (r || value_refused) /* the arch is not quoted as a number */
        jg_tp_signal(p, JG_SIG_toolchain_too_old_for_arch);
}

/* Code against a TensorRT member this TensorRT lacks: a member that newer releases added means
 * the TensorRT is older than the code (cuda-libraries); any other is a call newer releases
 * removed, the project's to port (C++ here; Python's traceback in report_match_python.c). */
static void tensorrt_member_missing(jg_tp *p)
{
    bool cpp = find(p, "nvinfer1::") && find(p, "has no member named");
    bool py = (find(p, "'tensorrt.") || find(p, "module 'tensorrt'")) && find(p, "has no attribute");
    if (!cpp && !py)
        return;
    if (find_any(p, tensorrt_newer_members)) {
        jg_tp_signal(p, JG_SIG_tensorrt_api_differs);
        return;
    }
    if (cpp)
        jg_tp_signal(p, JG_SIG_tensorrt_api_changed);
}

/* "/usr/bin/ld: cannot find -lboost_python3": a library the build links that is not part
 * of the CUDA stack (the CUDA ones have their own phrases: -lcuda, -lcudart) */
static void build_library_missing(jg_tp *p)
{
    static const char *const cuda_libs[] = {"cuda",   "cublas", "cudnn", "cufft", "curand",
                                            "cusparse", "cusolver", "cupti", "nv", "nccl"};
    const char *r = after(p, "cannot find -l");
    if (!r || !isalnum((unsigned char)*r))
        return;
    /* -lcuda and -lcudart have their own readings (the driver's stub, the toolkit's lib64) */
    bool cuda_or_cudart = strncmp(r, "cuda", 4) == 0 && !isalnum((unsigned char)r[4]);
    if (cuda_or_cudart || strncmp(r, "cudart", 6) == 0)
        return;
    for (size_t i = 0; i < sizeof cuda_libs / sizeof cuda_libs[0]; i++)
        if (strncmp(r, cuda_libs[i], strlen(cuda_libs[i])) == 0) {
            jg_tp_signal(p, JG_SIG_cuda_lib_link_missing);
            return;
        }
    jg_tp_signal(p, JG_SIG_build_library_missing);
}

/* The second half of jg_rx_signals' readings (lines that need more than one phrase): TensorRT
 * members, nvcc's arch refusals, container runtimes, frameworks' own checks, PyCUDA. */
static void tool_signals(jg_tp *p)
{
    build_library_missing(p);
    /* a 209 printed by a program's own CUDA check ("[error][yolo.cu:556]: launch failed",
     * cudaCheckError(), "CUDA kernel failed :"): that program's build, not a wheel's */
    if (find(p, "no kernel image") &&
        (find(p, ".cu:") || find(p, "cudacheckerror") || find(p, "cuda kernel failed")))
        jg_tp_signal(p, JG_SIG_native_cuda_check);
    /* nvidia-docker 1.x hard-links the driver's files into its volume: link(2) fails with
     * EXDEV when the volume folder is on another partition than the driver */
    if (find(p, "invalid cross-device link") && find(p, "nvidia"))
        jg_tp_signal(p, JG_SIG_nvidia_docker_volume_cross_device);
    /* ls -l of an NVIDIA device node with mode 0660: only its owner and group may open it (the
     * driver's default is 0666) */
    if (strncmp(p->lower, "crw-rw---- ", 11) == 0 && find(p, "/dev/nvidia"))
        jg_tp_signal(p, JG_SIG_nvidia_nodes_group_only);
    /* cudart's entry points looked up in libcuda at the first call: a driver library that
     * lacks one is older than the runtime or broken (CUDA's error 500 at device count) */
    if (find(p, "named symbol not found") && (find(p, "cudagetdevicecount") || find(p, "cuinit")))
        jg_tp_signal(p, JG_SIG_driver_symbol_missing);
    tensorrt_member_missing(p);
    arch_refused(p);
    /* crun / runc cannot find a driver file the CDI spec lists */
    if (find(p, "cannot stat") && find(p, "libnvidia-") && (find(p, "crun") || find(p, "oci runtime")))
        jg_tp_signal(p, JG_SIG_cdi_spec_stale);
    /* nvidia-ctk failing to generate the CDI spec; NVML's failure on the line says more */
    if (find(p, "failed to generate cdi spec") && !find(p, "nvml"))
        jg_tp_signal(p, JG_SIG_cdi_generate_failed);
    /* tf.test.is_built_with_cuda() answering False: a TensorFlow without CUDA (native Windows
     * from 2.11, macOS, tensorflow-cpu) */
    if (find(p, "with_cuda()") && find(p, "is_buil") && has_word(p, "false"))
        jg_tp_signal(p, JG_SIG_package_without_cuda);
    /* pip freeze's "paddlepaddle==3.1.0": Paddle's CPU package (the GPU one is paddlepaddle-gpu) */
    if (strncmp(p->lower, "paddlepaddle==", 14) == 0)
        jg_tp_signal(p, JG_SIG_package_without_cuda);
    /* TensorFlow's CHECK: "CUDA_SUCCESS == dynload::cuCtxSetCurrent(context) (0 vs. 216)" */
    if (find(p, "cuda_success ==") && find(p, "(0 vs. 216)"))
        jg_tp_signal(p, JG_SIG_devices_busy);
    if (find(p, "storagesharing") && (find(p, "801") || find(p, "operation not supported")))
        jg_tp_signal(p, JG_SIG_cuda_ipc_unsupported);
    /* PyCUDA's "cuMemcpyHtoDAsync failed: invalid argument": the copy's sizes do not fit */
    if (find(p, "logicerror") && find(p, "cumemcpy") && find(p, "invalid argument"))
        jg_tp_signal(p, JG_SIG_pycuda_copy_invalid);
}

void jg_rx_signals(jg_tp *p)
{
    const char *r;
    /* the CPU's SIGILL, not CUDA's 715 "an illegal instruction was encountered" (a GPU
     * kernel's fault) */
    if (find(p, "illegal instruction") && !find(p, "was encountered"))
        jg_tp_signal(p, JG_SIG_illegal_instruction);
    if (find(p, "exec format error"))
        jg_tp_signal(p, JG_SIG_exec_format_error);
    if ((r = find(p, "does not match the detected host platform"))) {
        jg_tp_signal(p, JG_SIG_image_platform_mismatch);
        const char *h = strstr(r, "(linux/");
        if (h && strncmp(h + 7, "arm64", 5) == 0)
            jg_tp_fact(p, JG_FF_host_arch, json_string("aarch64"));
        else if (h && strncmp(h + 7, "amd64", 5) == 0)
            jg_tp_fact(p, JG_FF_host_arch, json_string("x86_64"));
    }
    /* nvidia-container-cli, and nvkind setting up the toolkit inside kind nodes ("Error:
     * configuring container runtime on node ...", "Error: patching /proc/driver/nvidia on node") */
    if ((find(p, "nvidia-container-cli") && find(p, "error")) ||
        (find(p, "error: configuring container runtime on node") ||
         find(p, "error: patching /proc/driver/nvidia on node")))
        jg_tp_signal(p, JG_SIG_container_cli_error);
    if (find(p, "mount error: file creation failed") && find(p, "file exists"))
        jg_tp_signal(p, JG_SIG_csv_mount_collision);
    if (find(p, "compiled using numpy 1.x cannot be run in") || find(p, "_array_api not found") ||
        find(p, "multiarray failed to import") || find(p, "numpy is not available") ||
        /* an error, not numpy 1.15's harmless RuntimeWarning of the same words */
        (find(p, "size changed, may indicate binary incompatibility") && !find(p, "warning")))
        jg_tp_signal(p, JG_SIG_numpy_abi);
    if (find(p, "torch not compiled with cuda enabled")) {
        jg_tp_signal(p, JG_SIG_torch_not_compiled);
        jg_tp_raw(p, JG_FF_python_torch_cuda, json_null());
    }
    if (find(p, "stubs/libnvidia-ml.so"))
        jg_tp_signal(p, JG_SIG_nvml_stub);
    if (find(p, "permission denied") && (find(p, "/dev/nv") || find(p, "/dev/dri")))
        jg_tp_signal(p, JG_SIG_gpu_eacces);
    if (find(p, "useradd") || find(p, "su - ") || find(p, "sudo -u ") || find(p, "runuser") ||
        find(p, "su -c"))
        jg_tp_signal(p, JG_SIG_user_switch);
    if (find(p, "cuda setup failed"))
        jg_tp_signal(p, JG_SIG_bnb_setup_failed);
    if (find(p, "named symbol not found") && (find(p, "ops.cu") || find(p, "bitsandbytes")))
        jg_tp_signal(p, JG_SIG_bnb_kernel_failed);
    tool_signals(p);
}

/* "Require cuDNN 8.* and CUDA 12.*" (onnxruntime and others) */
void jg_rx_requires(jg_tp *p)
{
    /* "Found CUDA 9.0 but the ZED SDK requires 8.0"; CMake's "Could NOT find CUDA: Found
     * unsuitable version" */
    if ((find(p, "found cuda ") && (find(p, "requires") || find(p, "required"))) ||
        (find(p, "find cuda") && find(p, "unsuitable version")))
        jg_tp_signal(p, JG_SIG_toolkit_version_required);
    const char *r = after(p, "require cudnn ");
    int major;
    if (!r)
        r = after(p, "requires cudnn ");
    if (r && sscanf(r, "%d", &major) == 1) {
        json_t *q = json_object();
        JG_ITEM_SET_STR(q, library, "cudnn");
        JG_ITEM_SET_INT(q, major, major);
        JG_TP_ADD(p, requires, q);
    }
}
