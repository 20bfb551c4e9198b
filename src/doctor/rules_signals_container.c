/* Signal rules whose first reading lies in the container runtime and permissions (the row type,
 * where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_container[] = {
    {JG_SIG_runtime_not_registered, "docker",
     {"container-runtime.nvidia-runtime-not-registered", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "docker has no runtime named nvidia: the NVIDIA Container Toolkit is not installed or "
      "not configured for this docker",
      "install the NVIDIA Container Toolkit (JetPack: sudo apt install nvidia-container), "
      "then sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart "
      "docker; docker info | grep -i runtime must list nvidia"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_gpus_flag_csv, "docker",
     {"container-runtime.gpus-flag-csv-mode", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "--gpus invokes the NVIDIA runtime hook directly, which CSV mode (Jetson) does not "
      "support",
      "start the container with --runtime nvidia instead of --gpus all (or use CDI: "
      "nvidia-ctk cdi generate, then --device nvidia.com/gpu=all)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_no_gpu_at_build, "torch",
     {"container-runtime.no-gpu-while-building", JG_L_CONTAINER_RUNTIME, JG_SEV_WARNING,
      JG_CONF_LOW,
      "torch saw no CUDA while building an extension (\"No CUDA runtime is found\"): most "
      "often a docker build, which runs without the GPU unless docker's default runtime is "
      "nvidia",
      "set \"default-runtime\": \"nvidia\" in /etc/docker/daemon.json and restart docker, or "
      "build in a container started with the GPU; set TORCH_CUDA_ARCH_LIST (and FORCE_CUDA=1 "
      "where the project reads it) so the build does not need one"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_toolkit_hook_missing, "docker",
     {"container-runtime.toolkit-not-installed", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "docker is set up for the NVIDIA runtime but its hook is missing: the NVIDIA Container "
      "Toolkit was removed or only partly installed",
      "sudo apt install --reinstall nvidia-container-toolkit (JetPack: nvidia-container), then "
      "sudo nvidia-ctk runtime configure --runtime=docker and restart docker"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cdi_unresolved, "container engine",
     {"container-runtime.cdi-spec-missing", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "the container asked for a CDI device (nvidia.com/gpu) that no CDI spec names",
      "sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml (again after every driver or "
      "JetPack upgrade); nvidia-ctk cdi list shows the names"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_ngc_no_driver, "container",
     {"container-runtime.no-gpu-in-container", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the image's start-up check found no NVIDIA driver: the container was started without "
      "the GPU",
      "docker run --gpus all ... with the NVIDIA Container Toolkit installed (docker info | "
      "grep -i runtime)"},
     "docker run --runtime nvidia ... on a Jetson (with nvidia-container installed), and an "
     "image for this host's L4T release", JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_compose_without_gpu_devices, "docker compose",
     {"container-runtime.compose-too-old", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "this docker-compose does not know GPU device reservations "
      "(deploy.resources.reservations.devices needs Compose 1.28 or newer)",
      "update Docker Compose (the docker compose plugin), or give the service runtime: nvidia"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* go-nvml's words, printed by the Kubernetes device plugin and its kin, which run in
     * a container: the runtime did not inject the driver (k8s-device-plugin's README) */
    {JG_SIG_nvml_not_injected, "NVML",
     {"container-runtime.nvml-not-injected", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the GPU pod cannot load NVML: the container was not started with the NVIDIA runtime, "
      "so the host driver's libraries are not in it",
      "make nvidia the default runtime of the node's container engine (nvidia-ctk runtime "
      "configure --runtime=containerd --set-as-default, or docker's daemon.json), or give the "
      "pod the nvidia RuntimeClass; on the node nvidia-smi must work"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cdi_spec_unreadable, "CDI",
     {"container-runtime.cdi-spec-unreadable", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "the container engine cannot read the CDI spec (/etc/cdi or /var/run/cdi nvidia.yaml): "
      "it was written by an NVIDIA Container Toolkit newer than the engine understands, or is "
      "malformed",
      "regenerate it with a toolkit release the engine supports (nvidia-ctk cdi generate "
      "--output=/etc/cdi/nvidia.yaml), or update the engine (podman, containerd, docker)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_container_count = sizeof jg_signal_rules_container / sizeof jg_signal_rules_container[0];
