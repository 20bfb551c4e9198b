/* Signal rules whose first reading lies in the container runtime and permissions (the row type,
 * where rows speak and their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_container[] = {
    {JG_SIG_docker_seccomp, "docker",
     {"container-runtime.docker-seccomp", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "docker cannot create containers: its seccomp profile names a syscall (clone3) that this "
      "host's libseccomp/runc does not know, typically after an apt upgrade of docker on an "
      "older Ubuntu",
      "install the docker/containerd/nvidia-container packages that match (NVIDIA's "
      "nvidia-docker2 >= 2.8 on JetPack 4), or hold docker.io at the previous version; "
      "--security-opt seccomp=unconfined only as a stopgap"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
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
    /* containers/podman: CDI came in podman 4.1; 3.4 (Ubuntu 22.04) reads the name as a path */
    {JG_SIG_cdi_engine_unaware, "container engine",
     {"container-runtime.engine-without-cdi", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the container engine does not know CDI device names: it took nvidia.com/gpu=... for a "
      "file path (podman before 4.1, docker before 25 without the CDI feature)",
      "upgrade the engine to one with CDI (podman 4.1+, docker 25+ with CDI enabled), or use "
      "the NVIDIA runtime hook (--gpus all / --runtime nvidia) with this one"},
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
    /* the spec lists what the driver had when it was generated: after an update its files
     * and device nodes are gone (nvidia-ctk's docs: regenerate on driver changes) */
    {JG_SIG_cdi_spec_stale, "CDI",
     {"container-runtime.cdi-spec-stale", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "the CDI spec names driver files or device nodes that no longer exist: it was generated "
      "for an earlier driver or device set",
      "regenerate it: sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml (enable "
      "nvidia-cdi-refresh, or rerun after every driver update)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cdi_generate_failed, "nvidia-ctk",
     {"container-runtime.cdi-generate-failed", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "nvidia-ctk could not generate the CDI spec: it did not find the driver's files where "
      "it looks",
      "point it at the driver: nvidia-ctk cdi generate --driver-root=<root> (or "
      "--library-search-path=<folder with libcuda.so.*>), then check nvidia-ctk cdi list"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cdi_spec_unreadable, "CDI",
     {"container-runtime.cdi-spec-unreadable", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "the container engine cannot read the CDI spec (/etc/cdi or /var/run/cdi nvidia.yaml): "
      "it was written by an NVIDIA Container Toolkit newer than the engine understands, or is "
      "malformed",
      "regenerate it with a toolkit release the engine supports (nvidia-ctk cdi generate "
      "--output=/etc/cdi/nvidia.yaml), or update the engine (podman, containerd, docker)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/nccl/issues/342 */
    {JG_SIG_shm_too_small, "NCCL",
     {"container-runtime.shm-too-small", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "NCCL could not create its shared-memory buffers under /dev/shm, almost always because a "
      "container runs with Docker's default 64 MB /dev/shm; CUDA works",
      "start the container with --ipc=host or a larger --shm-size (e.g. --shm-size=8g); in "
      "Kubernetes mount an emptyDir with medium: Memory at /dev/shm; as a stopgap "
      "NCCL_SHM_DISABLE=1"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/nvidia-docker/issues/1660 */
    {JG_SIG_toolkit_without_cgroupv2, "nvidia-container-toolkit",
     {"container-runtime.toolkit-without-cgroupv2", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "libnvidia-container is too old for a cgroup v2 host (no devices controller), so the GPU "
      "hook fails before the container starts",
      "upgrade nvidia-container-toolkit / libnvidia-container to 1.8 or newer and restart "
      "docker; older toolkits can boot with systemd.unified_cgroup_hierarchy=0 as a workaround"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/libnvidia-container/issues/154 */
    {JG_SIG_rootless_needs_no_cgroups, "nvidia-container-toolkit",
     {"container-runtime.rootless-needs-no-cgroups", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "the NVIDIA hook cannot edit device cgroup filters because the container runs rootless "
      "(rootless docker/podman), which never grants that right",
      "in /etc/nvidia-container-runtime/config.toml set no-cgroups = true under "
      "[nvidia-container-cli] for rootless use, or prefer CDI (nvidia-ctk cdi generate; "
      "--device nvidia.com/gpu=all)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/nvidia-docker/issues/1199 */
    {JG_SIG_docker_too_old_for_gpus, "docker",
     {"container-runtime.docker-too-old-for-gpus", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "the docker client predates 19.03 and has no --gpus option (or the flag and its value "
      "were passed as one argument)",
      "upgrade docker-ce and docker-ce-cli to 19.03+ (install nvidia-container-toolkit), or use "
      "--runtime=nvidia with an older docker; from scripts pass '--gpus' and 'all' as separate "
      "arguments"},
     "on JetPack 4/5 use --runtime nvidia rather than --gpus", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/nvidia-docker/issues/1424 */
    {JG_SIG_ldconfig_path_wrong, "nvidia-container-toolkit",
     {"container-runtime.ldconfig-path-wrong", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_HIGH,
      "the NVIDIA hook is configured with the Debian/Ubuntu ldconfig path "
      "(@/sbin/ldconfig.real) on a host that has no such file, so container setup aborts",
      "edit /etc/nvidia-container-runtime/config.toml and set ldconfig = \"@/sbin/ldconfig\" "
      "(Debian-style hosts keep @/sbin/ldconfig.real only if that file exists); reinstall the "
      "toolkit package matching the host distribution; restart docker"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://developer.nvidia.com/CUPTI_ERROR_INSUFFICIENT_PRIVILEGES */
    {JG_SIG_profiling_counters_restricted, "nsight-compute",
     {"permissions.profiling-counters-restricted", JG_L_PERMISSIONS, JG_SEV_ERROR, JG_CONF_HIGH,
      "the driver restricts GPU performance counters to administrators, so a non-root profiler "
      "(ncu, nvprof, nsys metrics) is refused; CUDA works",
      "run the profiler as root (using its absolute path under sudo), or load the nvidia module "
      "with NVreg_RestrictProfilingToAdminUsers=0 via a file in /etc/modprobe.d, update the "
      "initramfs and reboot; in containers add --cap-add SYS_ADMIN"},
     "on Jetson run the profiler with sudo; the modprobe option does not apply to the nvgpu "
     "driver", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/k8s-device-plugin/issues/159 */
    {JG_SIG_gpu_not_advertised, "kubernetes",
     {"container-runtime.gpu-not-advertised", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the scheduler finds no node with a free nvidia.com/gpu resource: the device plugin is "
      "not running or not advertising GPUs, or all GPUs are already allocated",
      "kubectl describe node <gpu-node> and check Capacity/Allocatable nvidia.com/gpu; if 0 or "
      "absent fix the device plugin (logs, nvidia runtime on the node); if present, free GPUs "
      "or lower the request"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/triton-inference-server/server/issues/135 */
    {JG_SIG_ngc_no_supported_gpu, "NGC container",
     {"container-runtime.ngc-no-supported-gpu", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the NGC container's startup check found no usable GPU: most often the container was "
      "started without GPU access (no --gpus/--runtime nvidia), otherwise the GPU is newer than "
      "the image supports or NVSwitch fabric manager is not running",
      "start it with --gpus all (or --runtime nvidia) and check nvidia-smi inside; if a 'not "
      "yet supported in this version of the container' warning precedes it, use a newer image "
      "tag; on NVSwitch systems (HGX/DGX) start nvidia-fabricmanager"},
     "on Jetson use the l4t/igpu image variants with --runtime nvidia; x86/SBSA NGC images do "
     "not see the integrated GPU", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/nvidia-container-toolkit/issues/118 */
    {JG_SIG_toolkit_cannot_find_nvml, "nvidia-container-toolkit",
     {"container-runtime.toolkit-cannot-find-nvml", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "nvidia-ctk / the device plugin could not load libnvidia-ml: the driver is not installed "
      "on the host, or it lives outside the standard library path (GPU Operator driver "
      "container, NixOS, custom prefixes)",
      "confirm nvidia-smi works on the host; with a driver container pass "
      "--driver-root=/run/nvidia/driver (or set it in the device plugin/operator); otherwise "
      "add the library directory (--library-search-path) or its ld.so.conf entry and run "
      "ldconfig before nvidia-ctk cdi generate"},
     "on Jetson before JetPack 6 there is no NVML; use CSV mode rather than nvml/CDI "
     "generation", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/NVIDIA/nvidia-container-runtime/issues/85 */
    {JG_SIG_podman_legacy_hook, "podman",
     {"container-runtime.podman-legacy-hook", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "podman's legacy OCI-hook integration with the NVIDIA toolkit failed (rootless user "
      "namespaces, SELinux labels or missing device nodes), so the container did not start with "
      "the GPU",
      "prefer CDI with podman: sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml and "
      "run with --device nvidia.com/gpu=all; for rootless set no-cgroups = true; on SELinux "
      "hosts add --security-opt=label=disable; remove the old oci-nvidia-hook.json hook"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/apptainer/apptainer/issues/3646 */
    {JG_SIG_apptainer_nv_files_not_found, "apptainer",
     {"container-runtime.apptainer-nv-files-not-found", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "apptainer/singularity --nv found none of the host's NVIDIA driver files it binds in: no "
      "driver on the host, or its list (nvliblist.conf) does not name the files this host has",
      "nvidia-smi must work on the host; use --nvccli (the NVIDIA container CLI), or add the "
      "host's driver libraries to nvliblist.conf"},
     "a Jetson's driver libraries are L4T's (/usr/lib/aarch64-linux-gnu/tegra): add them to "
     "nvliblist.conf or bind them with -B", JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/rbonghi/jetson_stats/pull/795 */
    {JG_SIG_jtop_service_access, "jtop",
     {"permissions.jtop-service-access", JG_L_PERMISSIONS, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "jtop cannot reach its service: the user is not (yet) in the jtop group, or jtop.service "
      "is not running; CUDA is not involved",
      "sudo systemctl restart jtop.service; sudo usermod -aG jtop $USER, then log out and in "
      "(or reboot)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* OE4T/meta-tegra#230, NVIDIA-AI-IOT/jetbot#424 */
    {JG_SIG_argus_socket_unreachable, "Argus",
     {"container-runtime.argus-socket-not-shared", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the camera client cannot reach nvargus-daemon: in a container /tmp/argus_socket was not "
      "shared with it (on the host, the daemon is not running); CUDA is not involved",
      "docker run --runtime nvidia -v /tmp/argus_socket:/tmp/argus_socket ...; on the host "
      "sudo systemctl restart nvargus-daemon"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* dusty-nv/jetson-containers#258: L4T packages install only on the host */
    {JG_SIG_l4t_core_in_container, "apt",
     {"container-runtime.l4t-package-in-container", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "an L4T package (cuda-compat and others pre-depend on nvidia-l4t-core) cannot install in "
      "the container: nvidia-l4t-core belongs to the host",
      "do not apt install L4T packages in the image: start from an l4t-jetpack / l4t-cuda image "
      "of the host's L4T, or copy the files the program needs"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* docker/docs#23242 */
    {JG_SIG_docker_desktop_wsl_off, "Docker Desktop",
     {"container-runtime.docker-desktop-wsl-integration-off", JG_L_CONTAINER_RUNTIME,
      JG_SEV_ERROR, JG_CONF_HIGH,
      "Docker Desktop's WSL integration is off for this WSL 2 distribution, so docker is not "
      "available inside it",
      "Docker Desktop, Settings, Resources, WSL integration: enable it for this distribution, "
      "then restart the shell"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* dockerd's socket is root's and the docker group's */
    {JG_SIG_docker_socket_access, "docker",
     {"permissions.docker-socket-access", JG_L_PERMISSIONS, JG_SEV_ERROR, JG_CONF_HIGH,
      "the user may not talk to the docker daemon: not in the docker group",
      "sudo usermod -aG docker $USER, then log out and in (or run docker with sudo)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* moby/moby#41725, docker/compose#4181 */
    {JG_SIG_docker_daemon_down, "docker",
     {"container-runtime.docker-daemon-down", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "the docker daemon is not running, or failed to start",
      "sudo systemctl status docker and journalctl -u docker say why; a daemon.json it cannot "
      "read is a common cause (after nvidia-ctk runtime configure, check it)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* moby/moby#42948 */
    {JG_SIG_daemon_json_invalid, "docker",
     {"container-runtime.daemon-json-invalid", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_HIGH,
      "dockerd cannot read /etc/docker/daemon.json (invalid JSON or an option it does not "
      "know), so it does not start",
      "fix the file (python3 -m json.tool /etc/docker/daemon.json shows where), then sudo "
      "systemctl restart docker"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/nvidia-docker#73, #345: the 1.x wrapper accepts only the Docker versions it knew */
    {JG_SIG_nvidia_docker_version_unsupported, "nvidia-docker",
     {"container-runtime.docker-version-unsupported", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "nvidia-docker 1.x does not support this Docker version (it accepts only the versions "
      "its release knew)",
      "replace nvidia-docker 1.x with the NVIDIA Container Toolkit (docker run --gpus all), or "
      "use the nvidia-docker release made for this Docker"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* NVIDIA/nvidia-docker (1.x): its volume of driver files is made of hard links */
    {JG_SIG_nvidia_docker_volume_cross_device, "nvidia-docker",
     {"container-runtime.driver-volume-cross-device", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "nvidia-docker 1.x cannot build its volume of driver files: it hard-links them, and its "
      "volume folder is on another partition than the driver",
      "put nvidia-docker-plugin's volume folder (its -d option) on the driver's partition, or "
      "move to the NVIDIA Container Toolkit (docker run --gpus all), which needs no volume"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* netdata/netdata#21359: openSUSE makes the nodes root:video 0660; the driver's own
     * default (NVreg_DeviceFileMode) is 0666. Low: the listing does not show who runs. */
    {JG_SIG_nvidia_nodes_group_only, "ls",
     {"permissions.device-nodes-group-only", JG_L_PERMISSIONS, JG_SEV_WARNING, JG_CONF_LOW,
      "the NVIDIA device nodes open only for root and one group (mode 0660, not the driver's "
      "default 0666): a user or service outside that group cannot use the GPU",
      "add the user (or the service's user) to the group the listing names (sudo usermod -aG "
      "video <user>, then log in again), or set the driver's NVreg_DeviceFileMode=0666"},
     NULL, JG_PT_OFF_JETSON, JG_AT_NONE, {0}},
    /* NVIDIA/nvidia-docker#795: each nvidia-docker2 package depends on one docker-ce version */
    {JG_SIG_toolkit_pins_docker_version, "apt",
     {"container-runtime.toolkit-pins-docker-version", JG_L_CONTAINER_RUNTIME, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "nvidia-docker2's package requires one exact docker-ce version, not the one installed or "
      "about to be",
      "install the nvidia-docker2 (and nvidia-container-runtime) version made for the "
      "installed docker-ce (apt-cache madison nvidia-docker2), or move to the NVIDIA Container "
      "Toolkit, which does not pin Docker"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_container_count = sizeof jg_signal_rules_container / sizeof jg_signal_rules_container[0];
