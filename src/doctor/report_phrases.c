/* One fixed phrase of a tool's output, one signal: the tools' own wording
 * (nvidia-smi, modprobe, the kernel, docker and the NVIDIA container runtime,
 * torch, pip, TensorRT, cuDNN, ffmpeg, ...), matched in lower case anywhere in
 * a line. What a signal means is the signal rules' business (signal_rules.h);
 * phrases that need a second word or a context are report_match_*.c's. */
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
    /* the wording of frequently reported messages, each with its source in the row
     * of the signal it sets (rules_signals_*.c) */
    {"error while creating shared memory segment", JG_SIG_shm_too_small},
    {"this might be caused by insufficient shared memory (shm)", JG_SIG_shm_too_small},
    {"cgroup subsystem devices not found", JG_SIG_toolkit_without_cgroupv2},
    {"unable to find any existing device filters attached to the cgroup", JG_SIG_rootless_needs_no_cgroups},
    {"unknown flag: --gpus", JG_SIG_docker_too_old_for_gpus},
    {"ldcache error: open failed: /sbin/ldconfig.real", JG_SIG_ldconfig_path_wrong},
    {"err_nvgpuctrperm", JG_SIG_profiling_counters_restricted},
    {"cupti_error_insufficient_privileges", JG_SIG_profiling_counters_restricted},
    {"does not match dso version", JG_SIG_nvml_mismatch},
    {"required key not available", JG_SIG_secure_boot},
    {"timeout waiting for rpc from gsp", JG_SIG_gsp_rpc_timeout},
    {"the nvidia probe routine was not called", JG_SIG_gpu_claimed_by_other_driver},
    {"this pci i/o region assigned to your nvidia device is invalid", JG_SIG_pci_bar_not_assigned},
    {"unable to find the kernel source tree for the currently running kernel", JG_SIG_kernel_headers_missing},
    {"the nouveau kernel driver is currently in use by your system", JG_SIG_nouveau_loaded},
    {"bad return status for module build on kernel", JG_SIG_module_build_failed},
    {"legacy drivers. please", JG_SIG_gpu_needs_legacy_branch},
    {"did you set the docker default runtime to", JG_SIG_nvml_not_injected},
    {"no runtime for \"nvidia\" is configured", JG_SIG_runtime_not_registered},
    {"insufficient nvidia.com/gpu", JG_SIG_gpu_not_advertised},
    {"compatibility mode is unavailable", JG_SIG_driver_older_than_image},
    {"no supported gpu(s) detected to run this container", JG_SIG_ngc_no_supported_gpu},
    {"wsl environment detected but no adapters were found", JG_SIG_wsl_no_gpu_adapter},
    {"gpu access blocked by the operating system", JG_SIG_wsl_gpu_blocked},
    {"libcuda.so.1 is not a symbolic link", JG_SIG_wsl_libcuda_not_symlink},
    {"system throttled due to over-current", JG_SIG_jetson_over_current},
    {"error processing package nvidia-l4t-bootloader", JG_SIG_l4t_bootloader_update_failed},
    {"driver rpc error: timed out", JG_SIG_persistence_not_enabled},
    {"libcuda.so cannot found", JG_SIG_libcuda_so_link_missing},
    {"uncorrectable nvlink error", JG_SIG_nvlink_uncorrectable},
    {"the launch timed out and was terminated", JG_SIG_display_watchdog},
    {"appears to already be loaded in your kernel", JG_SIG_module_in_use_during_install},
    {"nvidia-container-cli: device error:", JG_SIG_container_gpu_id_unknown},
    {"error_library_not_found", JG_SIG_toolkit_cannot_find_nvml},
    {"nv_warn_nothing_to_do", JG_SIG_fabric_manager_no_nvswitch},
    {"error executing hook `/usr/bin/nvidia-container-toolkit`", JG_SIG_podman_legacy_hook},
    {"don't match with driver version", JG_SIG_fabric_manager_version_mismatch},
    {"nvrmmeminitnvmap failed with no such file", JG_SIG_tegra_node_missing},
    {"watchdog caught collective operation timeout", JG_SIG_nccl_collective_timeout},
    {"unexpected bus error encountered in worker", JG_SIG_shm_too_small},
    {"distributed package doesn't have nccl built in", JG_SIG_torch_without_nccl},
    {"no module named 'torch._c._distributed_c10d'", JG_SIG_torch_without_distributed},
    {"cannot load symbol cudnncreatetensordescriptor", JG_SIG_cudnn_stated_missing},
    {"could not load symbol cublasgetsmcounttarget", JG_SIG_library_symbol_mismatch},
    {"cannot find a working triton installation", JG_SIG_triton_missing},
    {"cannot import name 'triton_key' from 'triton.compiler.compiler'", JG_SIG_built_for_other_torch},
    {"cannot find -lcuda", JG_SIG_libcuda_so_link_missing},
    {"libcuda.so cannot found!", JG_SIG_libcuda_so_link_missing},
    {"failed to find c compiler. please specify via cc environment variable", JG_SIG_c_compiler_missing},
    {"error: externally-managed-environment", JG_SIG_system_python_externally_managed},
    {"but doesn't declare it as a build dependency", JG_SIG_build_isolation_hides_torch},
    {"but not at the requested version", JG_SIG_first_index_strategy},
    {"unsupported gnu version! gcc versions later than", JG_SIG_host_compiler_too_new},
    {"cuda extensions are being compiled with a version of cuda that does not match", JG_SIG_toolkit_differs_from_torch},
    {"cannot import name 'packaging' from 'pkg_resources'", JG_SIG_setuptools_too_new_for_torch},
    {"ninja is required to load c++ extensions", JG_SIG_ninja_missing},
    {"xformers wasn't build with cuda support", JG_SIG_package_without_cuda},
    {"no operator found for `memory_efficient_attention_forward`", JG_SIG_package_without_cuda},
    {"the library is compiled without cuda support", JG_SIG_opencv_without_cuda},
    {"not compiled with gpu support", JG_SIG_package_without_cuda},
    {"no module named 'mmcv._ext'", JG_SIG_mmcv_without_ops},
    {"could not find the bitsandbytes cuda binary at", JG_SIG_bitsandbytes_no_binary_for_cuda},
    {"configured cuda binary not found at", JG_SIG_bitsandbytes_no_binary_for_cuda},
    {"explicit_context_dependent failed: invalid device context", JG_SIG_pycuda_no_context},
    {"tensorrt was linked against", JG_SIG_library_symbol_mismatch},
    {"network has dynamic or shape inputs, but no optimization profile has been defined", JG_SIG_tensorrt_no_optimization_profile},
    {"can't find libdevice directory ${cuda_dir}/nvvm/libdevice", JG_SIG_xla_libdevice_not_found},
    {"but this operation is not deterministic because it uses cublas", JG_SIG_cublas_workspace_config_unset},
    {"not implemented for 'half'", JG_SIG_running_on_cpu},
    {"is larger than the maximum number of tokens that can be stored in kv cache", JG_SIG_kv_cache_too_small},
    {"no cmake_cuda_compiler could be found", JG_SIG_nvcc_missing},
    {"cudnn_status_sublibrary_version_mismatch", JG_SIG_cudnn_sublibraries_mixed},
    {"model requires more system memory", JG_SIG_out_of_memory},
    {"assertion `srcindex < srcselectdimsize` failed", JG_SIG_device_side_assert},
    {"module 'numpy' has no attribute 'bool'", JG_SIG_packages_do_not_fit},
    {"failed to load image python extension", JG_SIG_built_for_other_torch},
    {"no module named 'distutils'", JG_SIG_distutils_removed},
    {"cudnn.h: no such file or directory", JG_SIG_cudnn_headers_missing},
    /* other tools' and versions' words for causes already read (stop 20, round two) */
    {"not compiled with gpu offload support", JG_SIG_package_without_cuda},
    {"ggml was not compiled with any cuda arch", JG_SIG_package_lacks_gpu_arch},
    {"compile with use_cuda=1 to enable gpu usage", JG_SIG_package_without_cuda},
    {"xgboost version not compiled with gpu support", JG_SIG_package_without_cuda},
    {"dnn module was not built with cuda backend", JG_SIG_opencv_without_cuda},
    {"has no attribute '_cuda_setdevice'", JG_SIG_torch_not_compiled},
    {"no platforms that are instances of gpu are present", JG_SIG_package_without_cuda},
    {"the minimum required cuda capability is", JG_SIG_gpu_too_old},
    {"was not built with cuda kernel binaries compatible with compute capability", JG_SIG_package_lacks_gpu_arch},
    {"cuda gpu is too old. compute capability detected", JG_SIG_gpu_too_old},
    {"is not supported by this tensorrt release", JG_SIG_tensorrt_gpu_unsupported},
    {"unsupported sm: 0x", JG_SIG_tensorrt_gpu_unsupported},
    {"platform specific tag mismatch detected", JG_SIG_trt_engine_version},
    {"nvml shared library not found", JG_SIG_nvml_missing},
    {"libnvvm cannot be found", JG_SIG_cicc_missing},
    {"module compiled against abi version", JG_SIG_numpy_abi},
    {"libbitsandbytes_cpu.so: undefined symbol", JG_SIG_bitsandbytes_no_binary_for_cuda},
    {"invalid value for --gpu-architecture", JG_SIG_toolchain_too_old_for_arch},
    {"has no wheels with a matching python abi tag", JG_SIG_no_package_distribution},
    {"has no wheels with a matching platform tag", JG_SIG_no_package_distribution},
    {"but your gpu has capability", JG_SIG_gpu_lacks_feature},
    {"could not find cuda drivers on your machine, gpu will not be used", JG_SIG_tf_gpu_libraries},
    {"could not find cuda drivers on your machine, gpu will not be used", JG_SIG_tf_gpu_libraries},
    {"no gpu/tpu found, falling back to cpu", JG_SIG_package_without_cuda},
    {"nvidia driver too old", JG_SIG_driver_too_old_for_build},
    {"process has terminated: signal: killed", JG_SIG_process_killed},
    {"not compiled with gpu offload support", JG_SIG_package_without_cuda},
    {"cuda driver library cannot be found", JG_SIG_driver_library_not_found},
    {"driver missing function: cuinit", JG_SIG_wrong_cuda_driver_path},
    {"failed to create cudaexecutionprovider", JG_SIG_framework_cannot_load_cuda_libs},
    {"oom when allocating tensor", JG_SIG_out_of_memory},
    {"xlaruntimeerror: resource_exhausted", JG_SIG_out_of_memory},
    {"error loading model: unable to allocate", JG_SIG_out_of_memory},
    {"alloc_tensor_range: failed to allocate", JG_SIG_out_of_memory},
    {"ggml_gallocr_reserve_n: failed to allocate", JG_SIG_out_of_memory},
    {"killed signal terminated program", JG_SIG_process_killed},
    {"internal compiler error: killed (program", JG_SIG_process_killed},
    {"failed to allocate memory for requested buffer of size", JG_SIG_out_of_memory},
    {"died due to signal 9", JG_SIG_process_killed},
    {"is less than desired gpu memory utilization", JG_SIG_out_of_memory},
    {"no matching manifest for linux/arm64", JG_SIG_image_platform_mismatch},
    {"could not find any nv files on this host", JG_SIG_apptainer_nv_files_not_found},
    {"please set the cudatoolkit_root variable", JG_SIG_nvcc_missing},
    {"could not find cuda (missing:", JG_SIG_nvcc_missing},
    {"cuda_home does not exist, unable to compile cuda op(s)", JG_SIG_cuda_home_unset},
    {"that paddle depends on is not configured correctly", JG_SIG_framework_cannot_load_cuda_libs},
    {"cannot load cudnn shared library", JG_SIG_cudnn_stated_missing},
    {"i can't access jtop.service", JG_SIG_jtop_service_access},
    {"requested amount of gpu memory", JG_SIG_out_of_memory},
    {"systemd-oomd killed", JG_SIG_oom_killer},
    {"does not match the expected platform", JG_SIG_image_platform_mismatch},
    {"\"oomkilled\": true", JG_SIG_oom_killer},
};

#define JG_PHRASES (sizeof phrases / sizeof phrases[0])

/* Each phrase's first and last character pair, hashed once: the table is run on
 * every line of a paste, and most lines lack one of the two pairs. */
static struct {
    unsigned short first, last;
} pairs_of[JG_PHRASES];

static void index_phrases(void)
{
    for (size_t i = 0; i < JG_PHRASES; i++) {
        const char *s = phrases[i].phrase;
        size_t n = strlen(s);
        pairs_of[i].first = (unsigned short)JG_TP_PAIR(s[0], s[1]);
        pairs_of[i].last = (unsigned short)JG_TP_PAIR(s[n - 2], s[n - 1]);
    }
}

static bool has_pair(const jg_tp *p, unsigned h)
{
    return (p->pairs[h >> 3] >> (h & 7)) & 1u;
}

void jg_rx_phrases(jg_tp *p)
{
    static bool indexed;
    if (!indexed) {
        index_phrases();
        indexed = true;
    }
    for (size_t i = 0; i < JG_PHRASES; i++)
        if (has_pair(p, pairs_of[i].first) && has_pair(p, pairs_of[i].last) &&
            strstr(p->lower, phrases[i].phrase))
            jg_tp_signal(p, phrases[i].signal);
}
