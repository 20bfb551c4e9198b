/* Signal rules whose first reading lies in the project (the row type, where rows speak and
 * their second readings: signal_rules.h). */
#include "doctor/signal_rules.h"

const jg_signal_rule jg_signal_rules_project[] = {
    {JG_SIG_tensors_on_two_devices, "runtime error",
     {"project.tensors-on-two-devices", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works (tensors reached the GPU): the project's code mixes CPU and GPU tensors in "
      "one operation",
      "a bug in the project or its version: move the named argument to the same device "
      "(.to(device)), or update the project; the CUDA stack needs no change"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* error 101: most often the project's own device id (cuda:1, --gpus 2) on a machine
     * with fewer GPUs; the configuration's when the report limits the devices */
    {JG_SIG_invalid_device_ordinal, "CUDA",
     {"project.device-index-not-present", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program asked for a GPU index this machine does not have (error 101): a device id "
      "fixed in the code, its config or its arguments (cuda:1, --gpus, device=1) counts more "
      "GPUs than there are",
      "nvidia-smi -L lists the devices (a Jetson has one, index 0); pass the device id as an "
      "option, or use cuda:0 / the project's device argument"},
     NULL, JG_PT_ANY, JG_AT_DEVICES_LIMITED,
     {"configuration.invalid-device-ordinal", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program asked for a GPU index this process does not see (error 101): "
      "CUDA_VISIBLE_DEVICES or MIG instances leave fewer devices than it expects",
      "echo $CUDA_VISIBLE_DEVICES; nvidia-smi -L; use cuda:0 for the first visible device, or "
      "give each worker its own CUDA_VISIBLE_DEVICES (one MIG device per process)"}},
    {JG_SIG_cuda_in_fork, "CUDA",
     {"project.cuda-in-forked-subprocess", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works: the project uses it in a forked child after the parent initialised it "
      "(a DataLoader worker, multiprocessing with fork)",
      "use the 'spawn' start method (torch.multiprocessing.set_start_method('spawn')), keep "
      "CUDA out of data-loader workers, or num_workers=0; the CUDA stack needs no change"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_device_side_assert, "CUDA",
     {"project.device-side-assert", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works: an assertion in a kernel failed (an index out of range: a label not below "
      "the number of classes, an embedding index too large)",
      "run with CUDA_LAUNCH_BLOCKING=1 (or on the CPU) for the real error line; check labels "
      "and indices against the model's sizes; the CUDA stack needs no change"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_illegal_memory_access, "CUDA",
     {"project.illegal-memory-access", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_LOW,
      "a CUDA kernel faulted (an out-of-bounds or misaligned access, an illegal instruction): "
      "a bug in the project or in a package's kernel (rarely the driver)",
      "CUDA_LAUNCH_BLOCKING=1 names the kernel; compute-sanitizer python3 ... finds the access; "
      "update the package that owns the kernel"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* "version `GLIBC_2.NN' not found": a binary built on a newer OS release */
    {JG_SIG_glibc_too_old, "loader",
     {"project.binary-for-newer-os", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program's binary was built for a newer OS release (it needs a newer glibc than this "
      "system has)",
      "download the build made for this OS release (ldd --version shows its glibc), or build "
      "it from source here"},
     NULL, JG_PT_ANY, JG_AT_PACKAGE_FILE,
     {"python-packages.package-for-newer-os", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "a Python package's compiled library was built for a newer OS release (it needs a newer "
      "glibc than this system has)",
      "install a release of the package built for this OS (an older wheel, or a manylinux tag "
      "this glibc satisfies), or build it from source here"}},
    {JG_SIG_fp16_compute_unsupported, "CTranslate2",
     {"project.compute-type-unsupported", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "CUDA works: the requested float16 compute type is not efficient on this GPU (its "
      "compute capability lacks fast float16), so the library refuses it",
      "choose a compute type the GPU supports (compute_type=\"int8\" or \"float32\"; "
      "\"default\" lets the library pick)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cuda_tensor_to_numpy, "torch",
     {"project.cuda-tensor-to-numpy", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "CUDA works (the tensor is on the GPU): the project's code calls .numpy() on a CUDA "
      "tensor, which needs a copy to host memory first",
      "move it to the CPU first (t.detach().cpu().numpy()); when the line is in the project's "
      "code, update the project (its fix usually adds .cpu())"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_nvidia_smi_no_memory, "nvidia-smi",
     {"project.nvidia-smi-gives-no-memory", JG_L_PROJECT, JG_SEV_WARNING, JG_CONF_MEDIUM,
      "nvidia-smi reports no memory figure ([N/A] on unified-memory GPUs such as GB10, "
      "[Insufficient Permissions] inside a MIG container); CUDA may work: code that reads "
      "capacity from nvidia-smi fails here",
      "take the capacity from CUDA instead (torch.cuda.mem_get_info() or "
      "torch.cuda.get_device_properties(0).total_memory); update the project if it reads "
      "nvidia-smi"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    {JG_SIG_cmake_cublas_device, "CMake",
     {"project.cmake-too-old-for-cuda", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "CMake's FindCUDA asks for CUDA_cublas_device_LIBRARY, which CUDA 10 removed: this CMake "
      "predates the installed CUDA",
      "use a newer CMake (3.15 or later: pip install cmake, or Kitware's apt repository), or "
      "move the project to find_package(CUDAToolkit)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/pytorch/pytorch/issues/118369 */
    {JG_SIG_nccl_collective_timeout, "torch",
     {"project.nccl-collective-timeout", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "CUDA and NCCL work; one rank stopped joining a collective (a hang, uneven data, a slow "
      "step or a crashed peer) and the default NCCL timeout ran out",
      "find the rank that diverged (run with TORCH_NCCL_ASYNC_ERROR_HANDLING=1 / "
      "NCCL_DEBUG=INFO, TORCH_DISTRIBUTED_DEBUG=DETAIL); make every rank run the same number of "
      "collectives; do slow rank-0-only work (eval, checkpoint saving) outside collectives or "
      "raise timeout= in init_process_group"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* nvcc refused an arch below 5.0 (report_match_errors.c): the build's list asks for a GPU
     * generation the toolkit dropped; the number proves it (high) */
    {JG_SIG_arch_dropped_by_toolkit, "nvcc",
     {"project.arch-list-too-old", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "the build asks nvcc for a GPU architecture this CUDA toolkit no longer supports (Fermi "
      "went in CUDA 9, Kepler 3.0 in 11, 3.5 / 3.7 in 12): the build's architecture list is "
      "older than the toolkit",
      "use a newer release of the project, or remove the old architectures from its list "
      "(CUDA_ARCH_BIN, CMAKE_CUDA_ARCHITECTURES, -gencode flags) and build for this GPU's"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* colmap/colmap: CMAKE_CUDA_ARCHITECTURES=native in a docker build, where no GPU is
     * visible, left nvcc "-gencode=arch=compute_,code=sm_" */
    {JG_SIG_arch_list_empty, "nvcc",
     {"configuration.arch-list-empty", JG_L_CONFIGURATION, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the build handed nvcc an empty architecture ('compute_' with no number): its "
      "architecture setting is empty, or 'native' / autodetection found no GPU (a docker "
      "build sees none)",
      "name the architectures explicitly for the GPU it will run on (CMAKE_CUDA_ARCHITECTURES=87, "
      "TORCH_CUDA_ARCH_LIST=8.7, the project's CUDA_ARCHITECTURES build argument)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* onnxruntime 1.9: InferenceSession needs providers= when a GPU build is installed */
    {JG_SIG_ort_providers_required, "onnxruntime",
     {"project.ort-providers-not-set", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "onnxruntime's GPU build is installed and works, and the project creates an "
      "InferenceSession without naming its execution providers, which onnxruntime 1.9+ requires",
      "pass providers=['CUDAExecutionProvider', 'CPUExecutionProvider'] (or the TensorRT one) "
      "to InferenceSession, or update the project to a release that does"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* torch.serialization's restore location: the checkpoint's tensors were saved on a CUDA
     * device; with no NVIDIA GPU in view the load call is what must change (coqui-ai/TTS#2750
     * added map_location); where a GPU is evidenced, torch not seeing it comes first */
    {JG_SIG_checkpoint_on_cuda_without_cuda, "torch.load",
     {"project.checkpoint-needs-map-location", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the checkpoint's tensors were saved on a CUDA device and this run has no CUDA: the "
      "project loads it without mapping them to the device it runs on",
      "load with torch.load(path, map_location=device) (map_location='cpu' without a GPU); "
      "if this machine should have CUDA, check torch.version.cuda and run jetgate doctor"},
     NULL, JG_PT_NO_NVIDIA_GPU, JG_AT_NONE, {0}},
    {JG_SIG_checkpoint_device_missing, "torch.load",
     {"project.checkpoint-device-not-present", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "CUDA works: the checkpoint was saved on a GPU index this machine does not have (cuda:1 "
      "with one GPU), and the project loads it without remapping",
      "load with torch.load(path, map_location='cuda:0') (or the run's device); the CUDA "
      "stack needs no change"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* multimodallearning/pytorch-mask-rcnn#38: "-arch=[sm_61]" copied with the README's
     * brackets; nvcc names the value it could not read */
    {JG_SIG_arch_value_malformed, "nvcc",
     {"project.arch-value-malformed", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the build passes nvcc an architecture value that is not an architecture name (brackets, "
      "a list in one value, an unexpanded variable), whatever the toolkit supports",
      "write the value as nvcc takes it (-arch=sm_61, or -gencode arch=compute_61,code=sm_61 "
      "per architecture); check how the build expands its arch variable"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* torch._six went in torch 2.0; other private modules move too: the caller predates the
     * torch installed */
    {JG_SIG_torch_api_removed, "traceback",
     {"project.torch-api-removed", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the code uses a torch module that newer torch releases removed (torch._six went in "
      "2.0): it was written for an older torch than the one installed",
      "update the project's pins to versions made for this torch (a newer torchvision or "
      "package release), or install the torch it was written for"},
     NULL, JG_PT_ANY, JG_AT_PACKAGE_FILE,
     {"python-packages.package-older-than-torch", JG_L_PYTHON_PACKAGES, JG_SEV_ERROR,
      JG_CONF_MEDIUM,
      "an installed package uses a torch module that newer torch releases removed: the "
      "package is older than the torch installed",
      "upgrade the package to a release made for this torch (pip install -U <package>), or "
      "pin the torch it supports"}},
    /* a pinned-memory copy on memory that was never registered with CUDA */
    {JG_SIG_host_memory_not_registered, "CUDA",
     {"project.host-memory-not-registered", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a copy treats host memory as pinned (registered with CUDA) that is not: the project's "
      "memory handling; CUDA works",
      "allocate the buffer with cudaMallocHost / cudaHostAlloc, register it "
      "(cudaHostRegister) before the copy, or use the project's path without pinned memory"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* cudaErrorInvalidValue (1): the caller passed a size, pointer or direction out of range
     * (CUDA runtime API, cudaError_t); in a program's own call the program's arguments, often
     * a buffer sized for another model or input shape. */
    {JG_SIG_cuda_invalid_value, "CUDA",
     {"project.cuda-invalid-value", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "CUDA ran the program's call and refused one of its arguments (error 1, invalid value): "
      "a size, pointer or shape the program passed does not fit its buffers",
      "check the failing call's sizes against the buffers (input shape, batch, the engine's "
      "bindings, the model's class count); CUDA_LAUNCH_BLOCKING=1 shows the exact call; the "
      "CUDA stack needs no change"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* torch's StorageSharing: CUDA IPC (sharing CUDA tensors between processes) fails (801) */
    {JG_SIG_cuda_ipc_unsupported, "torch",
     {"project.cuda-ipc-unsupported", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the project shares CUDA tensors between processes (DataLoader workers, "
      "multiprocessing), and CUDA IPC is not supported here (801; on Windows never)",
      "keep tensors on the CPU in worker processes and move them to the GPU in the main "
      "process, or use num_workers=0"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* TensorFlow maps all of the GPU's memory by default; cuDNN's handle then fails to
     * allocate (the common answer; a cuDNN that does not fit says so elsewhere): medium */
    {JG_SIG_tf_cudnn_handle_failed, "TensorFlow",
     {"project.tf-gpu-memory-taken", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "TensorFlow could not create a cuDNN handle: most often the GPU's memory is already "
      "taken (TensorFlow maps all of it by default, or another process holds it)",
      "enable memory growth (tf.config.experimental.set_memory_growth(gpu, True), or "
      "TF_FORCE_GPU_ALLOW_GROWTH=true) or free the GPU; if it persists, check that cuDNN is the "
      "version this TensorFlow was built with"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* https://github.com/QwenLM/Qwen3/issues/295 */
    {JG_SIG_kv_cache_too_small, "vLLM",
     {"project.kv-cache-too-small", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "vLLM loaded the model on the GPU but the memory left for the KV cache cannot hold the "
      "model's full context length; CUDA works",
      "lower --max-model-len to at most the reported token count, or raise "
      "--gpu-memory-utilization, quantize the model, use a smaller model or add GPUs (tensor "
      "parallel)"},
     "on Jetson the GPU shares RAM with the OS: stop other processes, keep "
     "--gpu-memory-utilization moderate and lower --max-model-len", JG_PT_ANY, JG_AT_NONE, {0}},
    /* jetson-containers' own words (jetson_containers/tag.py, container.py, packages.py) */
    {JG_SIG_no_container_for_l4t, "jetson-containers",
     {"project.no-container-for-l4t", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "jetson-containers has no image or package recipe that fits this L4T release, so there "
      "is nothing to run; the CUDA stack is not shown to be at fault",
      "build the package for this L4T (jetson-containers build <package>), name an image tag "
      "made for this L4T release, or use a JetPack the recipe supports"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* uv's --locked check; poetry's lock check */
    {JG_SIG_lockfile_out_of_date, "lock",
     {"project.lockfile-out-of-date", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "the project's lock file no longer matches pyproject.toml, and the install was asked to "
      "use the lock as it is",
      "regenerate the lock (uv lock, poetry lock) and commit it, or install without --locked "
      "/ --frozen"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* too many registers or threads per block for this GPU (Jetson TX1/TX2/Nano reports) */
    {JG_SIG_launch_out_of_resources, "CUDA",
     {"project.launch-out-of-resources", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "a kernel launch asks for more registers, threads per block or blocks than this GPU "
      "offers (out of resources, invalid configuration): code (or a build) tuned for a larger "
      "GPU or for smaller inputs",
      "lower the threads per block of the failing kernel, or use a release of the library "
      "built and tuned for this GPU; CUDA itself works"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* facebookresearch/fairchem#597: NCCL refuses two ranks on one device */
    {JG_SIG_ranks_share_one_gpu, "NCCL",
     {"project.ranks-share-one-gpu", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "NCCL found two ranks on the same GPU: the job starts more processes than there are "
      "GPUs, or every rank picks device 0; CUDA works",
      "start one process per GPU (torchrun --nproc_per_node = the GPU count) and set each "
      "rank's device from LOCAL_RANK (torch.cuda.set_device)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* pytorch torch/csrc/distributed/c10d/NCCLUtils.cpp */
    {JG_SIG_nccl_peer_exited, "NCCL",
     {"project.nccl-peer-exited", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "an NCCL call failed because another rank exited or the network between ranks failed: "
      "the first rank's own error is the cause",
      "find the rank that failed first (its log shows the real error); check the network "
      "interface NCCL uses (NCCL_SOCKET_IFNAME) and NCCL_DEBUG=INFO"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* CUDA's stream-capture errors (900, 901) */
    {JG_SIG_cuda_graph_capture_invalid, "CUDA",
     {"project.cuda-graph-capture-invalid", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_HIGH,
      "an operation not allowed while a CUDA graph is being captured ran during capture (a "
      "host sync, an allocation, a CPU copy): the project's CUDA-graph code; CUDA works",
      "keep syncs, .item(), prints and CPU copies out of the captured region, or run without "
      "CUDA graphs (enforce_eager / the project's option)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* nvidia-mirror/linux-nvgpu common/fifo/channel_wdt.c */
    {JG_SIG_gpu_job_timeout, "nvgpu",
     {"project.gpu-job-timeout", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the Jetson GPU driver's watchdog stopped a GPU job that ran too long or hung: a kernel "
      "that does not finish (rarely a driver fault)",
      "find the kernel that hangs (CUDA_LAUNCH_BLOCKING=1, compute-sanitizer); split long "
      "kernels; update the library that owns it"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* eyalroz/cuda-api-wrappers#125: relocatable device code without a device link */
    {JG_SIG_device_link_missing, "linker",
     {"project.device-link-missing", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "code built with separate compilation (-rdc) was linked without CUDA's device-link step",
      "enable the device link (CMake: CUDA_RESOLVE_DEVICE_SYMBOLS / CUDA_SEPARABLE_COMPILATION "
      "on the final target; nvcc -dlink), or build without -rdc"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* AndybnACT/GPU-comcot#1 */
    {JG_SIG_cudart_not_linked, "linker",
     {"project.cudart-not-linked", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the program's link lacks the CUDA runtime library (cudart)",
      "add -lcudart (CMake: CUDA::cudart, or enable the CUDA language) to the build"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* cmake.org policy CMP0104 */
    {JG_SIG_cuda_architectures_unset, "CMake",
     {"project.cuda-architectures-unset", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "the project's CMake target has no CUDA_ARCHITECTURES: the build script does not say "
      "which GPUs to build for",
      "set CUDA_ARCHITECTURES on the target or pass -DCMAKE_CUDA_ARCHITECTURES=<cc without "
      "dot>"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* Dao-AILab/flash-attention csrc/flash_attn/flash_api.cpp */
    {JG_SIG_flash_attention_input_unsupported, "FlashAttention",
     {"project.flash-attention-input-unsupported", JG_L_PROJECT, JG_SEV_ERROR, JG_CONF_MEDIUM,
      "FlashAttention was given inputs it does not take (a dtype other than fp16/bf16, a head "
      "dimension over its limit): the model's settings; CUDA works",
      "run the model in fp16 or bf16 (torch_dtype), or use another attention implementation "
      "(attn_implementation=\"sdpa\")"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
    /* jkjung-avt/tensorrt_demos#587: the linker's -l names no CUDA library, so the CUDA
     * stack is not what the build lacks; low: the library may still be the system's job */
    {JG_SIG_build_library_missing, "linker",
     {"project.build-library-missing", JG_L_PROJECT, JG_SEV_WARNING, JG_CONF_LOW,
      "the build links a library that is not installed, or not where the build looks: a build "
      "dependency of the project, not part of the CUDA stack",
      "install the library's development package, or fix the library name or path the build "
      "script uses (ls /usr/lib/*/lib<name>* shows what is installed)"},
     NULL, JG_PT_ANY, JG_AT_NONE, {0}},
};
const size_t jg_signal_rules_project_count = sizeof jg_signal_rules_project / sizeof jg_signal_rules_project[0];
