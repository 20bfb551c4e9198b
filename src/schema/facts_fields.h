/* The facts document's fields (docs/schema.md "Facts document"), a field
 * table (schema/doc.h): one row each, X(P, name, "json.path", TYPE). This is
 * the only place a facts path is written; readers use the typed accessors of
 * schema/facts.h, so a mistyped name or a field read as the wrong type does
 * not compile. Adding a fact a later stage reads is one row here.
 * TYPE: FACT_STR / FACT_INT / FACT_BOOL / FACT_ARR / FACT_OBJ: a fact
 * {status, value, source} whose value (when status is ok) has that JSON
 * type; STR / INT / BOOL / ARR / OBJ: a plain JSON value of that type, or
 * null (probe results, the environment, what a report showed); ANY: a plain
 * JSON value of more than one type. */
#ifndef JG_SCHEMA_FACTS_FIELDS_H
#define JG_SCHEMA_FACTS_FIELDS_H

#define JG_FACTS_FIELDS(X, P)                                                                     \
    X(P, host_arch, "host.arch", FACT_STR)                                                        \
    X(P, host_kernel, "host.kernel", FACT_STR)                                                    \
    X(P, host_os_id, "host.os.id", FACT_STR)                                                      \
    X(P, host_os_version_id, "host.os.version_id", FACT_STR)                                      \
    X(P, host_os_pretty_name, "host.os.pretty_name", FACT_STR)                                    \
    X(P, host_memory_total_bytes, "host.memory.total_bytes", FACT_INT)                            \
    X(P, host_memory_available_bytes, "host.memory.available_bytes", FACT_INT)                    \
    X(P, host_unified_memory, "host.unified_memory", FACT_BOOL)                                   \
    X(P, module_part_number, "module.part_number", FACT_STR)                                      \
    X(P, module_name, "module.name", FACT_STR)                                                    \
    X(P, module_model, "module.model", FACT_STR)                                                  \
    X(P, module_family, "module.family", FACT_STR)                                                \
    X(P, module_soc, "module.soc", FACT_STR)                                                      \
    X(P, module_soc0_family, "module.soc0_family", FACT_STR)                                      \
    X(P, module_soc0_soc_id, "module.soc0_soc_id", FACT_INT)                                      \
    X(P, module_compute_capability, "module.compute_capability", FACT_STR)                        \
    X(P, module_memory_class, "module.memory_class", FACT_STR)                                    \
    X(P, module_identified_by, "module.identified_by", FACT_STR)                                  \
    X(P, module_carrier, "module.carrier", FACT_STR)                                              \
    X(P, module_compatible, "module.compatible", FACT_ARR)                                        \
    X(P, module_super, "module.super", FACT_BOOL)                                                 \
    X(P, module_flash_config, "module.flash_config", FACT_STR)                                    \
    /* ---- module: what the facts text shows besides the identity (schema-gate) */               \
    X(P, module_revision, "module.revision", FACT_STR)                                            \
    X(P, module_dtsfilename, "module.dtsfilename", FACT_STR)                                      \
    X(P, module_boardids, "module.boardids", FACT_STR)                                            \
    X(P, module_tegra_chip_id, "module.tegra_chip_id", FACT_INT)                                  \
    X(P, l4t_version, "l4t.version", FACT_STR)                                                    \
    X(P, l4t_major, "l4t.major", FACT_INT)                                                        \
    X(P, l4t_release_line, "l4t.release_line", FACT_STR)                                          \
    X(P, l4t_board, "l4t.board", FACT_STR)                                                        \
    X(P, l4t_core_package, "l4t.core_package", FACT_STR)                                          \
    X(P, l4t_extra, "l4t.extra", FACT_OBJ)                                                        \
    X(P, jetpack_version, "jetpack.version", FACT_STR)                                            \
    X(P, jetpack_package, "jetpack.package", FACT_STR)                                            \
    X(P, jetpack_agrees, "jetpack.agrees", FACT_BOOL)                                             \
    X(P, cuda_toolkit, "cuda.toolkit", FACT_STR)                                                  \
    X(P, cuda_toolkit_link, "cuda.toolkit_link", FACT_STR)                                        \
    X(P, cuda_cudnn, "cuda.cudnn", FACT_STR)                                                      \
    X(P, cuda_tensorrt, "cuda.tensorrt", FACT_STR)                                                \
    X(P, container_inside, "container.inside", FACT_BOOL)                                         \
    X(P, container_nvidia_runtime, "container.nvidia_runtime", FACT_BOOL)                         \
    X(P, container_device_tree_masked, "container.device_tree_masked", FACT_BOOL)                 \
    X(P, container_signs, "container.signs", FACT_ARR)                                            \
    X(P, gpu_driver_family, "gpu.driver_family", FACT_STR)                                        \
    X(P, gpu_nodes, "gpu.nodes", FACT_ARR)                                                        \
    X(P, jetson_is_jetson, "jetson.is_jetson", FACT_BOOL)                                         \
    X(P, jetson_why, "jetson.why", ANY)                                                           \
    X(P, cuda_driver, "cuda_driver", ANY) /* a probe result, or a not_probed fact */              \
    X(P, cuda_driver_version, "cuda_driver.measurements.driver_version", ANY)                     \
    X(P, python, "python", ANY)           /* a probe result, or a not_probed fact */              \
    /* ---- what the doctor and triage read and write (a pasted report sets the           */      \
    /* ---- probe-shaped values directly: docs/schema.md "Observed"), by section          */      \
    /* the document */                                                                            \
    X(P, schema, "schema", STR)                                                                   \
    X(P, mode, "mode", STR)                                                                       \
    /* packages (dpkg) */                                                                         \
    X(P, packages_nvidia_jetpack, "packages.nvidia-jetpack", FACT_STR)                            \
    /* the driver probe result (docs/schema.md "Native probe result") */                          \
    X(P, cuda_driver_id, "cuda_driver.id", STR)                                                   \
    X(P, cuda_driver_status, "cuda_driver.status", STR)                                           \
    X(P, cuda_driver_reason, "cuda_driver.reason", STR)                                           \
    X(P, cuda_driver_cuda_error, "cuda_driver.cuda_error", OBJ)                                   \
    X(P, cuda_driver_library_path, "cuda_driver.measurements.library_path", STR)                  \
    X(P, cuda_driver_stub, "cuda_driver.measurements.stub", BOOL)                                 \
    X(P, cuda_driver_devices, "cuda_driver.measurements.devices", ARR)                            \
    /* the native tensor-op probe result (live doctor; an evidence record's check) */             \
    X(P, cuda_tensor_op_status, "cuda_tensor_op.status", STR)                                     \
    X(P, cuda_tensor_op_reason, "cuda_tensor_op.reason", STR)                                     \
    X(P, cuda_tensor_op_cuda_error, "cuda_tensor_op.cuda_error", OBJ)                             \
    /* the Python probe result (docs/schema.md "Python probe result") */                          \
    X(P, python_python_version, "python.python.version", STR)                                     \
    X(P, python_torch_imported, "python.torch.imported", BOOL)                                    \
    X(P, python_torch_error, "python.torch.error", STR)                                           \
    X(P, python_torch_found, "python.torch.found", BOOL)                                          \
    X(P, python_torch_version, "python.torch.version", STR)                                       \
    X(P, python_torch_cuda, "python.torch.cuda", STR)                                             \
    X(P, python_torch_cuda_available, "python.torch.cuda_available", BOOL)                        \
    X(P, python_torch_device_count, "python.torch.device_count", INT)                             \
    X(P, python_torch_device_name, "python.torch.device_name", STR)                               \
    X(P, python_torch_capability, "python.torch.capability", STR)                                 \
    X(P, python_torch_arch_list, "python.torch.arch_list", ARR)                                   \
    X(P, python_torch_file, "python.torch.file", STR)                                             \
    X(P, python_error, "python.error", STR)                                                       \
    X(P, python_interpreter, "python.interpreter", OBJ)  /* where it is, what it searches */      \
    X(P, python_libraries, "python.libraries", ARR)      /* CUDA libraries it mapped */           \
    X(P, python_tensor_op_status, "python.tensor_op.status", STR)                                 \
    X(P, python_tensor_op_reason, "python.tensor_op.reason", STR)                                 \
    X(P, python_packages_numpy, "python.packages.numpy", STR)                                     \
    X(P, python_bitsandbytes_installed, "python.bitsandbytes.installed", BOOL)                    \
    X(P, python_bitsandbytes_version, "python.bitsandbytes.version", STR)                         \
    X(P, python_bitsandbytes_nf4_status, "python.bitsandbytes.nf4.status", STR)                   \
    X(P, python_bitsandbytes_nf4_reason, "python.bitsandbytes.nf4.reason", STR)                   \
    /* the environment of a live doctor (docs/schema.md "Environment") */                         \
    X(P, env_vars, "env.vars", OBJ)                                                               \
    X(P, env_library_path, "env.library_path", ARR)                                               \
    X(P, env_library_path_has_stubs, "env.library_path_has_stubs", BOOL)                          \
    X(P, env_venv, "env.venv", OBJ)                                                               \
    X(P, env_venv_system_site_packages, "env.venv.system_site_packages", BOOL)                    \
    X(P, experiments, "experiments", ARR)                                                         \
    X(P, walk, "walk", ARR)  /* the layer walk (doctor/walk/walk.h) */                            \
    /* what a pasted report showed: schema/observed.h */                                          \
    X(P, observed, "observed", OBJ)

/* An entry of gpu.nodes' value. */
#define JG_GPU_NODE_FIELDS(X, P)                                                                  \
    X(P, path, "path", STR)          /* "dev/nvmap", relative to the root */                      \
    X(P, present, "present", BOOL)                                                                \
    X(P, char_device, "char_device", BOOL)                                                        \
    X(P, openable, "openable", BOOL) /* null: not tried (not live) */                             \
    X(P, error, "error", STR)

#endif
