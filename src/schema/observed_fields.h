/* The observed document (docs/schema.md "Observed"): what a pasted report
 * showed, in "observed" beside the facts it gave. Field tables
 * (schema/doc.h), one row per member; the readers (doctor rules) and the
 * writers (the triage recognisers) use the accessors of schema/observed.h,
 * so a misspelled or mistyped member does not compile. */
#ifndef JG_SCHEMA_OBSERVED_FIELDS_H
#define JG_SCHEMA_OBSERVED_FIELDS_H

/* "observed": lists hold items (JG_OBS_ITEM_FIELDS), at most JG_REPORT_LIST_CAP each. */
#define JG_OBSERVED_FIELDS(X, P)                                                                  \
    X(P, cuda_errors, "cuda_errors", ARR)               /* code, call (a probe: + name, text) */  \
    X(P, missing_libraries, "missing_libraries", ARR)   /* soname */                              \
    X(P, present_libraries, "present_libraries", ARR)   /* soname: ls / find output */            \
    X(P, requires, "requires", ARR)                     /* library, major */                      \
    X(P, wheels, "wheels", ARR)                         /* file */                                \
    X(P, unsupported_wheels, "unsupported_wheels", ARR) /* wheel, package */                      \
    X(P, conflicts, "conflicts", ARR)                   /* package, required, installed */        \
    X(P, images, "images", ARR)                         /* ref, l4t */                            \
    X(P, devices_seen, "devices_seen", ARR)             /* name */                                \
    X(P, torch_sessions, "torch_sessions", ARR)         /* version, cuda_available */             \
    X(P, jetson_hints, "jetson_hints", ARR)             /* strings: why it is about a Jetson */   \
    X(P, docker, "docker", OBJ)                         /* JG_DOCKER_FIELDS */                    \
    X(P, host_l4t, "host_l4t", OBJ)                     /* item with version: the host L4T */     \
    X(P, other_stack, "other_stack", OBJ)               /* item with package: CUDA, not torch */  \
    X(P, torch_seen, "torch_seen", OBJ)                 /* the item of the first torch line */    \
    X(P, signals, "signals", OBJ)                       /* JG_SIGNALS -> the item showing it */   \
    X(P, env, "env", OBJ)                               /* a variable the paste sets -> value */  \
    X(P, driver_version, "driver_version", INT)         /* 11040: deviceQuery, nvidia-smi */      \
    X(P, gpu_cc, "gpu_cc", STR)                         /* "8.7": deviceQuery, torch's warning */ \
    X(P, torch_index_cuda, "torch_index_cuda", STR)     /* "12.1": pytorch.org/whl/cuXYZ named */

/* "observed.docker" */
#define JG_DOCKER_FIELDS(X, P)                                                                    \
    X(P, run, "run", BOOL)                                                                        \
    X(P, build, "build", BOOL)                                                                    \
    X(P, runtime_nvidia, "runtime_nvidia", BOOL)                                                  \
    X(P, gpus, "gpus", BOOL)                                                                      \
    X(P, run_line, "run_line", OBJ)                     /* the item of the docker run line */

/* The members of an observed item: every item has line and text (the line,
 * scrubbed); the others belong to the lists named above. */
#define JG_OBS_ITEM_FIELDS(X, P)                                                                  \
    X(P, line, "line", INT)                                                                       \
    X(P, text, "text", STR)                                                                       \
    X(P, code, "code", INT)                                                                       \
    X(P, call, "call", STR)                                                                       \
    X(P, name, "name", STR)                                                                       \
    X(P, soname, "soname", STR)                                                                   \
    X(P, library, "library", STR)                                                                 \
    X(P, major, "major", INT)                                                                     \
    X(P, file, "file", STR)                                                                       \
    X(P, wheel, "wheel", STR)                                                                     \
    X(P, package, "package", STR)                                                                 \
    X(P, required, "required", STR)                                                               \
    X(P, installed, "installed", STR)                                                             \
    X(P, ref, "ref", STR)                                                                         \
    X(P, l4t, "l4t", STR)                                                                         \
    X(P, version, "version", STR)                                                                 \
    X(P, cuda_available, "cuda_available", BOOL)

/* The signals: one phrase or shape a recogniser saw, named for the rules. */
#define JG_SIGNALS(X)                                                                             \
    X(illegal_instruction)                                                                        \
    X(exec_format_error)                                                                          \
    X(image_platform_mismatch)                                                                    \
    X(container_cli_error)                                                                        \
    X(numpy_abi)                                                                                  \
    X(packages_do_not_fit)                                                                        \
    X(tensorrt_api_changed)                                                                       \
    X(project_exception)                                                                          \
    X(failure_outside_stack)                                                                      \
    X(failure_in_stack)                                                                           \
    X(tensorrt_module_missing)                                                                    \
    X(cudnn_no_algorithm)                                                                         \
    X(csv_mount_collision)                                                                        \
    X(fp16_compute_unsupported)                                                                   \
    X(cicc_missing)                                                                               \
    X(torch_not_compiled)                                                                         \
    X(nvml_stub)                                                                                  \
    X(nvml_missing)                                                                               \
    X(gpu_eacces)                                                                                 \
    X(user_switch)                                                                                \
    X(trt_cuda_init_100)                                                                          \
    X(bnb_setup_failed)                                                                           \
    X(bnb_kernel_failed)                                                                          \
    X(conda_forge_torch)                                                                          \
    X(dgx_spark)                                                                                  \
    X(cuda_not_installed)                                                                         \
    X(visible_devices_set)                                                                        \
    X(stubs_on_library_path)                                                                      \
    X(library_path_placeholder)                                                                   \
    X(stub_libcuda_loaded)                                                                        \
    X(no_cuda_gpus)                                                                               \
    X(nvcc_missing)                                                                               \
    X(conda_env)                                                                                  \
    X(torch_from_pytorch_index)                                                                   \
    X(pip_torch_default_index)                                                                    \
    X(pip_tensorflow)                                                                             \
    X(out_of_memory)                                                                              \
    X(oom_killer)                                                                                 \
    X(tensors_on_two_devices)                                                                     \
    X(trt_engine_version)                                                                         \
    X(jtop_jetpack_unknown)                                                                       \
    X(torchvision_ops_missing)                                                                    \
    X(docker_seccomp)                                                                             \
    X(docker_no_gpu_driver)                                                                       \
    X(tegra_nodes_denied)                                                                         \
    X(ort_no_cuda_provider)                                                                       \
    X(nvml_permissions)                                                                           \
    X(empty_cuda_library)                                                                         \
    X(tf_gpu_query)                                                                               \
    X(tf_no_gpu)                                                                                  \
    X(no_wheel_for_platform)                                                                      \
    X(gpu_too_old)                                                                                \
    X(gpu_lacks_feature)                                                                          \
    X(no_nvidia_gpu)                                                                              \
    X(no_nvidia_driver)                                                                           \
    X(gpu_off_bus)                                                                                \
    X(gpu_device_handle)                                                                          \
    X(driver_not_loaded)                                                                          \
    X(secure_boot)                                                                                \
    X(nvml_mismatch)                                                                              \
    X(runtime_not_registered)                                                                     \
    X(gpus_flag_csv)                                                                              \
    X(no_gpu_at_build)                                                                            \
    X(driver_older_than_image)                                                                    \
    X(csv_mount_lists)                                                                            \
    X(cudnn_version_mismatch)                                                                     \
    X(invalid_device_ordinal)                                                                     \
    X(cuda_in_fork)                                                                               \
    X(process_killed)                                                                             \
    X(package_without_cuda)                                                                       \
    X(no_torch_distribution)                                                                      \
    X(no_package_distribution)                                                                    \
    X(local_torch_folder)                                                                         \
    X(sudo_user_program)                                                                          \
    X(gpu_hardware_error)                                                                         \
    X(module_not_built)                                                                           \
    X(no_devices_found)                                                                           \
    X(uvm_missing)                                                                                \
    X(devices_busy)                                                                               \
    X(toolkit_hook_missing)                                                                       \
    X(cdi_unresolved)                                                                             \
    X(nvml_unknown_error)                                                                         \
    X(cli_driver_libraries)                                                                       \
    X(fabric_manager)                                                                             \
    X(built_for_other_torch)                                                                      \
    X(library_symbol_mismatch)                                                                    \
    X(tf_gpu_libraries)                                                                           \
    X(cuda_home_unset)                                                                            \
    X(device_side_assert)                                                                         \
    X(illegal_memory_access)                                                                      \
    X(nvrtc_builtins)                                                                             \
    X(cudnn_stated_missing)                                                                       \
    X(ngc_no_driver)                                                                              \
    X(driver_init_failed)                                                                         \
    X(nvidia_smi_missing)                                                                         \
    X(tegra_node_missing)                                                                         \
    X(tegra_chip_id_unread)                                                                       \
    X(toolkit_differs_from_torch)                                                                 \
    X(cudnn_not_initialized)                                                                      \
    X(container_shell)                                                                            \
    X(glibc_too_old)                                                                              \
    X(libstdcxx_too_old)                                                                          \
    X(built_for_other_python)                                                                     \
    X(toolchain_too_old_for_arch)                                                                 \
    X(cuda_headers_missing)                                                                       \
    X(static_tls)                                                                                 \
    X(running_on_cpu)                                                                             \
    X(resolver_failed)                                                                            \
    X(pypi_pytorch_placeholder)                                                                   \
    X(dcgm_named)                                                                                 \
    X(compose_without_gpu_devices)                                                                \
    X(torch_system_library_missing)                                                               \
    X(cuda_tensor_to_numpy)                                                                       \
    X(nvidia_smi_no_memory)                                                                       \
    X(cmake_cublas_device)                                                                        \
    X(sdist_build_failed)                                                                         \
    X(python_version_unsupported)                                                                 \
    X(jetson_index_dead)                                                                          \
    X(extension_arch_unknown)                                                                     \
    X(torch_arch_warning)                                                                         \
    X(torch_no_published_build)                                                                   \
    X(host_compiler_missing)                                                                      \
    X(torch_c_missing)                                                                            \
    X(cdi_spec_unreadable)                                                                        \
    X(open_module_unsupported_gpu)                                                                \
    X(mig_seen)                                                                                   \
    X(root_prompt)                                                                                \
    X(nvidia_gpu_named)                                                                           \
    X(pre_kepler_gpu_named)                                                                       \
    X(tensorrt_api_differs)                                                                       \
    X(toolkit_version_required)                                                                   \
    X(python2_ran)                                                                                \
    X(pycuda_copy_invalid)                                                                        \
    X(arch_dropped_by_toolkit)                                                                    \
    X(trtexec_not_on_path)                                                                        \
    X(cdi_spec_stale)                                                                             \
    X(cdi_generate_failed)                                                                        \
    X(vgpu_guest_mismatch)                                                                        \
    X(torch_api_removed)                                                                          \
    X(distro_nvcc_first)                                                                          \
    X(model_classes_mismatch)                                                                     \
    X(weights_only_load)                                                                          \
    X(onnx_too_old)                                                                               \
    X(checkpoint_newer_than_torch)                                                                \
    X(tf_cudnn_handle_failed)                                                                     \
    X(triton_no_gpus)                                                                             \
    X(jetson_utils_without_numpy)                                                                 \
    X(jetson_utils_usage)                                                                         \
    X(host_memory_not_registered)                                                                 \
    X(cuda_invalid_value)                                                                         \
    X(package_library_unloadable)                                                                 \
    X(arch_list_empty)                                                                            \
    X(native_cuda_check)                                                                          \
    X(checkpoint_on_cuda_without_cuda)                                                            \
    X(checkpoint_device_missing)                                                                  \
    X(torch_cuda_deps_missing)                                                                    \
    X(cuda_lib_link_missing)                                                                      \
    X(package_installed_twice)                                                                    \
    X(ort_providers_required)                                                                     \
    X(cdi_engine_unaware)                                                                         \
    X(weights_do_not_fit)                                                                         \
    X(cuda_ipc_unsupported)                                                                       \
    X(toolkit_absent)                                                                             \
    X(python2_module_on_path)                                                                     \
    X(module_missing)                                                                             \
    X(interpreter_hint)                                                                           \
    X(nvenc_library_missing)                                                                      \
    X(nvml_not_injected)                                                                          \
    X(shm_too_small)                                                                              \
    X(toolkit_without_cgroupv2)                                                                   \
    X(rootless_needs_no_cgroups)                                                                  \
    X(docker_too_old_for_gpus)                                                                    \
    X(ldconfig_path_wrong)                                                                        \
    X(profiling_counters_restricted)                                                              \
    X(gsp_rpc_timeout)                                                                            \
    X(gpu_claimed_by_other_driver)                                                                \
    X(pci_bar_not_assigned)                                                                       \
    X(kernel_headers_missing)                                                                     \
    X(nouveau_loaded)                                                                             \
    X(module_build_failed)                                                                        \
    X(gpu_needs_legacy_branch)                                                                    \
    X(gpu_not_advertised)                                                                         \
    X(ngc_no_supported_gpu)                                                                       \
    X(wsl_no_gpu_adapter)                                                                         \
    X(wsl_gpu_blocked)                                                                            \
    X(wsl_libcuda_not_symlink)                                                                    \
    X(jetson_over_current)                                                                        \
    X(l4t_bootloader_update_failed)                                                               \
    X(persistence_not_enabled)                                                                    \
    X(libcuda_so_link_missing)                                                                    \
    X(nvlink_uncorrectable)                                                                       \
    X(display_watchdog)                                                                           \
    X(module_in_use_during_install)                                                               \
    X(container_gpu_id_unknown)                                                                   \
    X(toolkit_cannot_find_nvml)                                                                   \
    X(fabric_manager_no_nvswitch)                                                                 \
    X(podman_legacy_hook)                                                                         \
    X(fabric_manager_version_mismatch)                                                            \
    X(nccl_collective_timeout)                                                                    \
    X(torch_without_nccl)                                                                         \
    X(torch_without_distributed)                                                                  \
    X(triton_missing)                                                                             \
    X(c_compiler_missing)                                                                         \
    X(system_python_externally_managed)                                                           \
    X(build_isolation_hides_torch)                                                                \
    X(first_index_strategy)                                                                       \
    X(host_compiler_too_new)                                                                      \
    X(setuptools_too_new_for_torch)                                                               \
    X(ninja_missing)                                                                              \
    X(opencv_without_cuda)                                                                        \
    X(mmcv_without_ops)                                                                           \
    X(bitsandbytes_no_binary_for_cuda)                                                            \
    X(pycuda_no_context)                                                                          \
    X(tensorrt_no_optimization_profile)                                                           \
    X(xla_libdevice_not_found)                                                                    \
    X(cublas_workspace_config_unset)                                                              \
    X(kv_cache_too_small)                                                                         \
    X(cudnn_sublibraries_mixed)                                                                   \
    X(distutils_removed)                                                                          \
    X(cudnn_headers_missing)                                                                      \
    X(package_lacks_gpu_arch)                                                                     \
    X(tensorrt_gpu_unsupported)                                                                   \
    X(driver_too_old_for_build)                                                                   \
    X(driver_library_not_found)                                                                   \
    X(wrong_cuda_driver_path)                                                                     \
    X(framework_cannot_load_cuda_libs)                                                            \
    X(apptainer_nv_files_not_found)                                                               \
    X(jtop_service_access)                                                                        \
    X(argus_socket_unreachable)                                                                   \
    X(egl_display_unavailable)                                                                    \
    X(no_hw_video_encoder)                                                                        \
    X(no_container_for_l4t)                                                                       \
    X(nv_tegra_release_unreadable)                                                                \
    X(no_dla_core)                                                                                \
    X(jtop_service_inactive)                                                                      \
    X(tensorrt_pip_on_jetson)                                                                     \
    X(l4t_package_not_installable)                                                                \
    X(l4t_kernel_package_mismatch)                                                                \
    X(l4t_core_in_container)                                                                      \
    X(nvpmodel_not_applied)                                                                       \
    X(jetson_clocks_failed)                                                                       \
    X(download_hash_mismatch)                                                                     \
    X(interpreter_outside_requires_python)                                                        \
    X(conflicting_package_sources)                                                                \
    X(lockfile_out_of_date)                                                                       \
    X(conda_cuda_not_detected)                                                                    \
    X(windows_torch_dll_failed)                                                                   \
    X(cudnn_zlib_missing)                                                                         \
    X(docker_desktop_wsl_off)                                                                     \
    X(ptx_jit_library_missing)                                                                    \
    X(launch_out_of_resources)                                                                    \
    X(ranks_share_one_gpu)                                                                        \
    X(cublas_not_initialized)                                                                     \
    X(build_flag_retired)                                                                         \
    X(onnx_model_not_accepted)                                                                    \
    X(tensorrt_too_old_for_model)                                                                 \
    X(onnxruntime_too_old_for_model)                                                              \
    X(tensorrt_plugin_not_loaded)                                                                 \
    X(deepstream_custom_lib_missing)                                                              \
    X(model_format_unsupported)                                                                   \
    X(model_io_names_wrong)                                                                       \
    X(no_camera_found)                                                                            \
    X(torch2trt_unsupported_op)                                                                   \
    X(triton_backend_missing)                                                                     \
    X(engine_file_missing)                                                                        \
    X(tensorrt_engine_build_failed)                                                               \
    X(host_compiler_too_old)                                                                      \
    X(torch_without_cudnn)                                                                        \
    X(nccl_peer_exited)                                                                           \
    X(compile_unsupported_on_platform)                                                            \
    X(python_headers_missing)                                                                     \
    X(alloc_conf_unsupported)                                                                     \
    X(cuda_graph_capture_invalid)                                                                 \
    X(gpu_probe_failed)                                                                           \
    X(module_built_for_other_kernel)                                                              \
    X(module_taint_harmless)                                                                      \
    X(persistenced_failed)                                                                        \
    X(gpu_job_timeout)                                                                            \
    X(nvgpu_firmware_missing)                                                                     \
    X(nvgpu_poweron_failed)                                                                       \
    X(overheating)                                                                                \
    X(nvenc_session_limit)                                                                        \
    X(opencv_without_gui)                                                                         \
    X(video_caps_mismatch)                                                                        \
    X(torchvision_video_backend_missing)                                                          \
    X(docker_socket_access)                                                                       \
    X(docker_daemon_down)                                                                         \
    X(daemon_json_invalid)                                                                        \
    X(image_not_pullable)                                                                         \
    X(registry_rate_limited)                                                                      \
    X(disk_full)                                                                                  \
    X(apt_package_not_found)                                                                      \
    X(apt_unmet_dependencies)                                                                     \
    X(apt_hash_mismatch)                                                                          \
    X(cuda_repo_key_rotated)                                                                      \
    X(apt_repo_key_missing)                                                                       \
    X(apt_duplicate_source)                                                                       \
    X(apt_lock_held)                                                                              \
    X(network_unreachable)                                                                        \
    X(tls_verification_failed)                                                                    \
    X(toolkit_too_old_for_build)                                                                  \
    X(ptx_newer_than_assembler)                                                                   \
    X(mixed_cuda_toolkits)                                                                        \
    X(device_link_missing)                                                                        \
    X(cudart_not_linked)                                                                          \
    X(cuda_libs_not_on_link_path)                                                                 \
    X(cuda_arch_list_invalid)                                                                     \
    X(cuda_architectures_unset)                                                                   \
    X(toolkit_too_old_for_host)                                                                   \
    X(model_newer_than_runtime)                                                                   \
    X(flash_attention_input_unsupported)                                                          \
    X(tensorrt_headers_missing)                                                                   \
    X(driver_symbol_missing)                                                                      \
    X(cuda_dll_missing_windows)                                                                   \
    X(nvidia_docker_version_unsupported)                                                          \
    X(build_library_missing)                                                                      \
    X(native_program_aborted)                                                                     \
    X(torch_module_missing)                                                                       \
    X(nvidia_docker_volume_cross_device)                                                          \
    X(nvidia_nodes_group_only)                                                                    \
    X(host_memory_exhausted)                                                                      \
    X(driver_init_timed_out)                                                                      \
    X(toolkit_pins_docker_version)                                                                \
    X(arch_value_malformed)

#endif
