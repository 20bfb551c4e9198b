/* The layer walk (src/doctor/walk/, issue 27): each step's pass / fail / absent /
 * not-verified on fixture sysroots (tests/fixtures/roots) and on small roots
 * made here for the faults no public file shows (a PCI GPU, a version line, an
 * address-space limit, a library of another release), with the probes'
 * results set as the live doctor's children would write them; the no-GPU
 * answer; the broken interpreter that is never healthy; and the experiment
 * that proves an unset PYTHONHOME. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "doctor/diagnose.h"
#include "doctor/render.h"
#include "facts/collect.h"
#include "schema/doctor.h"
#include "schema/facts.h"
#include "util/json.h"
#include "doctor/walk/walk.h"
#include "test_json.h"

#define ROOTS JG_SOURCE_DIR "/tests/fixtures/roots/"

static char tmp[64];

/* Facts of a root's files, then the walk over them. */
static json_t *facts_of(const char *root)
{
    jg_root r;
    assert_true(jg_root_init(&r, root));
    json_t *f = jg_facts_collect_files(&r);
    jg_root_free(&r);
    assert_non_null(f);
    return f;
}

static json_t *walk_of(const char *root, const json_t *facts, bool live)
{
    jg_root r;
    assert_true(jg_root_init(&r, root));
    json_t *w = jg_walk_run(&r, facts, live);
    jg_root_free(&r);
    return w;
}

static const json_t *step(const json_t *walk, const char *name)
{
    size_t i;
    json_t *s;
    json_array_foreach(walk, i, s)
        if (strcmp(JG_STR(walkstep, s, step), name) == 0)
            return s;
    fail_msg("no step %s", name);
    return NULL;
}

static void expect(const json_t *walk, const char *name, const char *status, const char *finding)
{
    const json_t *s = step(walk, name);
    if (strcmp(JG_STR(walkstep, s, status), status) != 0)
        fail_msg("%s: %s (%s), wanted %s", name, JG_STR(walkstep, s, status),
                 JG_STR(walkstep, s, why), status);
    if (finding)
        assert_string_equal(JG_STR(walkstep, s, finding), finding);
    else if (strcmp(status, "pass") == 0 && JG_STR(walkstep, s, finding))
        fail_msg("%s passes but names finding %s", name, JG_STR(walkstep, s, finding));
}

static bool measured(const json_t *walk, const char *name, const char *text)
{
    size_t i;
    json_t *m;
    json_array_foreach(JG_STRS(walkstep, step(walk, name), measured), i, m)
        if (strstr(json_string_value(m), text))
            return true;
    return false;
}

static void put(const char *rel, const char *text)
{
    char path[512], cmd[600];
    snprintf(path, sizeof path, "%s/%s", tmp, rel);
    snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\"", path);
    assert_int_equal(system(cmd), 0);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/jgwalkXXXXXX");
    return mkdtemp(tmp) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

/* A server with no NVIDIA hardware: said plainly, no driver blamed, not healthy. */
static void no_gpu_is_a_plain_answer(void **state)
{
    (void)state;
    json_t *f = facts_of(ROOTS "generic-arm64-server");
    json_t *w = walk_of(ROOTS "generic-arm64-server", f, false);
    expect(w, "hardware", "absent", "hardware.no-nvidia-gpu");
    assert_true(measured(w, "hardware", "sys/bus/pci/devices"));
    expect(w, "kernel-driver", "absent", NULL);
    assert_true(jg_walk_no_gpu(w));
    assert_false(jg_walk_verified(w));
    jg_ff_set(f, JG_FF_walk, w);
    json_t *d = jg_diagnose(f, "sysroot");
    const json_t *top = json_array_get(JG_RESULT_LIST(d, findings), 0);
    assert_string_equal(JG_FINDING_STR(top, id), "hardware.no-nvidia-gpu");
    size_t i;
    json_t *x;
    json_array_foreach(JG_RESULT_LIST(d, findings), i, x) /* no driver blame */
        assert_true(strncmp(JG_FINDING_STR(x, layer), "cuda-driver", 11) != 0 &&
                    strncmp(JG_FINDING_STR(x, layer), "kernel-driver", 13) != 0);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    jg_render_checklist(out, "jetgate doctor", d, false, false);
    fclose(out);
    assert_non_null(strstr(text, "No NVIDIA GPU here (looked at:"));
    assert_non_null(strstr(text, "[-] hardware: absent"));
    assert_null(strstr(text, "CUDA is blocked"));
    free(text);
    json_decref(d);
    json_decref(f);
}

/* Jetsons: the SoC's GPU, nvgpu nodes, the L4T driver folder (nvidia/ on R36,
 * tegra/ before), a fixture without libcuda, a Tegra device that is no Jetson. */
static void jetson_fixtures(void **state)
{
    (void)state;
    static const struct { const char *root, *folder_status; } cases[] = {
        {"agx-orin-64gb-jp62", "pass"}, {"nano-jp46", "pass"}, {"unknown-l4t", "fail"},
        {"agx-orin-devkit-p3701-0000-r35.4.1", "not_verified"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char root[256];
        snprintf(root, sizeof root, ROOTS "%s", cases[k].root);
        json_t *f = facts_of(root), *w = walk_of(root, f, false);
        expect(w, "hardware", "pass", NULL);
        expect(w, "l4t-driver-folder", cases[k].folder_status, NULL);
        expect(w, "libcuda", "not_verified", NULL); /* not live: the loader was not asked */
        expect(w, "context-and-kernel", "not_verified", NULL);
        expect(w, "l4t-container", "absent", NULL);
        assert_false(jg_walk_verified(w));
        json_decref(w);
        json_decref(f);
    }
    json_t *f = facts_of(ROOTS "agx-orin-64gb-jp62"), *w = walk_of(ROOTS "agx-orin-64gb-jp62", f, false);
    expect(w, "kernel-driver", "pass", NULL);
    assert_true(measured(w, "kernel-driver", "dev/nvhost-ctrl-gpu: present"));
    assert_true(measured(w, "l4t-driver-folder", "L4T R36 expects the driver in usr/lib/aarch64-linux-gnu/nvidia/"));
    expect(w, "unified-memory", "pass", NULL);
    assert_true(measured(w, "unified-memory", "MemTotal 61.4 GiB"));
    json_decref(w);
    json_decref(f);
    f = facts_of(ROOTS "tablet-pixel-c");
    w = walk_of(ROOTS "tablet-pixel-c", f, false);
    expect(w, "hardware", "pass", NULL); /* a Tegra GPU, though no Jetson */
    expect(w, "jetson", "absent", NULL);
    json_decref(w);
    json_decref(f);
}

/* A discrete GPU's root: PCI vendor 0x10de, the module's version line, the
 * majors of /proc/devices (nodes are files here: presence only). */
static void discrete_gpu_root(void **state)
{
    (void)state;
    put("sys/bus/pci/devices/0000:00:06.0/vendor", "0x10de\n");
    put("sys/bus/pci/devices/0000:00:06.0/class", "0x030200\n");
    put("sys/bus/pci/devices/0000:00:06.0/device", "0x2330\n");
    put("sys/bus/pci/devices/0000:00:1f.0/vendor", "0x8086\n");
    put("sys/bus/pci/devices/0000:00:1f.0/class", "0x060100\n");
    put("proc/driver/nvidia/version",
        "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build\n");
    put("proc/devices", "Character devices:\n  1 mem\n195 nvidia\n238 nvidia-uvm\n\nBlock devices:\n");
    put("dev/nvidiactl", "");
    put("dev/nvidia0", "");
    json_t *f = facts_of(tmp), *w = walk_of(tmp, f, false);
    expect(w, "hardware", "pass", NULL);
    assert_true(measured(w, "hardware", "PCI 0000:00:06.0: vendor 0x10de (NVIDIA), device 0x2330"));
    assert_false(measured(w, "hardware", "0000:00:1f.0"));
    expect(w, "kernel-driver", "fail", "kernel-driver.gpu-nodes-missing"); /* no nvidia-uvm */
    assert_true(measured(w, "kernel-driver", "nvidia kernel module 580.159.04"));
    assert_true(measured(w, "kernel-driver", "dev/nvidia-uvm: missing"));
    char release[64];
    jg_root r;
    jg_root_init(&r, tmp);
    assert_true(jg_walk_module_release(&r, release, sizeof release));
    assert_string_equal(release, "580.159.04");
    jg_root_free(&r);
    put("dev/nvidia-uvm", "");
    json_decref(w);
    w = walk_of(tmp, f, false);
    expect(w, "kernel-driver", "pass", NULL);
    expect(w, "jetson", "absent", NULL);
    json_decref(w);
    json_decref(f);
}

/* The probes' results as the live doctor's children write them. */
static json_t *live_facts(const char *driver_status, const char *lib, const char *op)
{
    json_t *f = facts_of(tmp);
    json_t *dev = json_pack("{s:s, s:s, s:b}", "name", "NVIDIA H100", "compute_capability", "9.0",
                            "integrated", 0);
    json_object_set_new(f, "cuda_driver",
                        json_pack("{s:s, s:s, s:s, s:{s:s, s:b, s:i, s:[o]}}", "id", "driver",
                                  "status", driver_status,
                                  "reason", "driver 13.0 initialised", "measurements", "library_path",
                                  lib, "stub", strstr(lib, "/stubs/") != NULL, "driver_version", 13000,
                                  "devices", dev));
    json_object_set_new(f, "cuda_tensor_op", json_pack("{s:s}", "status", op));
    return f;
}

static void set_python(json_t *f, const char *json_text)
{
    json_error_t e;
    json_t *py = json_loads(json_text, 0, &e);
    if (!py)
        fail_msg("%s", e.text);
    json_object_set_new(f, "python", py);
}

#define TORCH_OK                                                                                   \
    "{\"python\": {\"version\": \"3.12.3\"}, \"torch\": {\"found\": true, \"imported\": true, "     \
    "\"version\": \"2.11.0+cu130\", \"cuda\": \"13.0\", \"cuda_available\": true, "                \
    "\"arch_list\": [\"sm_80\", \"sm_90\"], \"file\": \"/v/site-packages/torch/__init__.py\"}, "    \
    "\"tensor_op\": {\"status\": \"pass\"}, \"libraries\": [\"/v/site-packages/nvidia/cu13/lib/"  \
    "libcublas.so.13\"], \"interpreter\": {\"executable\": \"/v/bin/python3\", \"prefix\": \"/v\", " \
    "\"kind\": \"venv\", \"cwd\": \"/w\", \"path\": [{\"entry\": \"\", \"from\": \"cwd\"}, "        \
    "{\"entry\": \"/v/site-packages\", \"from\": \"site-packages\"}], \"pth\": [], "               \
    "\"torch_dirs\": [{\"entry\": \"/v/site-packages\", \"from\": \"site-packages\"}]}}"

/* Every layer measured and passing: the walk verifies the host. */
static void live_healthy_walk(void **state)
{
    (void)state;
    put("proc/self/limits", "Limit  Soft Limit  Hard Limit  Units\nMax address space  unlimited  "
                            "unlimited  bytes\nMax locked memory  8388608  8388608  bytes\n");
    put("usr/lib/libcuda.so.580.159.04", "");
    put("proc/driver/nvidia/version",
        "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build\n");
    char lib[256];
    snprintf(lib, sizeof lib, "%s/usr/lib/libcuda.so.580.159.04", tmp);
    json_t *f = live_facts("pass", lib, "pass");
    set_python(f, TORCH_OK);
    unsetenv("CUDA_VISIBLE_DEVICES");
    json_t *w = walk_of(tmp, f, true);
    expect(w, "libcuda", "pass", NULL);
    assert_true(measured(w, "libcuda", "library release 580.159.04, kernel module 580.159.04"));
    expect(w, "limits", "pass", NULL);
    expect(w, "device-visibility", "pass", NULL);
    expect(w, "context-and-kernel", "pass", NULL);
    expect(w, "interpreter", "pass", NULL);
    expect(w, "cuda-libraries", "pass", NULL);
    assert_true(measured(w, "cuda-libraries", "(a pip nvidia-* wheel)"));
    expect(w, "torch", "pass", NULL);
    assert_true(jg_walk_verified(w));
    json_decref(w);
    /* another release of libcuda than the module's */
    put("usr/lib/libcuda.so.575.57.08", "");
    snprintf(lib, sizeof lib, "%s/usr/lib/libcuda.so.575.57.08", tmp);
    json_decref(f);
    f = live_facts("pass", lib, "pass");
    w = walk_of(tmp, f, true);
    expect(w, "libcuda", "fail", "kernel-driver.module-library-mismatch");
    json_decref(w);
    json_decref(f);
    f = live_facts("fail", "/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs/libcuda.so", "fail");
    w = walk_of(tmp, f, true);
    expect(w, "libcuda", "fail", "configuration.stub-library-first");
    json_decref(w);
    json_decref(f);
}

/* A finite address-space limit with CUDA failing under it; CUDA_VISIBLE_DEVICES
 * past the GPUs present; torch without this GPU's arch; a CPU build; no torch. */
static void live_faults(void **state)
{
    (void)state;
    put("proc/self/limits", "Max address space  4294967296  unlimited  bytes\n");
    json_t *f = live_facts("fail", "/usr/lib/libcuda.so.1", "fail");
    setenv("CUDA_VISIBLE_DEVICES", "7", 1);
    json_t *w = walk_of(tmp, f, true);
    expect(w, "limits", "fail", "configuration.address-space-limit");
    assert_true(measured(w, "limits", "RLIMIT_AS soft 4.00 GiB, hard unlimited"));
    expect(w, "device-visibility", "fail", "configuration.visible-devices");
    expect(w, "context-and-kernel", "fail", NULL);
    unsetenv("CUDA_VISIBLE_DEVICES");
    json_decref(w);
    json_decref(f);
    put("proc/self/limits", "Max address space  unlimited  unlimited  bytes\n");
    f = live_facts("pass", "/usr/lib/libcuda.so.1", "pass");
    set_python(f, "{\"torch\": {\"found\": true, \"imported\": true, \"version\": \"2.1.0\", "
                  "\"cuda\": \"11.8\", \"cuda_available\": true, \"arch_list\": [\"sm_50\", \"sm_80\"]},"
                  " \"tensor_op\": {\"status\": \"error\"}}");
    w = walk_of(tmp, f, true);
    expect(w, "torch", "fail", "pytorch-build.missing-device-arch");
    json_decref(w);
    set_python(f, "{\"torch\": {\"found\": true, \"imported\": true, \"version\": \"2.5.1+cpu\", "
                  "\"cuda\": null, \"cuda_available\": false}}");
    w = walk_of(tmp, f, true);
    expect(w, "torch", "fail", "pytorch-build.cpu-only-wheel");
    json_decref(w);
    set_python(f, "{\"torch\": {\"found\": false}, \"libraries\": []}");
    w = walk_of(tmp, f, true);
    expect(w, "torch", "absent", NULL);
    expect(w, "cuda-libraries", "absent", NULL);
    json_decref(w);
    json_decref(f);
}

/* The interpreter does not start (PYTHONHOME pointing nowhere): a failed step,
 * configuration, never healthy although a native kernel ran; unsetting
 * PYTHONHOME proves it. A torch/ in the working directory shadows the installed one. */
static void broken_interpreter_is_never_healthy(void **state)
{
    (void)state;
    put("proc/self/limits", "Max address space  unlimited  unlimited  bytes\n");
    json_t *f = live_facts("pass", "/usr/lib/libcuda.so.1", "pass");
    set_python(f, "{\"error\": \"Python probe exited with code 1: Fatal Python error: "
                  "init_fs_encoding: failed to get the Python codec of the filesystem encoding\"}");
    setenv("PYTHONHOME", "/nonexistent", 1);
    json_t *w = walk_of(tmp, f, true);
    expect(w, "interpreter", "fail", "configuration.interpreter-does-not-start");
    assert_string_equal(JG_STR(walkstep, step(w, "interpreter"), layer), "configuration");
    expect(w, "torch", "not_verified", NULL);
    assert_false(jg_walk_verified(w));
    json_t *list = json_array();
    jg_walk_experiments(w, "python3", list, 30);
    const json_t *x = JG_OBJ(walkstep, step(w, "interpreter"), experiment);
    assert_non_null(x);
    assert_string_equal(JG_EXPERIMENT_STR(x, id), "unset-PYTHONHOME");
    assert_string_equal(JG_EXPERIMENT_STR(x, result), "works");
    unsetenv("PYTHONHOME");
    jg_ff_set(f, JG_FF_walk, w);
    json_t *d = jg_diagnose(f, "live");
    assert_int_equal(JG_RESULT_BOOL(d, kernel_ran), 1);
    assert_int_equal(JG_RESULT_BOOL(d, healthy), 0);
    const json_t *top = json_array_get(JG_RESULT_LIST(d, findings), 0);
    assert_string_equal(JG_FINDING_STR(top, id), "configuration.interpreter-does-not-start");
    assert_string_equal(JG_FINDING_STR(top, confidence), "high");
    json_decref(d);
    json_decref(list);
    set_python(f, "{\"torch\": {\"found\": true, \"imported\": false, \"error\": \"ImportError: "
                  "Failed to load PyTorch C extensions\"}, \"interpreter\": {\"executable\": "
                  "\"/usr/bin/python3\", \"prefix\": \"/usr\", \"kind\": \"system\", \"cwd\": \"/src\", "
                  "\"path\": [{\"entry\": \"\", \"from\": \"cwd\"}], \"pth\": [], \"torch_dirs\": "
                  "[{\"entry\": \"\", \"from\": \"cwd\"}, {\"entry\": \"/usr/lib/python3/dist-packages\", "
                  "\"from\": \"site-packages\"}]}}");
    w = walk_of(tmp, f, true);
    expect(w, "interpreter", "fail", "configuration.local-torch-folder");
    assert_true(measured(w, "interpreter", "torch/ found in /src [cwd] (imported: first on sys.path)"));
    expect(w, "torch", "fail", NULL);
    json_decref(w);
    json_decref(f);
}

/* The power mode from nvpmodel.conf, in the format of NVIDIA's conf template
 * (mlcommons/inference_results_v3.0 closed/Neuchips/code/common/nvpmodel_orin.py:
 * "< POWER_MODEL ID=0 NAME=MAX_Q >", "< PM_CONFIG DEFAULT=0 >"), on a copy of
 * the AGX Orin fixture. */
static void power_mode(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp -a " ROOTS "agx-orin-64gb-jp62/. '%s'", tmp);
    assert_int_equal(system(cmd), 0);
    put("etc/nvpmodel.conf", "< PARAM TYPE=FILE NAME=EMC >\nMAX_FREQ /sys/kernel/nvpmodel_emc_cap/"
                             "emc_iso_cap\n\n< POWER_MODEL ID=0 NAME=MAX_Q >\nGPU MAX_FREQ -1\n"
                             "# mandatory section to configure the default power mode\n"
                             "< PM_CONFIG DEFAULT=0 >\n");
    json_t *f = facts_of(tmp), *w = walk_of(tmp, f, false);
    expect(w, "power-mode", "pass", NULL);
    assert_true(measured(w, "power-mode", "etc/nvpmodel.conf: modes 0 MAX_Q; default 0"));
    json_decref(w);
    json_decref(f);
}

/* A container's L4T against the host's (--host-facts). */
static void container_l4t(void **state)
{
    (void)state;
    json_t *f = facts_of(ROOTS "container-nvidia-runtime");
    json_t *w = walk_of(ROOTS "container-nvidia-runtime", f, false);
    expect(w, "l4t-container", "not_verified", NULL);
    json_decref(w);
    const char *mine = JG_FACT_STR(f, l4t_version);
    assert_non_null(mine);
    jg_ff_put(f, JG_FF_observed, json_object());
    json_object_set_new(JG_FACT_ROBJ(f, observed), "host_l4t", json_pack("{s:s}", "version", "35.4.1"));
    w = walk_of(ROOTS "container-nvidia-runtime", f, false);
    expect(w, "l4t-container", strncmp(mine, "35.", 3) == 0 ? "pass" : "fail", NULL);
    json_decref(w);
    json_decref(f);
}

/* The number after key ("VmSize:") in /proc/self/status, read in base; 0
 * when absent. */
static unsigned long long status_value(const char *key, int base)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    unsigned long long v = 0;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, strlen(key)) == 0) {
            v = strtoull(line + strlen(key), NULL, base);
            break;
        }
    if (f)
        fclose(f);
    return v;
}

/* CAP_SYS_RESOURCE in this process's effective set (bit 24 of CapEff): what
 * raising a hard limit needs; a container's root often lacks it. */
static bool may_raise_hard(void)
{
    return (status_value("CapEff:", 16) >> 24) & 1;
}

/* This process's address space in MiB (VmSize): the limits the cases set lie
 * above it, so the child can still allocate (an ASan build maps terabytes). */
static rlim_t vm_mib(void)
{
    return (rlim_t)(status_value("VmSize:", 10) >> 10) + 1;
}

/* In a child (its limits and uid are its own): RLIMIT_AS set to soft/hard
 * MiB, privilege dropped when drop, then the experiment's change. Exit 0 when
 * the change (or its refusal) is the expected one and the limit comes back;
 * soft/hard are MiB above the process's present size. */
static int as_case(rlim_t soft, rlim_t hard, bool drop)
{
    rlim_t base = vm_mib();
    soft += base;
    hard += base;
    struct rlimit set = {soft << 20, hard << 20}, old, now;
    char why[256] = "", want_why[128];
    snprintf(want_why, sizeof want_why, "not tried: the hard limit is %llu MiB and raising it "
             "needs privilege", (unsigned long long)hard);
    if (setrlimit(RLIMIT_AS, &set) != 0 || (drop && setuid(65534) != 0))
        return 10;
    /* qemu-user accepts setrlimit(RLIMIT_AS) and ignores it (the limit would
     * bind the emulator): there is no guest limit to raise. */
    if (getrlimit(RLIMIT_AS, &now) != 0 || now.rlim_cur != set.rlim_cur)
        return 20;
    const char *change = jg_walk_raise_as(&old, why, sizeof why);
    bool may = soft < hard || may_raise_hard();
    if (old.rlim_cur != set.rlim_cur || old.rlim_max != set.rlim_max)
        return 11;
    if (!may) /* refused, plainly, and nothing changed */
        return !change && strstr(why, want_why) && getrlimit(RLIMIT_AS, &now) == 0 &&
                       now.rlim_max == set.rlim_max ? 0 : 12;
    if (!change || getrlimit(RLIMIT_AS, &now) != 0)
        return 13;
    rlim_t want = soft < hard ? set.rlim_max : RLIM_INFINITY;
    if (now.rlim_cur != want || strstr(change, soft < hard ? "soft" : "unlimited") == NULL)
        return 14;
    return setrlimit(RLIMIT_AS, &old) == 0 && getrlimit(RLIMIT_AS, &now) == 0 &&
                   now.rlim_max == set.rlim_max ? 0 : 15; /* put back */
}

static int in_child(rlim_t soft, rlim_t hard, bool drop)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        _exit(as_case(soft, hard, drop));
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 99;
}

/* The address-space experiment raises what can be raised: the soft limit to
 * the hard one; a hard limit as root (to unlimited); as another user it says
 * plainly that the hard limit needs privilege, and runs nothing. */
static void address_space_experiment_change(void **state)
{
    (void)state;
    if (in_child(2048, 4096, false) == 20) {
        print_message("RLIMIT_AS cannot be set here (qemu-user ignores it): the experiment's "
                      "raise is not checked\n");
        skip();
    }
    assert_int_equal(in_child(2048, 4096, false), 0);
    assert_int_equal(in_child(4096, 4096, false), 0); /* raised with CAP_SYS_RESOURCE, else refused */
    if (geteuid() == 0)
        assert_int_equal(in_child(4096, 4096, true), 0); /* as nobody: refused */
    if (!may_raise_hard())
        print_message("no CAP_SYS_RESOURCE here: the raise of a hard limit is checked only "
                      "as refused\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_gpu_is_a_plain_answer),
        cmocka_unit_test(jetson_fixtures),
        cmocka_unit_test_setup_teardown(discrete_gpu_root, setup, teardown),
        cmocka_unit_test_setup_teardown(live_healthy_walk, setup, teardown),
        cmocka_unit_test_setup_teardown(live_faults, setup, teardown),
        cmocka_unit_test_setup_teardown(broken_interpreter_is_never_healthy, setup, teardown),
        cmocka_unit_test(container_l4t),
        cmocka_unit_test(address_space_experiment_change),
        cmocka_unit_test_setup_teardown(power_mode, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
