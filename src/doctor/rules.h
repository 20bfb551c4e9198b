/* Every rule (one function each, grouped by layer in rules_*.c). Exposed so
 * the unit tests can name the rule they exercise. */
#ifndef JG_DOCTOR_RULES_H
#define JG_DOCTOR_RULES_H
#include "doctor/rule.h"

void jg_rule_available_but_kernel_failed(const jg_view *v, json_t *out);
void jg_rule_bnb_none_any(const jg_view *v, json_t *out);
void jg_rule_bnb_sbsa_on_l4t(const jg_view *v, json_t *out);
void jg_rule_container_cli_error(const jg_view *v, json_t *out);
void jg_rule_cpu_only_torch(const jg_view *v, json_t *out);
void jg_rule_cuda_libs_missing_host(const jg_view *v, json_t *out);
void jg_rule_cuda12_build_on_thor(const jg_view *v, json_t *out);
void jg_rule_cuda_libs_not_mounted(const jg_view *v, json_t *out);
void jg_rule_cuda_newer_than_driver(const jg_view *v, json_t *out);
void jg_rule_cudnn_major(const jg_view *v, json_t *out);
void jg_rule_cusparselt_missing(const jg_view *v, json_t *out);
void jg_rule_device_works_for_other_user(const jg_view *v, json_t *out);
void jg_rule_foreign_arch_image(const jg_view *v, json_t *out);
void jg_rule_forward_compat(const jg_view *v, json_t *out);
void jg_rule_gpu_node_eacces(const jg_view *v, json_t *out);
void jg_rule_gpu_nodes_missing(const jg_view *v, json_t *out);
void jg_rule_init_error(const jg_view *v, json_t *out);
void jg_rule_insufficient_driver(const jg_view *v, json_t *out);
void jg_rule_jetpack_disagrees(const jg_view *v, json_t *out);
void jg_rule_jp7_sbsa_ok(const jg_view *v, json_t *out);
void jg_rule_l4t_base_no_cuda(const jg_view *v, json_t *out);
void jg_rule_l4t_mismatch(const jg_view *v, json_t *out);
void jg_rule_libcuda_missing(const jg_view *v, json_t *out);
void jg_rule_missing_device_arch(const jg_view *v, json_t *out);
void jg_rule_no_device(const jg_view *v, json_t *out);
void jg_rule_no_nvidia_runtime(const jg_view *v, json_t *out);
void jg_rule_not_jetson_aarch64(const jg_view *v, json_t *out);
void jg_rule_numpy_abi(const jg_view *v, json_t *out);
void jg_rule_nvml_before_jp6(const jg_view *v, json_t *out);
void jg_rule_openblas_illegal(const jg_view *v, json_t *out);
void jg_rule_other_jetpack_wheel(const jg_view *v, json_t *out);
void jg_rule_project_pins_torch(const jg_view *v, json_t *out);
void jg_rule_sbsa_image_on_jp6(const jg_view *v, json_t *out);
void jg_rule_sbsa_wheel_on_jetpack(const jg_view *v, json_t *out);
void jg_rule_stale_device_numbers(const jg_view *v, json_t *out);
void jg_rule_stub_library(const jg_view *v, json_t *out);
void jg_rule_tensorrt_major(const jg_view *v, json_t *out);
void jg_rule_toolkit_missing(const jg_view *v, json_t *out);
void jg_rule_torch_import_failed(const jg_view *v, json_t *out);
void jg_rule_unknown_999(const jg_view *v, json_t *out);
void jg_rule_wheel_for_other_cuda(const jg_view *v, json_t *out);
void jg_rule_x86_host(const jg_view *v, json_t *out);

/* A missing CUDA library whose soname pins no CUDA version (libcurand.so.10). */
bool jg_missing_generic_cuda_lib(const jg_view *v, const json_t **item);

#endif
