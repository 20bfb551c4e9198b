/* Recognisers for what sits below and around CUDA that need more than one
 * fixed phrase (those are phrase: lines of src/doctor/knowledge/<layer>.rules): the reporter's words
 * about the machine, pip's resolver, the user's shell, tracebacks through a
 * source folder, Xids, device nodes, docker's own lines. */
#include <stdlib.h>
#include <string.h>

#include "doctor/triage/report_scan.h"

/* The reporter says the machine has no NVIDIA GPU (another vendor's, or a Mac). */
static const char *const other_gpu[] = {
    "amd gpu", "radeon", "macbook", "macos", "mac os", "apple m1", "apple m2", "apple m3",
    "apple m4", "apple silicon", "intel arc", "mps backend", "don't have an nvidia",
    "do not have an nvidia", "don't have nvidia", "no nvidia gpu", "without an nvidia gpu",
    "without nvidia gpu", NULL};

/* pip: "No matching distribution found for torch>=1.10" and its first line. */
static void pip_no_distribution(jg_tp *p)
{
    const char *r = after(p, "no matching distribution found for ");
    if (!r)
        r = after(p, "could not find a version that satisfies the requirement ");
    if (!r)
        return;
    size_t n = strcspn(r, " <>=!~;[(");
    bool torch = n == 5 && strncmp(r, "torch", 5) == 0;
    jg_tp_signal(p, torch ? JG_SIG_no_torch_distribution : JG_SIG_no_package_distribution);
}

/* "sudo [-E|-H] [/path/to/]python3 ..." or "sudo pip ...". */
static bool sudo_runs_user_program(const jg_tp *p)
{
    const char *r = find(p, "sudo ");
    if (!r)
        return false;
    r += 5;
    while (r[0] == '-' && r[1] && r[2] == ' ')
        r += 3; /* -E, -H */
    size_t n = strcspn(r, " ");
    char cmd[96];
    snprintf(cmd, sizeof cmd, "%.*s", (int)(n < sizeof cmd ? n : sizeof cmd - 1), r);
    const char *base = strrchr(cmd, '/');
    base = base ? base + 1 : cmd;
    /* python, pip, or a program of the user's own build folder (sudo ./yolo_det): each
     * finds what the user installed or exported only in the user's environment */
    return strncmp(base, "python", 6) == 0 || strncmp(base, "pip", 3) == 0 || cmd[0] == '.';
}

/* The shell's own words: "Killed" (SIGKILL, on a Jetson almost always the
 * OOM killer), a job line "[1]+  Killed ...", and sudo before python/pip or a program of
 * the user's build folder (sudo resets PATH, LD_LIBRARY_PATH and the user site). */
static void shell_lines(jg_tp *p)
{
    const char *l = p->lower, *k = find(p, " killed ");
    bool pid_before = k && k > l && isdigit((unsigned char)k[-1]);
    /* torch's DataLoader: "worker (pid 123) is killed by signal: Killed" */
    if (strcmp(l, "killed") == 0 || strncmp(l, "killed ", 7) == 0 || find(p, "]+  killed") ||
        find(p, "`killed`") || pid_before || find(p, "is killed by signal"))
        jg_tp_signal(p, JG_SIG_process_killed);
    if (sudo_runs_user_program(p))
        jg_tp_signal(p, JG_SIG_sudo_user_program);
    /* a traceback through a relative torch/__init__.py: a source folder named torch */
    if (find(p, "file \"torch/__init__.py\""))
        jg_tp_signal(p, JG_SIG_local_torch_folder);
    /* the NVIDIA runtime's CSV mode exists only on Jetsons */
    if (find(p, "auto-detected mode as 'csv'") || find(p, "invoking the nvidia container runtime hook"))
        jg_tp_jetson_hint(p, "the NVIDIA container runtime in CSV mode");
    /* the NVIDIA runtime's mount lists (JetPack 4/5 CSV mode) */
    if (find(p, "l4t.csv") || (find(p, "cuda.csv") && find(p, "cudnn.csv")))
        jg_tp_signal(p, JG_SIG_csv_mount_lists);
}

/* The missing symbol is torch's own C++ (namespaces torch::, at::, c10::, mangled): the
 * extension that needs it was built against another torch. */
static bool torch_cxx_symbol(const jg_tp *p)
{
    /* macOS's dyld prefixes one more underscore ("Symbol not found: __ZN3c10...") and names
     * torch's C symbols too ("_torch_library_impl") */
    static const char *const ns[] = {"symbol: _zn5torch", "symbol: _zn2at", "symbol: _zn3c10",
                                     "symbol: _znk5torch", "symbol: _znk2at", "symbol: _znk3c10",
                                     "not found: __zn5torch", "not found: __zn2at",
                                     "not found: __zn3c10", "not found: _torch_", NULL};
    return find_any(p, ns);
}

/* "undefined symbol": in a package's extension built against another torch
 * (torchvision, torchaudio, flash-attn, mmcv, ...: python-packages), or in a
 * CUDA library of another version (cuda-libraries). */
static void undefined_symbol(jg_tp *p)
{
    if (!find(p, "undefined symbol") && !find(p, "symbol not found: _"))
        return;
    if (find(p, "/libcu") || find(p, "/libnv") || find(p, "libcudnn") || find(p, "libcublas"))
        jg_tp_signal(p, JG_SIG_library_symbol_mismatch);
    else if (!find(p, "/torch/lib/") && (find(p, "_c.so") || find(p, ".cpython-") || find(p, "_cuda") ||
                                         torch_cxx_symbol(p)))
        jg_tp_signal(p, JG_SIG_built_for_other_torch);
}

/* NVRM Xid codes that point at the card, its memory or its link. */
static void xid(jg_tp *p)
{
    static const int hw[] = {48, 61, 62, 63, 64, 74, 79, 92, 94, 95, 0};
    const char *r = after(p, "xid"); /* "NVRM: Xid (PCI:0000:02:00): 79, ..." */
    r = r ? strstr(r, "): ") : NULL;
    int code = r ? atoi(r + 3) : 0;
    for (int i = 0; hw[i]; i++)
        if (code == hw[i])
            jg_tp_signal(p, code == 79 ? JG_SIG_gpu_off_bus : JG_SIG_gpu_hardware_error);
}

/* "No module named 'torch'": this interpreter has no torch ('torch._C' is
 * another story: a broken install or a source folder). */
static void torch_module_missing(jg_tp *p)
{
    if (find(p, "no module named 'torch'") || find(p, "no module named \"torch\"") ||
        (find(p, "no module named torch") && !find(p, "no module named torch."))) {
        jg_tp_raw(p, JG_FF_python_torch_imported, json_false());
        jg_tp_raw(p, JG_FF_python_torch_found, json_false());
        jg_tp_signal(p, JG_SIG_torch_module_missing);
        /* Python 3 quotes the name ('torch'); "ImportError: No module named torch" is Python 2 */
        if (find(p, "no module named torch") && !find(p, "no module named torch."))
            jg_tp_signal(p, JG_SIG_python2_ran);
    }
}

/* Lines whose meaning needs more than one phrase. */
static void tool_lines(jg_tp *p)
{
    /* pip building a package from source and failing: "Running setup.py install for h5py
     * ... error", "Building wheel for x (pyproject.toml) did not run successfully" */
    if ((find(p, "running setup.py install for") && find(p, "... error")) ||
        (find(p, "building wheel for") && find(p, "did not run successfully")))
        jg_tp_signal(p, JG_SIG_sdist_build_failed);
    /* nvidia-smi's query output without a memory figure: unified memory (GB10, Jetson)
     * reports [N/A], a MIG container [Insufficient Permissions] */
    if (find(p, "[n/a], [n/a]") || find(p, "[insufficient permissions]"))
        jg_tp_signal(p, JG_SIG_nvidia_smi_no_memory);
    /* a root shell's prompt, "root@3f2a9c:/# pip3 install ...": commands ran there */
    if (strncmp(p->lower, "root@", 5) == 0 && strstr(p->lower, ":/") && strstr(p->lower, "# "))
        jg_tp_signal(p, JG_SIG_root_prompt);
    /* which interpreter runs is in question: a notebook kernel, a venv, sys.executable */
    if (find(p, "sys.executable") || has_word(p, "jupyter") || find(p, "kernel.json") ||
        find(p, "ipykernel") || find(p, "which python") || find(p, "system-site-packages"))
        jg_tp_signal(p, JG_SIG_interpreter_hint);
    /* Windows' ctypes: "Could not find module '...\\site-packages\\dgl\\dgl.dll' (or one of
     * its dependencies)": a package's own native library does not load (torch's: other rules) */
    if (find(p, "could not find module") && find(p, "site-packages") && find(p, ".dll") &&
        !find(p, "site-packages\\torch\\") && !find(p, "site-packages/torch/"))
        jg_tp_signal(p, JG_SIG_package_library_unloadable);
    if (find(p, "mig-") || has_word(p, "mig"))
        jg_tp_signal(p, JG_SIG_mig_seen);
    if (find(p, "no module named _c") || find(p, "no module named 'torch._c'") ||
        find(p, "name '_c' is not defined"))
        jg_tp_signal(p, JG_SIG_torch_c_missing);
}

void jg_rx_system(jg_tp *p)
{
    if (find_any(p, other_gpu))
        jg_tp_signal(p, JG_SIG_no_nvidia_gpu);
    if (find(p, "nvrmmeminitnvmap failed") && find(p, "permission denied"))
        jg_tp_signal(p, JG_SIG_tegra_nodes_denied);
    pip_no_distribution(p);
    shell_lines(p);
    tool_lines(p);
    torch_module_missing(p);
    undefined_symbol(p);
    xid(p);
    /* NVML's "Unknown Error" inside a container: the runtime's device access is gone
     * (cgroup rules reset by a systemd reload on the host) */
    bool absent = find(p, "no such file") || find(p, "cannot") || find(p, "does not exist") ||
                  find(p, "failed to open");
    /* what NVIDIA's Jetson torch wheels need from the system (its install guide) */
    bool unopened = find(p, "cannot open") || find(p, "no such file") || find(p, "not found");
    if (unopened && (find(p, "libopenblas.so") || find(p, "libmpi_cxx.so") || find(p, "libmpi.so") ||
                   find(p, "libomp.so") || find(p, "libgomp.so")))
        jg_tp_signal(p, JG_SIG_torch_system_library_missing);
    if (absent && find(p, "/dev/nvidia-uvm"))
        jg_tp_signal(p, JG_SIG_uvm_missing);
    /* the device nodes, or L4T's driver folder itself ("lstat .../aarch64-linux-gnu/tegra: no
     * such file": a docker build, which the NVIDIA runtime does not fill) */
    if (absent && (find(p, "/dev/nvhost-") || find(p, "/dev/nvmap") || find(p, "/dev/nvgpu") ||
                   find(p, "/aarch64-linux-gnu/tegra:")) &&
        !find(p, "permission denied"))
        jg_tp_signal(p, JG_SIG_tegra_node_missing);
    if (find(p, "nvidia-container-runtime-hook") && find(p, "executable file not found"))
        jg_tp_signal(p, JG_SIG_toolkit_hook_missing);
    /* docker build's own lines: "Step 5/9 : RUN ..." and " ---> Running in 92c8d8acab95" */
    if ((strncmp(p->lower, "step ", 5) == 0 && find(p, " : run ")) || find(p, "---> running in "))
        jg_tp_signal(p, JG_SIG_container_shell);
    /* docker-compose's "Creating <service> ... done" */
    size_t n = strlen(p->lower);
    if (strncmp(p->lower, "creating ", 9) == 0 && n > 8 && strcmp(p->lower + n - 8, "... done") == 0)
        jg_tp_signal(p, JG_SIG_container_shell);
    /* a shell inside a running container (the commands that follow ran there) */
    if (find(p, "docker exec") || find(p, "podman exec") || find(p, "kubectl exec") ||
        find(p, "podman run") || find(p, "udocker ") || find(p, "singularity exec") ||
        find(p, "apptainer exec") || find(p, "docker compose") || find(p, "docker-compose") ||
        find(p, "--container-image") || find(p, "enroot start") || find(p, "lxc exec") ||
        find(p, "/sys/fs/cgroup/devices/devices.list"))
        jg_tp_signal(p, JG_SIG_container_shell);
    /* a binary built against a newer glibc / libstdc++ than the one loaded */
    if (find(p, "version `glibc_2.") && find(p, "not found"))
        jg_tp_signal(p, JG_SIG_glibc_too_old);
    if (find(p, "version `glibcxx_3.") && find(p, "not found"))
        jg_tp_signal(p, JG_SIG_libstdcxx_too_old);
    /* torch's allocator asserting on an NVML call is how it reports running out (pytorch#112377) */
    if (find(p, "nvml_success == r internal assert failed"))
        jg_tp_signal(p, JG_SIG_out_of_memory);
    if (has_word(p, "dcgm") || find(p, "dcgm-exporter"))
        jg_tp_signal(p, JG_SIG_dcgm_named);
    if (find(p, "failed to initialize nvml: unknown error"))
        jg_tp_signal(p, JG_SIG_nvml_unknown_error);
}
