/* Recognisers for what sits below and around CUDA: the GPU itself, the kernel
 * driver, the container runtime's setup, pip's resolver and the user's shell.
 * Each phrase is a tool's own fixed wording (nvidia-smi, modprobe, docker,
 * torch, pip, TensorRT), matched in lower case; a few need a second word. */
#include <stdlib.h>
#include <string.h>

#include "doctor/report_scan.h"

static const struct {
    const char *phrase;
    jg_signal signal;
} phrases[] = {
    /* the GPU: too old for the build, lost from the bus, or not NVIDIA's */
    {"no longer supports this gpu because it is too old", JG_SIG_gpu_too_old},
    {"gpu is too old", JG_SIG_gpu_too_old},
    {"only supports ampere gpus or newer", JG_SIG_gpu_lacks_feature},
    {"only supported on gpus with compute capability of at least", JG_SIG_gpu_lacks_feature},
    {"fallen off the bus", JG_SIG_gpu_off_bus},
    {"unable to determine the device handle for gpu", JG_SIG_gpu_device_handle},
    {"found no nvidia driver on your system", JG_SIG_no_nvidia_driver},
    {"cuda driver initialization failed, you might not have a cuda gpu", JG_SIG_driver_init_failed},
    {"nvidia-smi: command not found", JG_SIG_nvidia_smi_missing},
    {"nvidia-smi: not found", JG_SIG_nvidia_smi_missing},
    {"could not read tegra chip id", JG_SIG_tegra_chip_id_unread},
    {"uncorrectable ecc error", JG_SIG_gpu_hardware_error},
    {"gpu is lost", JG_SIG_gpu_off_bus},
    {"gpu requires reset", JG_SIG_gpu_hardware_error},
    {"rminitadapter failed", JG_SIG_gpu_device_handle},
    /* the kernel driver: not loaded, refused, or not the user-space libraries' version */
    {"couldn't communicate with the nvidia driver", JG_SIG_driver_not_loaded},
    {"/proc/driver/nvidia/version does not exist", JG_SIG_driver_not_loaded},
    {"kernel driver does not appear to be running", JG_SIG_driver_not_loaded},
    {"could not insert 'nvidia", JG_SIG_driver_not_loaded},
    {"key was rejected by service", JG_SIG_secure_boot},
    {"driver/library version mismatch", JG_SIG_nvml_mismatch},
    {"nvrm: api mismatch", JG_SIG_nvml_mismatch},
    {"module nvidia not found", JG_SIG_module_not_built},
    {"no devices were found", JG_SIG_no_devices_found},
    {"vs. 0) unknown error", JG_SIG_uvm_missing},
    {"busy or unavailable", JG_SIG_devices_busy},
    {"nvml error: driver not loaded", JG_SIG_driver_not_loaded},
    {"system not yet initialized", JG_SIG_fabric_manager},
    /* the container runtime */
    {"unknown or invalid runtime name: nvidia", JG_SIG_runtime_not_registered},
    {"unknown runtime specified nvidia", JG_SIG_runtime_not_registered},
    {"'devices' was unexpected", JG_SIG_compose_without_gpu_devices},
    {"the nvidia driver was not detected", JG_SIG_ngc_no_driver},
    {"invoking the nvidia container runtime hook directly", JG_SIG_gpus_flag_csv},
    {"no cuda runtime is found, using cuda_home", JG_SIG_no_gpu_at_build},
    {"unsatisfied condition: cuda>", JG_SIG_driver_older_than_image},
    {"unresolvable cdi devices", JG_SIG_cdi_unresolved},
    {"driver error: failed to process request", JG_SIG_cli_driver_libraries},
    {"load library failed: libnvidia-ml", JG_SIG_cli_driver_libraries},
    {"load library failed: libcuda", JG_SIG_cli_driver_libraries},
    /* libraries, configuration, the project's own use of CUDA */
    {"cudnn version incompatibility", JG_SIG_cudnn_version_mismatch},
    {"but source was compiled with", JG_SIG_cudnn_version_mismatch}, /* TensorFlow */
    {"found cudnn version", JG_SIG_cudnn_version_mismatch},           /* JAX */
    {"couldn't find libnvidia-ml.so", JG_SIG_nvml_missing},
    {"unable to find a valid cudnn algorithm", JG_SIG_cudnn_no_algorithm},
    {"unable to find an engine to execute this computation", JG_SIG_cudnn_no_algorithm},
    {"no module named 'tensorrt'", JG_SIG_tensorrt_module_missing},
    {"cudnn_status_not_initialized", JG_SIG_cudnn_not_initialized},
    {"mismatches the version that was used to compile pytorch", JG_SIG_toolkit_differs_from_torch},
    {"your pytorch and torchvision versions are incompatible", JG_SIG_built_for_other_torch},
    {"were compiled with different cuda major versions", JG_SIG_built_for_other_torch},
    {"engine plan file is not compatible", JG_SIG_trt_engine_version},
    {"engine plan file is generated on an incompatible device", JG_SIG_trt_engine_version},
    {"cannot dlopen some gpu libraries", JG_SIG_tf_gpu_libraries},
    {"xformers was built for", JG_SIG_built_for_other_torch},
    {"xformers can't load c++/cuda extensions", JG_SIG_built_for_other_torch},
    {"cuda_home environment variable is not set", JG_SIG_cuda_home_unset},
    {"invalid device ordinal", JG_SIG_invalid_device_ordinal},
    {"module was compiled for python", JG_SIG_built_for_other_python},
    {"cannot allocate memory in static tls block", JG_SIG_static_tls},
    {"fp16 is not supported on cpu", JG_SIG_running_on_cpu},
    {"pytorch does not currently provide packages for pypi", JG_SIG_pypi_pytorch_placeholder},
    {"no solution found when resolving dependencies", JG_SIG_resolver_failed},
    {"resolutionimpossible", JG_SIG_resolver_failed},
    {"these package versions have conflicting dependencies", JG_SIG_resolver_failed},
    {"do not support efficient float16 computation", JG_SIG_fp16_compute_unsupported},
    {"cicc: not found", JG_SIG_cicc_missing},
    {"cicc: no such file", JG_SIG_cicc_missing},
    {"but detected different endianness", JG_SIG_numpy_abi},
    {"cuda.h: no such file", JG_SIG_cuda_headers_missing},
    {"cuda_runtime.h: no such file", JG_SIG_cuda_headers_missing},
    {"cuda_runtime_api.h: no such file", JG_SIG_cuda_headers_missing},
    {"unsupported gpu architecture 'compute_", JG_SIG_toolchain_too_old_for_arch},
    {"is not defined for option 'gpu-name'", JG_SIG_toolchain_too_old_for_arch},
    {"failed to open libnvrtc-builtins", JG_SIG_nvrtc_builtins},
    {"unable to find cudnn", JG_SIG_cudnn_stated_missing},
    {"could not find cudnn", JG_SIG_cudnn_stated_missing},
    {"cudnn not found", JG_SIG_cudnn_stated_missing},
    {"device-side assert triggered", JG_SIG_device_side_assert},
    {"an illegal memory access was encountered", JG_SIG_illegal_memory_access},
    {"a cuda-enabled jaxlib is not installed", JG_SIG_package_without_cuda},
    {"cuda extension not installed", JG_SIG_package_without_cuda},
    {"blas = 0", JG_SIG_package_without_cuda},
    {"blas=0", JG_SIG_package_without_cuda},
    {"cannot re-initialize cuda in forked subprocess", JG_SIG_cuda_in_fork},
    {"was not compiled with cuda support", JG_SIG_package_without_cuda},
    {"compiled without gpu support", JG_SIG_package_without_cuda},
    {"built without cuda support", JG_SIG_package_without_cuda},
    {"not compiled with cuda support", JG_SIG_package_without_cuda}, /* torch-scatter, mmcv */
    {"cuda execution provider is not enabled in this build", JG_SIG_ort_no_cuda_provider},
    {"cicc: command not found", JG_SIG_cicc_missing},
    {"module compiled against api version", JG_SIG_numpy_abi},
    /* torch's own words when it meets a GPU arch */
    {"is not compatible with the current pytorch installation", JG_SIG_torch_arch_warning},
    {"too old to be supported by the triton gpu compiler", JG_SIG_gpu_too_old},
    {"doesn't support dp4a", JG_SIG_gpu_lacks_feature},
    {"the detected cuda version (", JG_SIG_toolkit_differs_from_torch},
    {"unknown cuda arch (", JG_SIG_extension_arch_unknown},
    {"device type tensor to numpy", JG_SIG_cuda_tensor_to_numpy},
    {"cuda_cublas_device_library", JG_SIG_cmake_cublas_device},
    {"cannot find compiler '", JG_SIG_host_compiler_missing},
    {"failed building wheel for", JG_SIG_sdist_build_failed},
    {"could not build wheels for", JG_SIG_sdist_build_failed},
    {"error: legacy-install-failure", JG_SIG_sdist_build_failed},
    {"with link time reference", JG_SIG_library_symbol_mismatch}, /* the loader: a symbol version */
    {"cannot load libnvidia-encode", JG_SIG_nvenc_library_missing}, /* ffmpeg's nvenc */
    {"could not load nvml library", JG_SIG_nvml_not_injected},      /* go-nvml: device plugin */
    {"requires a different python", JG_SIG_python_version_unsupported},
    {"jetson.webredirect.org", JG_SIG_jetson_index_dead},
    {"failed to parse cdi spec", JG_SIG_cdi_spec_unreadable},
    {"does not include the required gpu", JG_SIG_open_module_unsupported_gpu},
    {"could not locate dkms.conf", JG_SIG_module_not_built},
};

/* The reporter says the machine has no NVIDIA GPU (another vendor's, or a Mac). */
static const char *const other_gpu[] = {
    "amd gpu", "radeon", "macbook", "macos", "mac os", "apple m1", "apple m2", "apple m3",
    "apple m4", "apple silicon", "intel arc", "mps backend", "don't have an nvidia",
    "do not have an nvidia", "don't have nvidia", "no nvidia gpu", "without an nvidia gpu",
    "without nvidia gpu", NULL};

/* pip: "No matching distribution found for torch>=1.10" and its first line. */
static void pip_no_distribution(jg_tp *p)
{
    const char *r = after(p, "no matching distribution found for ");
    if (!r)
        r = after(p, "could not find a version that satisfies the requirement ");
    if (!r)
        return;
    size_t n = strcspn(r, " <>=!~;[(");
    bool torch = n == 5 && strncmp(r, "torch", 5) == 0;
    jg_tp_signal(p, torch ? JG_SIG_no_torch_distribution : JG_SIG_no_package_distribution);
}

/* "sudo [-E|-H] [/path/to/]python3 ..." or "sudo pip ...". */
static bool sudo_runs_python(const jg_tp *p)
{
    const char *r = find(p, "sudo ");
    if (!r)
        return false;
    r += 5;
    while (r[0] == '-' && r[1] && r[2] == ' ')
        r += 3; /* -E, -H */
    size_t n = strcspn(r, " ");
    char cmd[96];
    snprintf(cmd, sizeof cmd, "%.*s", (int)(n < sizeof cmd ? n : sizeof cmd - 1), r);
    const char *base = strrchr(cmd, '/');
    base = base ? base + 1 : cmd;
    return strncmp(base, "python", 6) == 0 || strncmp(base, "pip", 3) == 0;
}

/* The shell's own words: "Killed" (SIGKILL, on a Jetson almost always the
 * OOM killer), a job line "[1]+  Killed ...", and sudo before python/pip
 * (sudo resets PATH, LD_LIBRARY_PATH and the user site). */
static void shell_lines(jg_tp *p)
{
    const char *l = p->lower, *k = find(p, " killed ");
    bool pid_before = k && k > l && isdigit((unsigned char)k[-1]);
    /* torch's DataLoader: "worker (pid 123) is killed by signal: Killed" */
    if (strcmp(l, "killed") == 0 || strncmp(l, "killed ", 7) == 0 || find(p, "]+  killed") ||
        find(p, "`killed`") || pid_before || find(p, "is killed by signal"))
        jg_tp_signal(p, JG_SIG_process_killed);
    if (sudo_runs_python(p))
        jg_tp_signal(p, JG_SIG_sudo_python);
    /* a traceback through a relative torch/__init__.py: a source folder named torch */
    if (find(p, "file \"torch/__init__.py\""))
        jg_tp_signal(p, JG_SIG_local_torch_folder);
    /* the NVIDIA runtime's CSV mode exists only on Jetsons */
    if (find(p, "auto-detected mode as 'csv'") || find(p, "invoking the nvidia container runtime hook"))
        jg_tp_jetson_hint(p, "the NVIDIA container runtime in CSV mode");
    /* the NVIDIA runtime's mount lists (JetPack 4/5 CSV mode) */
    if (find(p, "l4t.csv") || (find(p, "cuda.csv") && find(p, "cudnn.csv")))
        jg_tp_signal(p, JG_SIG_csv_mount_lists);
}

/* "undefined symbol": in a package's extension built against another torch
 * (torchvision, torchaudio, flash-attn, mmcv, ...: python-packages), or in a
 * CUDA library of another version (cuda-libraries). */
static void undefined_symbol(jg_tp *p)
{
    if (!find(p, "undefined symbol"))
        return;
    if (find(p, "/libcu") || find(p, "/libnv") || find(p, "libcudnn") || find(p, "libcublas"))
        jg_tp_signal(p, JG_SIG_library_symbol_mismatch);
    else if (!find(p, "/torch/lib/") && (find(p, "_c.so") || find(p, ".cpython-") || find(p, "_cuda")))
        jg_tp_signal(p, JG_SIG_built_for_other_torch);
}

/* NVRM Xid codes that point at the card, its memory or its link. */
static void xid(jg_tp *p)
{
    static const int hw[] = {48, 61, 62, 63, 64, 74, 79, 92, 94, 95, 0};
    const char *r = after(p, "xid"); /* "NVRM: Xid (PCI:0000:02:00): 79, ..." */
    r = r ? strstr(r, "): ") : NULL;
    int code = r ? atoi(r + 3) : 0;
    for (int i = 0; hw[i]; i++)
        if (code == hw[i])
            jg_tp_signal(p, code == 79 ? JG_SIG_gpu_off_bus : JG_SIG_gpu_hardware_error);
}

/* "No module named 'torch'": this interpreter has no torch ('torch._C' is
 * another story: a broken install or a source folder). */
static void torch_module_missing(jg_tp *p)
{
    if (find(p, "no module named 'torch'") || find(p, "no module named \"torch\"") ||
        (find(p, "no module named torch") && !find(p, "no module named torch."))) {
        jg_tp_raw(p, JG_FF_python_torch_imported, json_false());
        jg_tp_raw(p, JG_FF_python_torch_found, json_false());
    }
}

/* Lines whose meaning needs more than one phrase. */
static void tool_lines(jg_tp *p)
{
    /* pip building a package from source and failing: "Running setup.py install for h5py
     * ... error", "Building wheel for x (pyproject.toml) did not run successfully" */
    if ((find(p, "running setup.py install for") && find(p, "... error")) ||
        (find(p, "building wheel for") && find(p, "did not run successfully")))
        jg_tp_signal(p, JG_SIG_sdist_build_failed);
    /* nvidia-smi's query output without a memory figure: unified memory (GB10, Jetson)
     * reports [N/A], a MIG container [Insufficient Permissions] */
    if (find(p, "[n/a], [n/a]") || find(p, "[insufficient permissions]"))
        jg_tp_signal(p, JG_SIG_nvidia_smi_no_memory);
    /* a root shell's prompt, "root@3f2a9c:/# pip3 install ...": commands ran there */
    if (strncmp(p->lower, "root@", 5) == 0 && strstr(p->lower, ":/") && strstr(p->lower, "# "))
        jg_tp_signal(p, JG_SIG_root_prompt);
    /* which interpreter runs is in question: a notebook kernel, a venv, sys.executable */
    if (find(p, "sys.executable") || has_word(p, "jupyter") || find(p, "kernel.json") ||
        find(p, "ipykernel") || find(p, "which python") || find(p, "system-site-packages"))
        jg_tp_signal(p, JG_SIG_interpreter_hint);
    if (find(p, "mig-") || has_word(p, "mig"))
        jg_tp_signal(p, JG_SIG_mig_seen);
    if (find(p, "no module named _c") || find(p, "no module named 'torch._c'") ||
        find(p, "name '_c' is not defined"))
        jg_tp_signal(p, JG_SIG_torch_c_missing);
}

void jg_rx_system(jg_tp *p)
{
    for (size_t i = 0; i < sizeof phrases / sizeof phrases[0]; i++)
        if (find(p, phrases[i].phrase))
            jg_tp_signal(p, phrases[i].signal);
    for (int i = 0; other_gpu[i]; i++)
        if (find(p, other_gpu[i]))
            jg_tp_signal(p, JG_SIG_no_nvidia_gpu);
    if (find(p, "nvrmmeminitnvmap failed") && find(p, "permission denied"))
        jg_tp_signal(p, JG_SIG_tegra_nodes_denied);
    pip_no_distribution(p);
    shell_lines(p);
    tool_lines(p);
    torch_module_missing(p);
    undefined_symbol(p);
    xid(p);
    /* NVML's "Unknown Error" inside a container: the runtime's device access is gone
     * (cgroup rules reset by a systemd reload on the host) */
    bool absent = find(p, "no such file") || find(p, "cannot") || find(p, "does not exist") ||
                  find(p, "failed to open");
    /* what NVIDIA's Jetson torch wheels need from the system (its install guide) */
    bool unopened = find(p, "cannot open") || find(p, "no such file") || find(p, "not found");
    if (unopened && (find(p, "libopenblas.so") || find(p, "libmpi_cxx.so") || find(p, "libmpi.so") ||
                   find(p, "libomp.so") || find(p, "libgomp.so")))
        jg_tp_signal(p, JG_SIG_torch_system_library_missing);
    if (absent && find(p, "/dev/nvidia-uvm"))
        jg_tp_signal(p, JG_SIG_uvm_missing);
    if (absent && (find(p, "/dev/nvhost-") || find(p, "/dev/nvmap") || find(p, "/dev/nvgpu")) &&
        !find(p, "permission denied"))
        jg_tp_signal(p, JG_SIG_tegra_node_missing);
    if (find(p, "nvidia-container-runtime-hook") && find(p, "executable file not found"))
        jg_tp_signal(p, JG_SIG_toolkit_hook_missing);
    /* docker build's own lines: "Step 5/9 : RUN ..." and " ---> Running in 92c8d8acab95" */
    if ((strncmp(p->lower, "step ", 5) == 0 && find(p, " : run ")) || find(p, "---> running in "))
        jg_tp_signal(p, JG_SIG_container_shell);
    /* docker-compose's "Creating <service> ... done" */
    size_t n = strlen(p->lower);
    if (strncmp(p->lower, "creating ", 9) == 0 && n > 8 && strcmp(p->lower + n - 8, "... done") == 0)
        jg_tp_signal(p, JG_SIG_container_shell);
    /* a shell inside a running container (the commands that follow ran there) */
    if (find(p, "docker exec") || find(p, "podman exec") || find(p, "kubectl exec") ||
        find(p, "podman run") || find(p, "udocker ") || find(p, "singularity exec") ||
        find(p, "apptainer exec") || find(p, "docker compose") || find(p, "docker-compose"))
        jg_tp_signal(p, JG_SIG_container_shell);
    /* a binary built against a newer glibc / libstdc++ than the one loaded */
    if (find(p, "version `glibc_2.") && find(p, "not found"))
        jg_tp_signal(p, JG_SIG_glibc_too_old);
    if (find(p, "version `glibcxx_3.") && find(p, "not found"))
        jg_tp_signal(p, JG_SIG_libstdcxx_too_old);
    /* torch's allocator asserting on an NVML call is how it reports running out (pytorch#112377) */
    if (find(p, "nvml_success == r internal assert failed"))
        jg_tp_signal(p, JG_SIG_out_of_memory);
    if (has_word(p, "dcgm") || find(p, "dcgm-exporter"))
        jg_tp_signal(p, JG_SIG_dcgm_named);
    if (find(p, "failed to initialize nvml: unknown error"))
        jg_tp_signal(p, JG_SIG_nvml_unknown_error);
}
