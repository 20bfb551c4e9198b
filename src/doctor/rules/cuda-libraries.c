/* The cuda-libraries layer's C rules: CUDA user-space libraries (toolkit, cuDNN,
 * cuSPARSELt, TensorRT) missing or of another major version (jetson-facts.md
 * 1.5-1.7, section 2, section 5 rows 3 and 11). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/tables.h"
#include "util/json.h"
#include "util/version.h"

void jg_rule_toolkit_missing(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_cuda_not_installed);
    bool facts_say = jg_on_jetson(v) && v->in_container != JG_YES && v->toolkit_present == JG_NO;
    if (!facts_say && !sig)
        return;
    json_t *ev = jg_ev_new();
    if (facts_say) {
        jg_ev_field(ev, v, JG_FF_cuda_toolkit);
        jg_ev_field(ev, v, JG_FF_jetpack_package);
    }
    if (sig)
        jg_ev_seen(ev, "report", sig);
    bool both = v->jetpack_package == JG_NO;
    jg_finding_spec s = {
        JG_FID_cuda_libraries_toolkit_missing, JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
        (both || sig) ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "the CUDA toolkit is not installed (a bare BSP flash without the JetPack SDK "
        "components: no /usr/local/cuda, no nvidia-jetpack)",
        "sudo apt update && sudo apt install nvidia-jetpack (CUDA, cuDNN and TensorRT for this "
        "L4T release)"};
    jg_finding_add(out, &s, ev);
}

/* cuDNN major that this JetPack ships (facts.md section 2); 0 unknown. */
static int host_cudnn_major(const jg_view *v, bool *from_fact)
{
    *from_fact = v->cudnn_major > 0;
    if (*from_fact)
        return v->cudnn_major;
    return jg_cudnn_major_for_l4t(v->l4t_major, v->l4t_version);
}

static bool versioned_cudnn(const json_t *m, const void *unused)
{
    (void)unused;
    const char *so = JG_ITEM_STR(m, soname);
    return so && strncmp(so, "libcudnn", 8) == 0 && strstr(so, ".so.");
}

static bool requires_cudnn(const json_t *m, const void *unused)
{
    (void)unused;
    const char *lib = JG_ITEM_STR(m, library);
    return lib && strcmp(lib, "cudnn") == 0;
}

/* cuDNN major a binary needs: a missing libcudnn.so.N or "Require cuDNN N.*". */
static int needed_cudnn_major(const jg_view *v, const json_t **item)
{
    if ((*item = jg_first_item(JG_VIEW_LIST(v, missing_libraries), versioned_cudnn, NULL)))
        return atoi(strstr(JG_ITEM_STR(*item, soname), ".so.") + 4);
    if ((*item = jg_first_item(JG_VIEW_LIST(v, requires), requires_cudnn, NULL)))
        return (int)JG_ITEM_INT(*item, major, 0);
    return 0;
}

void jg_rule_cudnn_major(const jg_view *v, jg_finding_list *out)
{
    const json_t *item = NULL;
    bool from_fact;
    int need = needed_cudnn_major(v, &item), have = host_cudnn_major(v, &from_fact);
    if (need <= 0 || (have > 0 && have == need))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "needs cuDNN", item);
    jg_ev_field(ev, v, from_fact ? JG_FF_cuda_cudnn : JG_FF_l4t_version);
    char summary[240];
    if (have)
        snprintf(summary, sizeof summary,
                 "a library built for cuDNN %d runs on a JetPack with cuDNN %d", need, have);
    else
        snprintf(summary, sizeof summary,
                 "cuDNN %d is not found: it is not installed or not on the loader path (the "
                 "system's cuDNN major is not known from this input)", need);
    bool jetson = jg_on_jetson(v);
    jg_finding_spec s = {have ? JG_FID_cuda_libraries_cudnn_major_mismatch : JG_FID_cuda_libraries_cudnn_not_found,
                         JG_L_CUDA_LIBRARIES, JG_SEV_ERROR,
                         from_fact ? JG_CONF_HIGH : JG_CONF_MEDIUM, summary,
                         jetson ? "install a build of that package made against this JetPack's "
                                  "cuDNN major (the wheel for this JetPack), or build it from "
                                  "source on the device; check the host with dpkg -l | grep cudnn"
                                : "install the cuDNN major the package was built for (pip "
                                  "install nvidia-cudnn-cu12 / the distro package), or a build "
                                  "of the package made for the installed cuDNN; ldconfig -p | "
                                  "grep cudnn shows what the loader finds"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_cusparselt_missing(const jg_view *v, jg_finding_list *out)
{
    static const char *const cusparselt[] = {"libcusparseLt.so", NULL};
    const json_t *m = jg_missing_library(v, cusparselt);
    if (!m || jg_findings_has(out, JG_FID_pytorch_build_cu13_wheels_missing))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    bool jetson = jg_on_jetson(v); /* the JetPack-wheel cause is Jetson-specific */
    /* Off Jetson, cuSPARSELt is a dependency torch's wheel declares and preloads itself:
     * missing, it is torch's install (pytorch-build), as the fix below says. */
    jg_finding_spec s = {
        jetson ? JG_FID_cuda_libraries_cusparselt_missing : JG_FID_pytorch_build_cusparselt_not_loaded,
        jetson ? JG_L_CUDA_LIBRARIES : JG_L_PYTORCH_BUILD, JG_SEV_ERROR,
        jetson ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        jetson ? "cuSPARSELt is missing: NVIDIA's JetPack 6.1+ PyTorch wheels need "
                 "libcusparseLt.so, which the JetPack CUDA install does not include"
               : "cuSPARSELt is not found: torch's CUDA dependency (nvidia-cusparselt) is not "
                 "installed or not loaded",
        jetson ? "install cuSPARSELt for this CUDA version into /usr/local/cuda/lib64 (as in "
                 "pytorch/TensorRT's JetPack guide), then ldconfig"
               : "reinstall torch with its dependencies (pip install --force-reinstall torch "
                 "from the same index); a pre-release torch may need a newer build"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_tensorrt_major(const jg_view *v, jg_finding_list *out)
{
    static const char *const nvinfer[] = {"libnvinfer.so.", NULL};
    const json_t *m = jg_missing_library(v, nvinfer);
    if (!m)
        return;
    int need = atoi(JG_ITEM_STR(m, soname) + strlen("libnvinfer.so."));
    int have = v->jp_major == 5 || v->jp_major == 4 ? 8 : (v->jp_major >= 6 ? 10 : 0);
    if (have == need)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    jg_finding_spec s = {
        have ? JG_FID_cuda_libraries_tensorrt_major_mismatch : JG_FID_cuda_libraries_tensorrt_not_found,
        JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, have ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        have ? "a binary needs a TensorRT major this system does not have (JetPack 4.6/5: "
               "TensorRT 8, JetPack 6/7: TensorRT 10)"
             : "a TensorRT library is not found: not installed, another major, or not on the "
               "loader path (this input does not say which TensorRT the system has)",
        "use the build made for this JetPack's TensorRT, or rebuild the engine/package on the "
        "device"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_cuda_libs_missing_host(const jg_view *v, jg_finding_list *out)
{
    const json_t *m = NULL;
    if (v->in_container == JG_YES || v->toolkit_present == JG_NO ||
        !jg_missing_generic_cuda_lib(v, &m) || jg_missing_but_listed(v) ||
        strncmp(JG_ITEM_STR(m, soname), "libcuda.so", 10) == 0)
        return; /* listed on disk: the configuration rule says where the loader does not
                 * look; libcuda is the driver's (jg_rule_libcuda_not_found) */
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    jg_ev_field(ev, v, JG_FF_cuda_toolkit);
    bool jetson = jg_on_jetson(v);
    jg_finding_spec s = {
        JG_FID_cuda_libraries_cuda_libs_not_found, JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "CUDA libraries are not found by the loader: the toolkit is missing or not on the "
        "library path",
        jetson ? "ls /usr/local/cuda/lib64; if absent: sudo apt install nvidia-jetpack; else add "
                 "/usr/local/cuda/lib64 to /etc/ld.so.conf.d and run sudo ldconfig"
               : "install the CUDA runtime libraries the program was built for (the toolkit of "
                 "that version, or the nvidia-*-cu<XY> pip packages), or add their folder to "
                 "/etc/ld.so.conf.d and run sudo ldconfig"};
    jg_finding_add(out, &s, ev);
}

/* An NVIDIA library no more specific rule explains (cuDSS, NVPL, NCCL, ...). */
void jg_rule_nvidia_library_missing(const jg_view *v, jg_finding_list *out)
{
    static const jg_fid ids[] = { /* the more precise readings this one defers to */
        JG_FID_cuda_libraries_cudnn_major_mismatch, JG_FID_cuda_libraries_cudnn_not_found,
        JG_FID_cuda_libraries_cusparselt_missing, JG_FID_cuda_libraries_tensorrt_major_mismatch,
        JG_FID_cuda_libraries_tensorrt_not_found, JG_FID_cuda_libraries_cuda_libs_not_found,
        JG_FID_container_runtime_cuda_not_mounted, JG_FID_pytorch_build_wheel_for_other_cuda,
        JG_FID_pytorch_build_cusparselt_not_loaded, JG_FID_cuda_libraries_binary_for_other_cuda,
        JG_FID_container_runtime_tegra_driver_not_passed, JG_FID_kernel_driver_tegra_driver_missing,
        JG_FID_container_runtime_driver_not_mounted, JG_FID_cuda_driver_libcuda_not_found,
        JG_FID_configuration_library_not_on_loader_path, JG_FID_configuration_sudo_drops_environment,
        JG_FID_pytorch_build_cu13_wheels_missing, JG_FID_COUNT};
    if (jg_findings_has_any(out, ids))
        return;
    static const char *const nvidia[] = {"libcu", "libnv", "libnccl", "libnpp", NULL};
    const json_t *m = jg_missing_library(v, nvidia);
    if (!m || jg_findings_quote_line(out, JG_ITEM_INT(m, line, -1)))
        return; /* a more precise reading of that line (Triton's libcuda.so link) */
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    jg_finding_spec s = {
        JG_FID_cuda_libraries_nvidia_library_missing, JG_L_CUDA_LIBRARIES, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "an NVIDIA library the program links is not installed or not on the loader path",
        "install the package that ships it for this CUDA (pip nvidia-* wheels or the "
        "distro/JetPack package), then ldconfig -p | grep the soname"};
    jg_finding_add(out, &s, ev);
}
