/* Recognisers for the platform: jetson_release, nv_tegra_release, nvcc,
 * nvidia-smi, deviceQuery, uname, GPU and module names. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/triage/report_lines.h"
#include "doctor/triage/report_scan.h"
#include "facts/parsers.h"
#include "facts/tables.h"
#include "util/json.h"

static void observed_driver(jg_tp *p, const char *r)
{
    int maj = 0, min = 0;
    if (sscanf(r + strspn(r, " :"), "%d.%d", &maj, &min) == 2 && maj > 0)
        JG_OBS_SET_INT(p->obs, driver_version, maj * 1000 + min * 10);
}


/* ---- platform: jetson_release, nv_tegra_release, nvcc, nvidia-smi, uname ---- */
static void l4t_version(jg_tp *p, const char *v)
{
    if (!*v || !strchr(v, '.'))
        return;
    jg_tp_fact(p, JG_FF_l4t_version, json_string(v));
    if (!JG_OBS_GET(p->obs, host_l4t)) {
        json_t *h = jg_tp_seen(p);
        JG_ITEM_SET_STR(h, version, v);
        JG_OBS_SET_OBJ(p->obs, host_l4t, h);
    }
    jg_tp_jetson_hint(p, "an L4T release is named");
}

/* L4T and JetPack: nv_tegra_release, jetson_release, dpkg. */
void jg_rx_platform(jg_tp *p)
{
    const char *r;
    char v[64];
    const jg_l4t_release *rel; /* the one nv_tegra_release parser, once a line */
    if (p->text[0] == '#' && !jg_tp_l4t_release(p, p->text, &rel)) {
        snprintf(v, sizeof v, "%d.%d.%d", rel->major, rel->minor, rel->patch);
        l4t_version(p, v);
        jg_tp_fact(p, JG_FF_l4t_release_line, json_string(p->text));
    } else {
        /* "L4T 36.4.0" / "L4T: 35.5.0", not an image name such as l4t-ml (one line may hold both) */
        for (const char *at = strstr(p->lower, "l4t"); at; at = strstr(at + 3, "l4t")) {
            r = p->text + (at - p->lower) + 3;
            if (*r != ' ' && *r != ':')
                continue;
            read_version(r, v, sizeof v);
            if (*v) {
                l4t_version(p, v);
                break;
            }
        }
    }
    if ((r = after(p, "nvidia-l4t-core")) && (*r == ' ' || *r == '=' || *r == ':')) {
        read_version(r, v, sizeof v); /* "36.4.3-20250107174145": the L4T release before '-' */
        v[strcspn(v, "-")] = '\0';
        l4t_version(p, v);
    }
    if ((r = after(p, "jetpack")) && (*r == ' ' || *r == ':'))
        fact_version(p, JG_FF_jetpack_version, r);
    if ((r = after(p, "nvidia-jetpack ")) && strncmp(p->lower, "ii", 2) == 0)
        fact_version(p, JG_FF_jetpack_package, r);
}

/* Module, toolkit and library lines: jetson_release, nvcc, nvidia-smi, paths. */
void jg_rx_libraries(jg_tp *p)
{
    const char *r;
    char v[64];
    if ((r = key_value(p, "p-number:")))
        jg_tp_fact(p, JG_FF_module_part_number, json_string(r + strspn(r, " ")));
    if ((r = key_value(p, "cuda arch bin:")))
        fact_version(p, JG_FF_module_compute_capability, r);
    if ((r = after(p, "release ")) && find(p, "cuda compilation tools") && after(p, ", v"))
        fact_version(p, JG_FF_cuda_toolkit, after(p, ", v"));
    if ((r = key_value(p, "cuda:"))) {
        read_version(r, v, sizeof v);
        if (*v)
            jg_tp_fact(p, JG_FF_cuda_toolkit, json_string(v));
        else if (strstr(p->lower, "not") && strstr(p->lower, "installed")) {
            jg_tp_fact_missing(p, JG_FF_cuda_toolkit);
            jg_tp_signal(p, JG_SIG_cuda_not_installed);
        }
    }
    if ((r = key_value(p, "cudnn:")))
        fact_version(p, JG_FF_cuda_cudnn, r);
    if ((r = key_value(p, "tensorrt:")))
        fact_version(p, JG_FF_cuda_tensorrt, r);
    if ((r = key_value(p, "soc:")) && strstr(p->lower, "tegra")) {
        jg_tp_fact(p, JG_FF_module_soc, json_string(r + strspn(r, " ")));
        jg_tp_jetson_hint(p, "a Tegra SoC is named");
    }
    if ((r = after(p, "/cuda-")) && isdigit((unsigned char)*r)) {
        read_version(r, v, sizeof v);
        char link[80];
        snprintf(link, sizeof link, "cuda-%s", v);
        jg_tp_fact(p, JG_FF_cuda_toolkit_link, json_string(link));
        jg_tp_fact(p, JG_FF_cuda_toolkit, json_string(v));
    }
    if ((r = after(p, "too old (found version ")) && isdigit((unsigned char)*r))
        JG_OBS_SET_INT(p->obs, driver_version, atoi(r));
    if ((r = after(p, "cuda version:")))
        observed_driver(p, r);
}

/* ---- GPU names: deviceQuery, collect_env, jetson_release, prose (words: facts/tables.h) ---- */
void jg_rx_gpu_name_hints(jg_tp *p)
{
    const char *word, *cc;
    for (size_t i = 0; (word = jg_gpu_word(i, &cc)) != NULL; i++)
        if (has_word(p, word)) {
            jg_tp_fact(p, JG_FF_module_compute_capability, json_string(cc));
            jg_tp_jetson_hint(p, "a Jetson GPU or module is named");
            break;
        }
    if (has_word(p, "jetson"))
        jg_tp_jetson_hint(p, "the word Jetson");
    if (find(p, "-tegra")) {
        const char *at = find(p, "-tegra");
        const char *start = at;
        /* "5.15.148-tegra" and the R39 packaged form "6.8.12-1021-tegra" (facts §7.1) */
        while (start > p->lower && (isdigit((unsigned char)start[-1]) || start[-1] == '.' ||
                                    (start[-1] == '-' && start - 1 > p->lower &&
                                     isdigit((unsigned char)start[-2]))))
            start--;
        if (start < at && isdigit((unsigned char)*start)) {
            char k[64];
            snprintf(k, sizeof k, "%.*s-tegra", (int)(at - start), p->text + (start - p->lower));
            jg_tp_fact(p, JG_FF_host_kernel, json_string(k));
            jg_tp_jetson_hint(p, "a -tegra kernel");
        }
    }
    /* a discrete NVIDIA GPU's model name (a spec list, lspci): the machine has one */
    static const char *const models[] = {"geforce", "quadro", "nvidia titan", "titan rtx",
                                         "tesla k", "tesla m", "tesla p", "tesla t4", "tesla v",
                                         "nvidia a100", "nvidia h100", "nvidia h200", "nvidia l4",
                                         "nvidia rtx", "rtx a", "gtx 1", "gtx 9", NULL};
    if (find_any(p, models))
        jg_tp_signal(p, JG_SIG_nvidia_gpu_named);
    for (size_t i = 0; (word = jg_legacy_gpu_pattern(i)) != NULL; i++)
        if (has_pattern(p, word)) {
            jg_tp_signal(p, JG_SIG_pre_kepler_gpu_named);
            break;
        }
    if (find(p, "dgx spark") || has_word(p, "gb10"))
        jg_tp_signal(p, JG_SIG_dgx_spark);
    if (has_word(p, "aarch64"))
        jg_tp_fact(p, JG_FF_host_arch, json_string("aarch64"));
    else if (has_word(p, "x86_64") && !find(p, "platform ("))
        jg_tp_fact(p, JG_FF_host_arch, json_string("x86_64"));
}

static void device_seen(jg_tp *p, const char *name)
{
    if (!JG_TP_ROOM(p, devices_seen))
        return;
    json_t *d = json_object();
    if (name)
        JG_ITEM_SET_STR(d, name, name);
    JG_TP_ADD(p, devices_seen, d);
}

void jg_rx_device_query(jg_tp *p)
{
    const char *r;
    int n;
    char name[96];
    if ((r = after(p, "cuda driver version / runtime version")))
        observed_driver(p, r);
    else if ((r = after(p, "cuda capability major/minor version number:"))) {
        char v[16];
        read_version(r, v, sizeof v);
        if (*v)
            JG_OBS_SET_STR(p->obs, gpu_cc, v);
    } else if (strncmp(p->lower, "detected ", 9) == 0 &&
               sscanf(p->lower, "detected %d cuda capable device", &n) == 1 && n > 0) {
        device_seen(p, NULL);
    } else if (p->text[0] != 'D' && p->text[0] != 'G') {
        return;
    } else if (sscanf(p->text, "Device %*d: \"%95[^\"]\"", name) == 1 ||
               sscanf(p->text, "Device #%*d: %95[^\n]", name) == 1 ||
               sscanf(p->text, "GPU models and configuration: GPU %*d: %95[^\n]", name) == 1) {
        device_seen(p, name);
    }
}

/* collect_env lists the cuDNN libraries it found: ".../libcudnn.so.9.3.0" */
void jg_rx_cudnn_present(jg_tp *p)
{
    const char *r = after(p, "libcudnn.so.");
    int a, b;
    if (r && !find(p, "cannot") && !find(p, "not found") && !find(p, "could not") &&
        sscanf(r, "%d.%d", &a, &b) == 2)
        fact_version(p, JG_FF_cuda_cudnn, r);
}
