/* The observed document (docs/schema.md "Observed"): what a pasted report
 * showed, in "observed" beside the facts it gave. One row per member,
 * X(T, name, TYPE) with the member's key as its name (schema/keys.h); the
 * readers (doctor rules) and the writers (the triage recognisers) use the
 * accessors of schema/observed.h, so a misspelled member does not compile. */
#ifndef JG_SCHEMA_OBSERVED_FIELDS_H
#define JG_SCHEMA_OBSERVED_FIELDS_H

/* "observed": lists hold items (JG_OBS_ITEM_FIELDS), at most JG_REPORT_LIST_CAP each. */
#define JG_OBSERVED_FIELDS(X, T)                                                                  \
    X(T, cuda_errors, LIST)        /* code, call (a name and text when from a probe) */          \
    X(T, missing_libraries, LIST)  /* soname */                                                   \
    X(T, present_libraries, LIST)  /* soname: ls / find output */                                 \
    X(T, requires, LIST)           /* library, major */                                           \
    X(T, wheels, LIST)             /* file */                                                     \
    X(T, unsupported_wheels, LIST) /* wheel, package */                                           \
    X(T, conflicts, LIST)          /* package, required, installed */                             \
    X(T, images, LIST)             /* ref, l4t */                                                 \
    X(T, devices_seen, LIST)       /* name */                                                     \
    X(T, torch_sessions, LIST)     /* version, cuda_available */                                  \
    X(T, jetson_hints, LIST)       /* strings: why the report is about a Jetson */                \
    X(T, docker, OBJ)              /* JG_DOCKER_FIELDS */                                         \
    X(T, host_l4t, OBJ)            /* an item with version: the host's L4T */                     \
    X(T, other_stack, OBJ)         /* an item with package: a CUDA package other than torch */    \
    X(T, torch_seen, OBJ)          /* an item: the first line naming torch */                     \
    X(T, signals, OBJ)             /* JG_SIGNALS -> the item of the line that showed it */        \
    X(T, env, OBJ)                 /* an environment variable the paste sets -> its value */      \
    X(T, driver_version, INT)      /* 11040: deviceQuery, nvidia-smi */                           \
    X(T, gpu_cc, STR)              /* "8.7": deviceQuery, torch's capability warning */           \
    X(T, torch_index_cuda, STR)    /* "12.1": a download.pytorch.org/whl/cuXYZ index named */

/* "observed.docker" */
#define JG_DOCKER_FIELDS(X, T)                                                                    \
    X(T, run, BOOL)                                                                               \
    X(T, build, BOOL)                                                                             \
    X(T, runtime_nvidia, BOOL)                                                                    \
    X(T, gpus, BOOL)                                                                              \
    X(T, run_line, OBJ) /* the item of the docker run line */

/* The members of an observed item: every item has line and text (the line,
 * scrubbed); the others belong to the lists named above. */
#define JG_OBS_ITEM_FIELDS(X, T)                                                                  \
    X(T, line, INT)                                                                               \
    X(T, text, STR)                                                                               \
    X(T, code, INT)                                                                               \
    X(T, call, STR)                                                                               \
    X(T, name, STR)                                                                               \
    X(T, soname, STR)                                                                             \
    X(T, library, STR)                                                                            \
    X(T, major, INT)                                                                              \
    X(T, file, STR)                                                                               \
    X(T, wheel, STR)                                                                              \
    X(T, package, STR)                                                                            \
    X(T, required, STR)                                                                           \
    X(T, installed, STR)                                                                          \
    X(T, ref, STR)                                                                                \
    X(T, l4t, STR)                                                                                \
    X(T, version, STR)                                                                            \
    X(T, cuda_available, BOOL)

/* The signals: one phrase or shape a recogniser saw, named for the rules. */
#define JG_SIGNALS(X)                                                                             \
    X(illegal_instruction)                                                                        \
    X(exec_format_error)                                                                          \
    X(image_platform_mismatch)                                                                    \
    X(container_cli_error)                                                                        \
    X(numpy_abi)                                                                                  \
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
    X(sudo_python)                                                                                \
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
    X(tegra_chip_id)                                                                              \
    X(toolkit_differs_from_torch)                                                                 \
    X(cudnn_not_initialized)                                                                      \
    X(container_shell)

#endif
