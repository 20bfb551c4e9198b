/* The facts document's fields (docs/schema.md "Facts document"), one row
 * each: X(name, "json.path", TYPE). This is the only place a facts path is
 * written; readers use the typed accessors of schema/facts.h, so a mistyped
 * name or a field read as the wrong type does not compile. Adding a fact a
 * later stage reads is one row here.
 * TYPE: STR / INT / BOOL / LIST / OBJ: a fact {status, value, source} whose
 * value (when status is ok) has that JSON type; RAW: a plain JSON value;
 * RSTR / RINT / RBOOL / RLIST / ROBJ: a plain JSON value of that type, or
 * null (probe results, the environment, what a report showed). */
#ifndef JG_SCHEMA_FACTS_FIELDS_H
#define JG_SCHEMA_FACTS_FIELDS_H

#define JG_FACTS_FIELDS(X)                                                                        \
    X(host_arch, "host.arch", STR)                                                                 \
    X(host_kernel, "host.kernel", STR)                                                             \
    X(host_os_id, "host.os.id", STR)                                                               \
    X(host_os_version_id, "host.os.version_id", STR)                                               \
    X(host_os_pretty_name, "host.os.pretty_name", STR)                                             \
    X(host_memory_total_bytes, "host.memory.total_bytes", INT)                                     \
    X(host_memory_available_bytes, "host.memory.available_bytes", INT)                             \
    X(host_unified_memory, "host.unified_memory", BOOL)                                            \
    X(module_part_number, "module.part_number", STR)                                               \
    X(module_name, "module.name", STR)                                                             \
    X(module_model, "module.model", STR)                                                           \
    X(module_family, "module.family", STR)                                                         \
    X(module_soc, "module.soc", STR)                                                               \
    X(module_soc0_family, "module.soc0_family", STR)                                               \
    X(module_soc0_soc_id, "module.soc0_soc_id", INT)                                               \
    X(module_compute_capability, "module.compute_capability", STR)                                 \
    X(module_memory_class, "module.memory_class", STR)                                             \
    X(module_identified_by, "module.identified_by", STR)                                           \
    X(module_carrier, "module.carrier", STR)                                                       \
    X(module_compatible, "module.compatible", LIST)                                                \
    X(module_super, "module.super", BOOL)                                                          \
    /* ---- module: what the facts text shows besides the identity (schema-gate) */               \
    X(module_revision, "module.revision", STR)                                                     \
    X(module_dtsfilename, "module.dtsfilename", STR)                                               \
    X(module_boardids, "module.boardids", STR)                                                     \
    X(module_tegra_chip_id, "module.tegra_chip_id", INT)                                           \
    X(l4t_version, "l4t.version", STR)                                                             \
    X(l4t_major, "l4t.major", INT)                                                                 \
    X(l4t_release_line, "l4t.release_line", STR)                                                   \
    X(l4t_board, "l4t.board", STR)                                                                 \
    X(l4t_core_package, "l4t.core_package", STR)                                                   \
    X(l4t_extra, "l4t.extra", OBJ)                                                                 \
    X(jetpack_version, "jetpack.version", STR)                                                     \
    X(jetpack_package, "jetpack.package", STR)                                                     \
    X(jetpack_agrees, "jetpack.agrees", BOOL)                                                      \
    X(cuda_toolkit, "cuda.toolkit", STR)                                                           \
    X(cuda_toolkit_link, "cuda.toolkit_link", STR)                                                 \
    X(cuda_cudnn, "cuda.cudnn", STR)                                                               \
    X(cuda_tensorrt, "cuda.tensorrt", STR)                                                         \
    X(container_inside, "container.inside", BOOL)                                                  \
    X(container_nvidia_runtime, "container.nvidia_runtime", BOOL)                                  \
    X(container_device_tree_masked, "container.device_tree_masked", BOOL)                          \
    X(container_signs, "container.signs", LIST)                                                    \
    X(gpu_driver_family, "gpu.driver_family", STR)                                                 \
    X(gpu_nodes, "gpu.nodes", LIST)                                                                \
    X(jetson_is_jetson, "jetson.is_jetson", BOOL)                                                  \
    X(jetson_why, "jetson.why", RAW)                                                               \
    X(cuda_driver, "cuda_driver", RAW) /* a probe result, or a not_probed fact */                  \
    X(cuda_driver_version, "cuda_driver.measurements.driver_version", RAW)                         \
    X(python, "python", RAW) /* a probe result, or a not_probed fact */                            \
    /* ---- what the doctor and triage read and write (a pasted report sets the           */      \
    /* ---- probe-shaped values directly: docs/schema.md "Observed"), by section          */      \
    /* the document */                                                                            \
    X(schema, "schema", RSTR)                                                                     \
    X(mode, "mode", RSTR)                                                                         \
    /* packages (dpkg) */                                                                         \
    X(packages_nvidia_jetpack, "packages.nvidia-jetpack", STR)                                     \
    /* the driver probe result (docs/schema.md "Native probe result") */                          \
    X(cuda_driver_id, "cuda_driver.id", RSTR)                                                      \
    X(cuda_driver_status, "cuda_driver.status", RSTR)                                              \
    X(cuda_driver_reason, "cuda_driver.reason", RSTR)                                              \
    X(cuda_driver_cuda_error, "cuda_driver.cuda_error", ROBJ)                                      \
    X(cuda_driver_library_path, "cuda_driver.measurements.library_path", RSTR)                     \
    X(cuda_driver_stub, "cuda_driver.measurements.stub", RBOOL)                                    \
    X(cuda_driver_devices, "cuda_driver.measurements.devices", RLIST)                              \
    /* the native tensor-op probe result (live doctor; an evidence record's check) */             \
    X(cuda_tensor_op_status, "cuda_tensor_op.status", RSTR)                                        \
    X(cuda_tensor_op_reason, "cuda_tensor_op.reason", RSTR)                                        \
    X(cuda_tensor_op_cuda_error, "cuda_tensor_op.cuda_error", ROBJ)                                \
    /* the Python probe result (docs/schema.md "Python probe result") */                          \
    X(python_python_version, "python.python.version", RSTR)                                        \
    X(python_torch_imported, "python.torch.imported", RBOOL)                                       \
    X(python_torch_error, "python.torch.error", RSTR)                                              \
    X(python_torch_found, "python.torch.found", RBOOL)                                             \
    X(python_torch_version, "python.torch.version", RSTR)                                          \
    X(python_torch_cuda, "python.torch.cuda", RSTR)                                                \
    X(python_torch_cuda_available, "python.torch.cuda_available", RBOOL)                           \
    X(python_torch_device_count, "python.torch.device_count", RINT)                                \
    X(python_torch_device_name, "python.torch.device_name", RSTR)                                  \
    X(python_torch_capability, "python.torch.capability", RSTR)                                    \
    X(python_torch_arch_list, "python.torch.arch_list", RLIST)                                     \
    X(python_tensor_op_status, "python.tensor_op.status", RSTR)                                    \
    X(python_tensor_op_reason, "python.tensor_op.reason", RSTR)                                    \
    X(python_packages_numpy, "python.packages.numpy", RSTR)                                        \
    X(python_bitsandbytes_installed, "python.bitsandbytes.installed", RBOOL)                       \
    X(python_bitsandbytes_version, "python.bitsandbytes.version", RSTR)                            \
    X(python_bitsandbytes_nf4_status, "python.bitsandbytes.nf4.status", RSTR)                      \
    X(python_bitsandbytes_nf4_reason, "python.bitsandbytes.nf4.reason", RSTR)                      \
    /* the environment of a live doctor (docs/schema.md "Environment") */                         \
    X(env_vars, "env.vars", ROBJ)                                                                  \
    X(env_library_path, "env.library_path", RLIST)                                                 \
    X(env_library_path_has_stubs, "env.library_path_has_stubs", RBOOL)                             \
    X(env_venv, "env.venv", ROBJ)                                                                  \
    X(env_venv_system_site_packages, "env.venv.system_site_packages", RBOOL)                       \
    X(experiments, "experiments", RLIST)                                                           \
    /* what a pasted report showed: schema/observed.h */                                          \
    X(observed, "observed", ROBJ)

/* An entry of gpu.nodes' value (a keyed table: schema/keys.h). */
#define JG_GPU_NODE_FIELDS(X, T)                                                                  \
    X(T, path, STR) /* "dev/nvmap", relative to the root */                                       \
    X(T, present, BOOL)                                                                           \
    X(T, char_device, BOOL)                                                                       \
    X(T, openable, BOOL) /* null: not tried (not live) */                                         \
    X(T, error, STR)

#endif
