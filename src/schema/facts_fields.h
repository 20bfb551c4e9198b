/* The facts document's fields (docs/schema.md "Facts document"), one row
 * each: X(name, "json.path", TYPE). This is the only place a facts path is
 * written; readers use the typed accessors of schema/facts.h, so a mistyped
 * name or a field read as the wrong type does not compile. Adding a fact a
 * later stage reads is one row here.
 * TYPE: STR / INT / BOOL / LIST / OBJ: a fact {status, value, source} whose
 * value (when status is ok) has that JSON type; RAW: a plain JSON value. */
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
    X(cuda_driver, "cuda_driver", OBJ)                                                             \
    X(cuda_driver_version, "cuda_driver.measurements.driver_version", RAW)                         \
    X(python, "python", OBJ)

#endif
