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
};

void jg_rx_phrases(jg_tp *p)
{
    for (size_t i = 0; i < sizeof phrases / sizeof phrases[0]; i++)
        if (find(p, phrases[i].phrase))
            jg_tp_signal(p, phrases[i].signal);
}
