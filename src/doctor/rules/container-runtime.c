/* The container-runtime layer's C rules: what the NVIDIA runtime passes into a container or
 * fails to, and images for another platform or JetPack (jetson-facts.md 1.13, 5 rows 5-9). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/rules/rules.h"
#include "facts/tables.h"
#include "facts/torch_build.h"
#include "util/json.h"

/* A Tegra device node or driver library that is absent: not passed into a
 * container (most often), or missing on a host known not to be a container. */
static const jg_finding_spec tegra_absent[2] = {
    {JG_FID_container_runtime_tegra_driver_not_passed, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
     JG_CONF_LOW,
     "the Jetson GPU's device nodes or driver libraries are not there: most often a container "
     "started without the NVIDIA runtime, which passes them in",
     "docker run --runtime nvidia ... (or \"default-runtime\": \"nvidia\" in "
     "/etc/docker/daemon.json for docker build and compose); on the host ls -l /dev/nvhost-* "
     "/dev/nvmap and /usr/lib/aarch64-linux-gnu/tegra"},
    {JG_FID_kernel_driver_tegra_driver_missing, JG_L_KERNEL_DRIVER, JG_SEV_ERROR, JG_CONF_LOW,
     "the Jetson GPU's device nodes or driver libraries are missing on the host: a custom "
     "kernel or image without the L4T GPU driver",
     "reinstall the L4T packages (sudo apt install --reinstall nvidia-l4t-core nvidia-l4t-cuda) "
     "or reflash; a custom kernel must include nvgpu"},
};

/* L4T's own driver libraries (/usr/lib/aarch64-linux-gnu/tegra): a host has them
 * whenever L4T is installed; a container gets them from the host through the
 * NVIDIA runtime (CSV mounts) or, from JetPack 6, from its image. */

void jg_rule_tegra_driver_absent(const jg_view *v, jg_finding_list *out)
{
    const char *const *tegra = jg_l4t_driver_libraries;
    const json_t *node = jg_view_signal(v, JG_SIG_tegra_node_missing);
    const json_t *chip = jg_view_signal(v, JG_SIG_tegra_chip_id_unread);
    const json_t *lib = jg_missing_library(v, tegra);
    const json_t *seen = node ? node : lib ? lib : chip;
    if (!seen)
        return;
    bool container = jg_container_evidenced(v);
    bool host = !container && (node || lib) && v->in_container == JG_NO;
    jg_finding_spec s = tegra_absent[host];
    if (container)
        s.confidence = JG_CONF_MEDIUM; /* the container is seen, not inferred */
    jg_finding_add_seen(out, &s, "Tegra driver", seen);
}

void jg_rule_no_nvidia_runtime(const jg_view *v, jg_finding_list *out)
{
    const json_t *dk = JG_OBS_OBJ(v->observed, docker);
    /* a libcuda the driver probe loaded inside is a runtime (or image) driver: not "without" */
    bool libcuda = JG_FACT_RSTR(v->facts, cuda_driver_library_path) != NULL;
    bool facts_say = v->in_container == JG_YES && v->nvidia_runtime == JG_NO && !libcuda;
    bool run_without = JG_DOCKER_BOOL(dk, run) == 1 && JG_DOCKER_BOOL(dk, runtime_nvidia) == 0 &&
                       JG_DOCKER_BOOL(dk, gpus) != 1;
    if (!facts_say && !run_without)
        return;
    /* Blaming the runtime needs a GPU the container should have seen: a Jetson
     * (L4T user space inside), or a GPU requested (NVIDIA_VISIBLE_DEVICES, --gpus). */
    bool gpu_expected = jg_on_jetson(v) || jg_env_var(v, "NVIDIA_VISIBLE_DEVICES") || run_without;
    /* an image for another CPU reaches no GPU with any runtime: that is the finding */
    if (jg_view_signal(v, JG_SIG_image_platform_mismatch))
        gpu_expected = false;
    json_t *ev = jg_ev_new();
    if (facts_say) {
        jg_ev_field(ev, v, JG_FF_container_inside);
        jg_ev_field(ev, v, JG_FF_container_nvidia_runtime);
        if (!gpu_expected)
            jg_ev_printf(ev, "no L4T files, no NVIDIA_VISIBLE_DEVICES: nothing shows the host has a GPU");
    } else {
        jg_ev_seen(ev, "docker run", JG_DOCKER_OBJ(dk, run_line));
    }
    jg_finding_spec s = {
        JG_FID_container_runtime_no_nvidia_runtime, JG_L_CONTAINER_RUNTIME,
        gpu_expected ? JG_SEV_ERROR : JG_SEV_WARNING,
        !gpu_expected ? JG_CONF_LOW : facts_say ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        gpu_expected ? "the container runs without the NVIDIA runtime: no GPU device nodes and no "
                       "host libcuda inside"
                     : "no NVIDIA GPU is visible in this container, and nothing here shows the "
                       "host has one: if it does, start the container with the NVIDIA runtime",
        "docker run --runtime nvidia ... (or --gpus all with CDI); for docker build set "
        "\"default-runtime\": \"nvidia\" in /etc/docker/daemon.json and restart docker"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_foreign_arch_image(const jg_view *v, jg_finding_list *out)
{
    const json_t *mis = jg_view_signal(v, JG_SIG_image_platform_mismatch);
    const json_t *exe = jg_view_signal(v, JG_SIG_exec_format_error);
    if (!mis && !exe)
        return;
    json_t *ev = jg_ev_new();
    if (mis)
        jg_ev_seen(ev, "image platform", mis);
    if (exe)
        jg_ev_seen(ev, "exec format error", exe);
    bool x86 = v->arch && strcmp(v->arch, "x86_64") == 0;
    /* "exec format error" alone may be any binary for another CPU, not an image's */
    bool image = mis || jg_container_evidenced(v);
    /* docker's warning, then a shell in the image ran commands: binfmt emulation runs
     * its programs, only the GPU is out of reach */
    if (mis && !exe && jg_view_signal(v, JG_SIG_root_prompt)) {
        jg_finding_spec e = {JG_FID_container_runtime_foreign_arch_image_emulated,
                             JG_L_CONTAINER_RUNTIME, JG_SEV_WARNING, JG_CONF_MEDIUM,
                             "a foreign-architecture image runs here under emulation: its "
                             "programs run (slowly), but CUDA cannot reach the GPU from it",
                             "run GPU work in an image built for this CPU (Jetson images on the "
                             "Jetson itself); emulation suits only builds and package checks"};
        jg_finding_add(out, &e, ev);
        return;
    }
    jg_finding_spec s = {
        JG_FID_container_runtime_foreign_arch_image, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        image ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        x86 ? "an arm64 image runs on an x86_64 host: its binaries cannot execute here"
            : "the image is not built for this CPU (an amd64 image on an arm64 Jetson): its "
              "binaries cannot execute",
        x86 ? "use an amd64 image on this host; Jetson images run only on the Jetson"
            : "build or pull an arm64 (L4T-based) image, e.g. docker run --platform=linux/arm64 "
              "with an image for this JetPack (JetPack 5/6: an l4t-* or -igpu tag; JetPack 7: "
              "the multi-arch nvcr.io/nvidia/pytorch:<YY.MM>-py3, no -igpu)"};
    jg_finding_add(out, &s, ev);
}

/* l4t-base from JetPack 5 on (L4T 34+), which no longer mounts CUDA. */
static const json_t *l4t_base_image(const jg_view *v)
{
    for (const jg_image_l4t *im = v->image_l4t; im < v->image_l4t + v->n_image_l4t; im++)
        if (im->ref && strstr(im->ref, "l4t-base") && im->major >= 34)
            return im->item;
    return NULL;
}

void jg_rule_l4t_base_no_cuda(const jg_view *v, jg_finding_list *out)
{
    const json_t *img = l4t_base_image(v);
    bool facts_say = v->in_container == JG_YES && v->l4t_major >= 34 && v->toolkit_present == JG_NO;
    if (!img && !facts_say)
        return;
    json_t *ev = jg_ev_new();
    if (img)
        jg_ev_seen(ev, "image", img);
    if (facts_say) {
        jg_ev_field(ev, v, JG_FF_container_inside);
        jg_ev_field(ev, v, JG_FF_l4t_version);
        jg_ev_field(ev, v, JG_FF_cuda_toolkit);
    }
    jg_finding_spec s = {
        JG_FID_container_runtime_l4t_base_without_cuda, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        img ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "a JetPack 5+ container without CUDA: since JetPack 5, l4t-base no longer mounts "
        "CUDA from the host (/usr/local/cuda is missing inside)",
        "base the image on nvcr.io/nvidia/l4t-jetpack:r<host L4T> (CUDA, cuDNN, TensorRT; "
        "r36.4.0 ships CUDA 12.6) or l4t-cuda instead of l4t-base"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_cuda_libs_not_mounted(const jg_view *v, jg_finding_list *out)
{
    const json_t *m = NULL;
    /* only where a container is evidenced: a bare missing library is not one */
    if (!jg_container_evidenced(v) || !jg_missing_generic_cuda_lib(v, &m) ||
        strncmp(JG_ITEM_STR(m, soname), "libcuda.so", 10) == 0)
        return; /* libcuda is the driver's: container-runtime.driver-not-mounted */
    if (v->jp_major != 0 && v->jp_major != 4)
        return; /* JetPack 5+: the image itself must carry CUDA (l4t-base rule) */
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "missing library", m);
    if (JG_DOCKER_BOOL(JG_OBS_OBJ(v->observed, docker), build) == 1)
        jg_ev_printf(ev, "%s.%s.%s = true", JG_FACT_PATH(observed), JG_PATH(obs, docker),
                     JG_PATH(docker, build));
    jg_finding_spec s = {
        JG_FID_container_runtime_cuda_not_mounted, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "CUDA libraries are not visible to the process: on JetPack 4 containers get CUDA from the "
        "host only through the NVIDIA runtime, and docker build steps run under plain runc",
        "set \"default-runtime\": \"nvidia\" in /etc/docker/daemon.json and restart docker "
        "(for docker build), or docker run --runtime nvidia"};
    jg_finding_add(out, &s, ev);
}

static bool gpu_nodes_present(const jg_view *v)
{
    size_t i;
    json_t *n;
    json_array_foreach(JG_FACT_LIST(v->facts, gpu_nodes), i, n)
    {
        if (JG_GPU_NODE_BOOL(n, present) == 1 && JG_GPU_NODE_BOOL(n, openable) != 0)
            return true;
    }
    return false;
}

void jg_rule_stale_device_numbers(const jg_view *v, jg_finding_list *out)
{
    const json_t *trt = jg_view_signal(v, JG_SIG_trt_cuda_init_100);
    const json_t *e = jg_view_cuda_error(v, 100);
    bool nodes = gpu_nodes_present(v);
    /* on the host udev creates the nodes with today's numbers: only a container can hold stale ones */
    if (!trt && !(e && nodes && v->in_container != JG_NO))
        return;
    if (jg_env_var(v, "CUDA_VISIBLE_DEVICES"))
        return; /* a set CUDA_VISIBLE_DEVICES explains "no device" first (configuration rule) */
    json_t *ev = jg_ev_new();
    if (trt)
        jg_ev_seen(ev, "TensorRT", trt);
    if (e)
        jg_ev_seen(ev, "cuda error 100 (no device)", e);
    if (nodes)
        jg_ev_printf(ev, "%s = present and openable", JG_FACT_PATH(gpu_nodes));
    jg_finding_spec s = {
        JG_FID_container_runtime_stale_device_numbers, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        JG_CONF_MEDIUM,
        "GPU device nodes exist but CUDA finds no device (100): the container or CDI spec may "
        "hold device numbers from before a reboot (nvgpu, nvmap and nvidia-uvm majors are dynamic)",
        "recreate the container after each reboot (and regenerate its CDI spec if it uses one); "
        "compare ls -l /dev/nvmap /dev/nvgpu/igpu0/ctrl on the host and inside"};
    jg_finding_add(out, &s, ev);
}

/* A CUDA or PyTorch image for server arm64 / x86: not an -igpu or l4t one. */
static bool sbsa_image(const json_t *im, const void *unused)
{
    (void)unused;
    const char *ref = JG_ITEM_STR(im, ref);
    return ref && !strstr(ref, "igpu") && !strstr(ref, "l4t") &&
           (strstr(ref, "nvidia/cuda:") || strstr(ref, "nvcr.io/nvidia/pytorch:"));
}

void jg_rule_sbsa_image_on_jp6(const jg_view *v, jg_finding_list *out)
{
    const json_t *im = jg_first_item(JG_VIEW_LIST(v, images), sbsa_image, NULL);
    if (!im || (v->jp_major != 5 && v->jp_major != 6))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "image", im);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    jg_finding_spec s = {
        JG_FID_container_runtime_sbsa_image_on_l4t, JG_L_CONTAINER_RUNTIME, JG_SEV_WARNING,
        JG_CONF_MEDIUM,
        "a server-arm64 (SBSA) CUDA image on JetPack 5/6: the device is listed but cuBLAS and "
        "kernels fail",
        "on JetPack 6 Orin use nvcr.io/nvidia/pytorch:<YY.MM>-py3-igpu or "
        "nvcr.io/nvidia/l4t-jetpack:r36.x; on JetPack 5 an l4t-* r35.x image"};
    jg_finding_add(out, &s, ev);
}

void jg_rule_container_cli_error(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_container_cli_error);
    if (!sig || jg_view_signal(v, JG_SIG_image_platform_mismatch) ||
        jg_view_signal(v, JG_SIG_csv_mount_collision) ||
        jg_findings_quote_line(out, JG_ITEM_INT(sig, line, -1)))
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "nvidia-container-cli", sig);
    jg_finding_spec s = {
        JG_FID_container_runtime_cli_error, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the NVIDIA container runtime failed to set up the GPU for the container",
        jg_on_jetson(v) ? "check dpkg -l nvidia-container-toolkit on the host and that the image "
                          "is arm64; run with --runtime nvidia"
                        : "on the host nvidia-smi must work; check dpkg -l nvidia-container-toolkit "
                          "and read the hook's own error (nvidia-container-cli -k -d /dev/tty "
                          "info names what failed)"};
    jg_finding_add(out, &s, ev);
}

/* "mount error: file creation failed: ...: file exists": the runtime mounts a
 * host file (its CSV lists) where the image already has one. JetPack 4 hosts
 * mount CUDA, cuDNN and TensorRT; an image for JetPack 5+ carries its own. */
void jg_rule_csv_mount_collision(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_csv_mount_collision);
    if (!sig)
        return;
    const jg_image_l4t *img = jg_image_with_l4t(v);
    int major = img ? img->major : 0;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "nvidia-container-cli", sig);
    if (img)
        jg_ev_seen(ev, "container image", img->item);
    jg_finding_spec newer = {
        JG_FID_cuda_driver_image_newer_than_host, JG_L_CUDA_DRIVER, JG_SEV_ERROR, JG_CONF_MEDIUM,
        "the image is for a newer L4T (JetPack 5 or later) than the host: the host's runtime "
        "mounts its JetPack 4 CUDA libraries over the image's own, and images do not work "
        "across L4T majors",
        "use an image tagged for the host's L4T (head -1 /etc/nv_tegra_release), or reflash "
        "the host to the image's JetPack"};
    jg_finding_spec other = {
        JG_FID_container_runtime_csv_mount_collision, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        JG_CONF_MEDIUM,
        "the NVIDIA runtime mounts host files (its CSV lists) over files the image already "
        "has: an image made for another L4T, or one that installed its own CUDA / cuDNN",
        "use an image for the host's L4T; on a JetPack 4 host do not install CUDA, cuDNN or "
        "TensorRT packages in the image (the runtime brings the host's)"};
    jg_finding_add(out, major >= 34 ? &newer : &other, ev);
}

void jg_rule_docker_no_gpu_driver(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_docker_no_gpu_driver);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "docker", sig);
    /* the words are certain, the cause only where a GPU waits for the toolkit: on a node
     * without one, --gpus itself is the mistake (a pipeline passing it to every task) */
    bool gpu = jg_nvidia_gpu_evidenced(v);
    jg_finding_spec s = {
        JG_FID_container_runtime_no_gpu_device_driver, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        gpu ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        gpu ? "docker has no GPU device driver for --gpus: the NVIDIA Container Toolkit is not "
              "installed or not configured for this docker daemon"
            : "docker has no GPU device driver for --gpus: the NVIDIA Container Toolkit is not "
              "installed or not configured for this docker daemon, or this host has no NVIDIA "
              "GPU to give (nothing here shows one)",
        "install nvidia-container-toolkit, run sudo nvidia-ctk runtime configure --runtime=docker "
        "and restart docker; on a Jetson use --runtime nvidia; on a host without an NVIDIA GPU "
        "drop --gpus"};
    jg_finding_add(out, &s, ev);
}

/* Zero-byte copies of the host driver's own libraries (libcuda.so.<driver>,
 * libnvidia-*) off a Jetson: an image built while the NVIDIA runtime was docker's
 * default keeps the files it mounted as empty ones. */
static const jg_finding_spec driver_files_in_image = {
    JG_FID_container_runtime_driver_files_left_in_image, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
    JG_CONF_MEDIUM,
    "the host driver's libraries are empty files in the image: it was built with the NVIDIA "
    "runtime as docker's default, which mounted them during the build and left zero-byte "
    "copies that now shadow the real ones",
    "build images with runc (drop \"default-runtime\": \"nvidia\" while building, or delete the "
    "empty libcuda.so.* and libnvidia-*.so.* files in the Dockerfile), then run with --gpus"};

void jg_rule_empty_cuda_libraries(const jg_view *v, jg_finding_list *out)
{
    const json_t *sig = jg_view_signal(v, JG_SIG_empty_cuda_library);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "library", sig);
    const char *line = JG_ITEM_STR(sig, text);
    if (line && (strstr(line, "libcuda.so.") || strstr(line, "libnvidia-")) &&
        !jg_jetson_seen(v)) {
        jg_finding_add(out, &driver_files_in_image, ev);
        return;
    }
    jg_finding_spec s = {
        JG_FID_container_runtime_cuda_placeholders_not_mounted, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        JG_CONF_MEDIUM,
        "the image's CUDA libraries are empty placeholder files: on JetPack 4 the NVIDIA runtime "
        "mounts the host's libraries over them, so this step ran without it (docker build "
        "uses runc)",
        "set \"default-runtime\": \"nvidia\" in /etc/docker/daemon.json and restart docker "
        "(docker build then mounts them), or docker run --runtime nvidia"};
    /* no container in sight: the host's own library file is empty or cut short */
    if (!jg_container_evidenced(v)) {
        s.id = JG_FID_cuda_libraries_library_file_empty;
        s.layer = JG_L_CUDA_LIBRARIES;
        s.summary = "a CUDA / TensorRT library file on this system is empty or cut short: an "
                    "interrupted install or upgrade, or CUDA not installed where a container "
                    "image expects the host's copy";
        s.fix = "reinstall the package that owns it (dpkg -S <file>, then sudo apt install "
                "--reinstall <package>; on a Jetson: sudo apt install nvidia-jetpack or "
                "SDK Manager's CUDA / TensorRT components)";
    }
    jg_finding_add(out, &s, ev);
}

/* A JetPack 6 image (an NGC -igpu tag, or l4t r36) on a JetPack 7 host: CUDA error 801
 * (wyoming-whisper-trt #1047); -igpu images ended at 26.02 (jetson-facts.md §7.4). */
static bool jp6_image(const json_t *im, const void *unused)
{
    (void)unused;
    const char *ref = JG_ITEM_STR(im, ref), *l4t = JG_ITEM_STR(im, l4t);
    return (ref && strstr(ref, "-igpu")) || (l4t && strncmp(l4t, "36", 2) == 0);
}

void jg_rule_jp6_image_on_jp7(const jg_view *v, jg_finding_list *out)
{
    const json_t *im = jg_first_item(JG_VIEW_LIST(v, images), jp6_image, NULL);
    if (!im || v->jp_major != 7)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, "image", im);
    jg_ev_field(ev, v, JG_FF_l4t_version);
    const json_t *e = jg_view_cuda_error(v, 801);
    if (e)
        jg_ev_seen(ev, "cuda error 801", e);
    jg_finding_spec s = {
        JG_FID_container_runtime_jp6_image_on_jp7, JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
        e ? JG_CONF_HIGH : JG_CONF_MEDIUM,
        "a JetPack 6 image (an -igpu NGC tag or l4t r36) on a JetPack 7 host: CUDA fails with "
        "error 801 (JetPack 7 dropped libnvdla_compiler.so, which the -igpu images' TensorRT "
        "links); -igpu images ended at 26.02",
        "use a JetPack 7 image: the multi-arch nvcr.io/nvidia/pytorch:<YY.MM>-py3 (no -igpu "
        "suffix) or an r38/r39 l4t image"};
    jg_finding_add(out, &s, ev);
}
