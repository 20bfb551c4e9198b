/* One line of a pasted report through every recogniser group. Matching is by
 * fixed phrases and token shapes, never by whole example lines. */
#include <string.h>

#include "doctor/triage/report_scan.h"

/* Every recogniser after the Python ones, in the order they run: where two
 * set the same fact, the first value wins. */
static void (*const recognisers[])(jg_tp *) = {
    jg_rx_platform,
    jg_rx_libraries,
    jg_rx_gpu_name_hints,
    jg_rx_device_query,
    jg_rx_cudnn_present,
    jg_rx_cuda_errors,
    jg_rx_missing_library,
    jg_rx_signals,
    jg_rx_traceback,
    jg_rx_requires,
    jg_rx_images,
    jg_rx_docker,
    jg_rx_environment,
    jg_rx_installs,
    jg_rx_prose_availability,
    jg_rx_stacks,
    jg_rx_outcomes,
    jg_rx_system,
    jg_rx_phrases,
    jg_rx_torch_capability_warning,
    jg_rx_project_json,
    jg_rx_present_library,
    jg_rx_failures,
};

void jg_match_line(jg_tp *p)
{
    if (jg_match_python(p) || strlen(p->text) < 4)
        return; /* a REPL value was consumed, or nothing shorter than "True" carries a fact */
    for (size_t i = 0; i < sizeof recognisers / sizeof recognisers[0]; i++)
        recognisers[i](p);
}
