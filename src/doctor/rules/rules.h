/* Every rule (one function each, one file per layer: rules/<layer>.c). Exposed so
 * the unit tests can name the rule they exercise. */
#ifndef JG_DOCTOR_RULES_H
#define JG_DOCTOR_RULES_H
#include "doctor/rule.h"

void jg_rule_available_but_kernel_failed(const jg_view *v, jg_finding_list *out);
void jg_rule_bnb_none_any(const jg_view *v, jg_finding_list *out);
void jg_rule_bnb_sbsa_on_l4t(const jg_view *v, jg_finding_list *out);
void jg_rule_csv_mount_collision(const jg_view *v, jg_finding_list *out);
void jg_rule_container_cli_error(const jg_view *v, jg_finding_list *out);
void jg_rule_cpu_only_torch(const jg_view *v, jg_finding_list *out);
/* pytorch-build_channel.c: torch's channel against the JetPack (facts §7) */
void jg_rule_cuda13_wheel_on_jetpack(const jg_view *v, jg_finding_list *out);
bool jg_cuda13_wheel_on_jetpack_found(const jg_finding_list *out);
void jg_rule_orin_cuda13_warning(const jg_view *v, jg_finding_list *out);
void jg_rule_jp6_image_on_jp7(const jg_view *v, jg_finding_list *out);
void jg_rule_cu13_wheels_missing(const jg_view *v, jg_finding_list *out);
void jg_rule_cuda_libs_missing_host(const jg_view *v, jg_finding_list *out);
void jg_rule_cuda12_build_on_thor(const jg_view *v, jg_finding_list *out);
void jg_rule_cuda_libs_not_mounted(const jg_view *v, jg_finding_list *out);
void jg_rule_cuda_newer_than_driver(const jg_view *v, jg_finding_list *out);
void jg_rule_cudnn_major(const jg_view *v, jg_finding_list *out);
void jg_rule_cusparselt_missing(const jg_view *v, jg_finding_list *out);
void jg_rule_device_works_for_other_user(const jg_view *v, jg_finding_list *out);
void jg_rule_foreign_arch_image(const jg_view *v, jg_finding_list *out);
void jg_rule_forward_compat(const jg_view *v, jg_finding_list *out);
void jg_rule_gpu_node_eacces(const jg_view *v, jg_finding_list *out);
void jg_rule_gpu_nodes_missing(const jg_view *v, jg_finding_list *out);
void jg_rule_init_error(const jg_view *v, jg_finding_list *out);
void jg_rule_insufficient_driver(const jg_view *v, jg_finding_list *out);
void jg_rule_jetpack_disagrees(const jg_view *v, jg_finding_list *out);
void jg_rule_jp7_sbsa_ok(const jg_view *v, jg_finding_list *out);
void jg_rule_l4t_base_no_cuda(const jg_view *v, jg_finding_list *out);
void jg_rule_l4t_mismatch(const jg_view *v, jg_finding_list *out);
void jg_rule_libcuda_missing(const jg_view *v, jg_finding_list *out);
void jg_rule_missing_device_arch(const jg_view *v, jg_finding_list *out);
void jg_rule_no_device(const jg_view *v, jg_finding_list *out);
void jg_rule_no_nvidia_runtime(const jg_view *v, jg_finding_list *out);
void jg_rule_not_jetson_aarch64(const jg_view *v, jg_finding_list *out);
void jg_rule_numpy_abi(const jg_view *v, jg_finding_list *out);
void jg_rule_nvml_before_jp6(const jg_view *v, jg_finding_list *out);
void jg_rule_nvml_missing(const jg_view *v, jg_finding_list *out);
void jg_rule_openblas_illegal(const jg_view *v, jg_finding_list *out);
void jg_rule_other_jetpack_wheel(const jg_view *v, jg_finding_list *out);
void jg_rule_project_pins_torch(const jg_view *v, jg_finding_list *out);
void jg_rule_sbsa_image_on_jp6(const jg_view *v, jg_finding_list *out);
void jg_rule_sbsa_wheel_on_jetpack(const jg_view *v, jg_finding_list *out);
void jg_rule_stale_device_numbers(const jg_view *v, jg_finding_list *out);
void jg_rule_stub_library(const jg_view *v, jg_finding_list *out);
void jg_rule_tensorrt_major(const jg_view *v, jg_finding_list *out);
void jg_rule_toolkit_missing(const jg_view *v, jg_finding_list *out);
void jg_rule_torch_import_failed(const jg_view *v, jg_finding_list *out);
void jg_rule_unknown_999(const jg_view *v, jg_finding_list *out);
void jg_rule_wheel_for_other_cuda(const jg_view *v, jg_finding_list *out);
void jg_rule_x86_host(const jg_view *v, jg_finding_list *out);

void jg_rule_out_of_memory(const jg_view *v, jg_finding_list *out);
void jg_rule_project_exception(const jg_view *v, jg_finding_list *out);
void jg_rule_failure_outside_stack(const jg_view *v, jg_finding_list *out);
void jg_rule_jetson_stats_table(const jg_view *v, jg_finding_list *out);
void jg_rule_other_package_no_kernel(const jg_view *v, jg_finding_list *out);
void jg_rule_native_program_no_kernel(const jg_view *v, jg_finding_list *out);
void jg_rule_unsupported_wheel(const jg_view *v, jg_finding_list *out);
void jg_rule_framework_without_cuda(const jg_view *v, jg_finding_list *out);
void jg_rule_bnb_setup_failed(const jg_view *v, jg_finding_list *out);
void jg_rule_visible_devices(const jg_view *v, jg_finding_list *out);
void jg_rule_nvcc_not_on_path(const jg_view *v, jg_finding_list *out);
void jg_rule_library_not_on_path(const jg_view *v, jg_finding_list *out);
void jg_rule_torch_from_pypi(const jg_view *v, jg_finding_list *out);
void jg_rule_torch_index_for_other_platform(const jg_view *v, jg_finding_list *out);
void jg_rule_docker_no_gpu_driver(const jg_view *v, jg_finding_list *out);
void jg_rule_empty_cuda_libraries(const jg_view *v, jg_finding_list *out);
void jg_rule_device_access_denied(const jg_view *v, jg_finding_list *out);
void jg_rule_zero_visible_devices(const jg_view *v, jg_finding_list *out);
void jg_rule_ptx_newer_than_driver(const jg_view *v, jg_finding_list *out);
void jg_rule_nvidia_library_missing(const jg_view *v, jg_finding_list *out);
void jg_rule_no_wheel_for_platform(const jg_view *v, jg_finding_list *out);
void jg_rule_python_environment_hides_torch(const jg_view *v, jg_finding_list *out);
void jg_rule_loader_setting_hides_driver(const jg_view *v, jg_finding_list *out);
void jg_rule_venv_without_system_site(const jg_view *v, jg_finding_list *out);

/* Shared predicates (predicates.c, configuration.c, project.c). */
const char *jg_env_var(const jg_view *v, const char *name); /* facts.env, else observed.env; NULL unset */
const json_t *jg_experiment(const jg_view *v, enum jg_experiment_id id);
bool jg_experiment_worked(const jg_view *v, enum jg_experiment_id id);
bool jg_cuda_failed(const jg_view *v);
bool jg_kernel_image_from_other_package(const jg_view *v);
bool jg_kernel_image_from_native_program(const jg_view *v);
bool jg_thor_named(const jg_view *v);
bool jg_missing_but_listed(const jg_view *v);

/* A missing CUDA library whose soname pins no CUDA version (libcurand.so.10). */
bool jg_missing_generic_cuda_lib(const jg_view *v, const json_t **item);

/* engine/rows.c: one phrase, one finding (a table) */
void jg_rule_signal_table(const jg_view *v, jg_finding_list *out);
/* Rules with several readings in several layers (in the file of the first one's layer) */
void jg_rule_no_nvidia_driver(const jg_view *v, jg_finding_list *out);
void jg_rule_sudo_environment(const jg_view *v, jg_finding_list *out);
void jg_rule_no_torch_for_platform(const jg_view *v, jg_finding_list *out);
void jg_rule_gpu_for_root_only(const jg_view *v, jg_finding_list *out);
void jg_rule_tegra_driver_absent(const jg_view *v, jg_finding_list *out);
void jg_rule_libcuda_not_found(const jg_view *v, jg_finding_list *out);

#endif
