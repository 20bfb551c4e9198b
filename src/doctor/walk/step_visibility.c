/* Step: device visibility. Every variable that selects devices, with what it
 * does on this host: CUDA_VISIBLE_DEVICES empty, -1 or an index past the GPUs
 * present hides them (CUDA stops at the first invalid entry); a UUID is
 * checked by the driver probe's count. NVIDIA_VISIBLE_DEVICES and
 * NVIDIA_DRIVER_CAPABILITIES act only when a container starts (shown).
 * Live only: under --root the variables are not the target's. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/facts.h"
#include "doctor/walk/walk.h"

static const char *const vars[] = {"CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER",
                                   "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES",
                                   "CUDA_MPS_PIPE_DIRECTORY", NULL};

/* Why CUDA_VISIBLE_DEVICES=v hides every GPU, or NULL. */
static const char *hides(const char *v, int gpus)
{
    while (*v == ' ')
        v++;
    if (!*v)
        return "it is empty: CUDA sees no device";
    if (strncmp(v, "-1", 2) == 0 || strncmp(v, "none", 4) == 0 || strncmp(v, "NoDevFiles", 10) == 0)
        return "it hides every device";
    if (isdigit((unsigned char)*v) && gpus > 0 && atoi(v) >= gpus)
        return "its first index is past the GPUs present (CUDA stops at the first invalid entry)";
    return NULL;
}

void jg_walk_visibility(jg_walk_ctx *c, json_t *steps)
{
    json_t *s = jg_walk_step("device-visibility", "configuration");
    json_array_append_new(steps, s);
    if (!c->live) {
        jg_walk_set(s, JG_WS_NOT_VERIFIED, "not live: this process's variables are not the target's");
        return;
    }
    for (int i = 0; vars[i]; i++) {
        const char *v = getenv(vars[i]);
        jg_walk_measure(s, "%s %s%s%s", vars[i], v ? "= \"" : "unset", v ? v : "", v ? "\"" : "");
    }
    const char *cvd = getenv("CUDA_VISIBLE_DEVICES");
    int devs = (int)json_array_size(JG_FACT_RLIST(c->facts, cuda_driver_devices));
    jg_walk_measure(s, "GPUs present %d; devices the driver probe enumerated %d", c->gpus_seen, devs);
    const char *why = cvd ? hides(cvd, c->gpus_seen) : NULL;
    if (!why && cvd && devs == 0 && c->gpus_seen > 0)
        why = "the driver enumerated no device under it";
    if (why) {
        jg_walk_set(s, JG_WS_FAIL, "CUDA_VISIBLE_DEVICES=\"%s\": %s", cvd, why);
        jg_walk_finding(s, JG_FID_configuration_visible_devices,
                        "unset CUDA_VISIBLE_DEVICES, or set it to an index or UUID that exists "
                        "(nvidia-smi -L lists them)");
        return;
    }
    if (c->gpus_seen == 0)
        jg_walk_set(s, JG_WS_ABSENT, "no NVIDIA GPU to select");
    else
        jg_walk_set(s, JG_WS_PASS, "no variable hides the GPU");
}
