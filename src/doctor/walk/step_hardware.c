/* Step 1, hardware: is there an NVIDIA GPU at all? A discrete one is a PCI
 * function of vendor 0x10de and a display class (0x03....); the driver lists
 * the ones it bound under /proc/driver/nvidia/gpus; a Jetson's is the SoC's
 * integrated GPU, whose platform device shows under sys/class/devfreq as
 * 17000000.ga10b (Orin, R35), 17000000.gpu (Orin, R36), 17000000.gv11b
 * (Xavier), 17000000.gp10b (TX2) or 57000000.gpu (Nano/TX1) (sources in
 * tests/fixtures/roots/README.md). A GPU the driver probe enumerated is one
 * too. None of these: "no NVIDIA GPU here", with what was looked at. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/facts.h"
#include "doctor/walk/walk.h"

static int pci_gpus(jg_walk_ctx *c, json_t *s, bool *readable)
{
    char **names = NULL;
    int n = jg_listdir(c->root, "sys/bus/pci/devices", &names), found = 0;
    *readable = n >= 0;
    for (int i = 0; i < n; i++) {
        char rel[256];
        snprintf(rel, sizeof rel, "sys/bus/pci/devices/%s/vendor", names[i]);
        char *vendor = jg_walk_read_line(c->root, rel);
        snprintf(rel, sizeof rel, "sys/bus/pci/devices/%s/class", names[i]);
        char *cls = jg_walk_read_line(c->root, rel);
        if (vendor && strcmp(vendor, "0x10de") == 0 && cls && strncmp(cls, "0x03", 4) == 0) {
            snprintf(rel, sizeof rel, "sys/bus/pci/devices/%s/device", names[i]);
            char *dev = jg_walk_read_line(c->root, rel);
            jg_walk_measure(s, "PCI %s: vendor 0x10de (NVIDIA), device %s, class %s", names[i],
                            dev ? dev : "?", cls);
            free(dev);
            found++;
        }
        free(vendor);
        free(cls);
    }
    jg_free_names(names, n);
    return found;
}

static int listed(jg_walk_ctx *c, json_t *s, const char *dir, const char *what)
{
    char **names = NULL;
    int n = jg_listdir(c->root, dir, &names);
    for (int i = 0; i < n; i++)
        jg_walk_measure(s, "%s/%s (%s)", dir, names[i], what);
    jg_free_names(names, n);
    return n > 0 ? n : 0;
}

/* dev/nvidia0, dev/nvidia1, ...: one per GPU the nvidia driver found (a
 * sandbox may hide sysfs and the driver's procfs folder but pass the nodes). */
static int device_nodes(jg_walk_ctx *c, json_t *s)
{
    char **names = NULL;
    int n = jg_listdir(c->root, "dev", &names), found = 0;
    for (int i = 0; i < n; i++)
        if (strncmp(names[i], "nvidia", 6) == 0 && names[i][6] &&
            strspn(names[i] + 6, "0123456789") == strlen(names[i] + 6)) {
            jg_walk_measure(s, "dev/%s (a GPU's node of the nvidia driver)", names[i]);
            found++;
        }
    jg_free_names(names, n);
    return found;
}

static bool is_tegra_gpu(const char *name)
{
    const char *dot = strchr(name, '.');
    static const char *const kinds[] = {"gpu", "ga10b", "gv11b", "gp10b", "gm20b", "gk20a"};
    for (size_t k = 0; dot && k < sizeof kinds / sizeof kinds[0]; k++)
        if (strcmp(dot + 1, kinds[k]) == 0)
            return true;
    return false;
}

static int jetson_gpu(jg_walk_ctx *c, json_t *s)
{
    const char *soc = JG_FACT_STR(c->facts, module_soc);
    if (JG_FACT_BOOL(c->facts, jetson_is_jetson) != 1) {
        if (soc) /* a Tegra SoC in no Jetson (a tablet, a TV box): its GPU is NVIDIA's */
            jg_walk_measure(s, "NVIDIA Tegra SoC %s in a device that is no Jetson", soc);
        return soc ? 1 : 0;
    }
    char **names = NULL;
    int n = jg_listdir(c->root, "sys/class/devfreq", &names), found = 0;
    for (int i = 0; i < n; i++)
        if (is_tegra_gpu(names[i])) {
            jg_walk_measure(s, "Jetson SoC %s, integrated GPU sys/class/devfreq/%s",
                            soc ? soc : "(SoC unknown)", names[i]);
            found++;
        }
    jg_free_names(names, n);
    if (!found)
        jg_walk_measure(s, "Jetson SoC %s (device tree); its GPU node is not under "
                        "sys/class/devfreq", soc ? soc : "(SoC unknown)");
    return found ? found : 1; /* the SoC has one integrated GPU */
}

void jg_walk_hardware(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("hardware", "hardware");
    json_array_append_new(steps, s);
    bool pci_ok = false;
    int pci = pci_gpus(c, s, &pci_ok);
    int bound = listed(c, s, "proc/driver/nvidia/gpus", "bound by the nvidia driver");
    int tegra = jetson_gpu(c, s);
    int probed = c->live ? (int)json_array_size(JG_FACT_RLIST(c->facts, cuda_driver_devices)) : 0;
    if (probed)
        jg_walk_measure(s, "the driver probe enumerated %d CUDA device(s)", probed);
    int n = pci > bound ? pci : bound;
    if (!n && !probed && !tegra)
        n = device_nodes(c, s);
    n = n > probed ? n : probed;
    c->gpus_seen = tegra ? tegra : n;
    if (c->gpus_seen > 0) {
        jg_walk_set(s, JG_WS_PASS, "%d NVIDIA GPU(s) present", c->gpus_seen);
        return;
    }
    jg_walk_measure(s, "sys/bus/pci/devices: %s", pci_ok ? "no function of vendor 0x10de with a "
                                                           "display class" : "not readable here");
    jg_walk_measure(s, "proc/driver/nvidia/gpus: none; no Jetson device tree%s",
                    c->live ? "; the driver probe saw no device" : "");
    bool container = JG_FACT_BOOL(c->facts, container_inside) == 1;
    jg_walk_set(s, JG_WS_ABSENT, "no NVIDIA GPU here (looked at: PCI vendor 0x10de under "
                "sys/bus/pci, proc/driver/nvidia/gpus, the Jetson device tree and its GPU node%s)%s",
                c->live ? ", the CUDA driver's device list" : "",
                container ? "; this is a container, which may not see the host's GPU" : "");
    jg_walk_finding(s, JG_FID_hardware_no_nvidia_gpu,
                    container ? "this container sees no NVIDIA GPU: on the host, `lspci -d 10de:` or "
                                "`ls /proc/driver/nvidia/gpus` shows whether it has one; if it does, "
                                "start the container with --runtime nvidia (Jetson) or --gpus all"
                              : "run jetgate on the Jetson (or the GPU machine) itself: CUDA needs "
                                "NVIDIA hardware, and no driver or package can add it");
}
