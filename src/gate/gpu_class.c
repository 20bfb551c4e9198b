#include "gate/gpu_class.h"

#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/tables.h"
#include "schema/facts.h"

/* Exact name, or the name followed by a space or '(' (a driver may append a tag). */
static bool name_matches(const char *got, const char *want)
{
    size_t n = strlen(want);
    return strncmp(got, want, n) == 0 && (got[n] == '\0' || got[n] == ' ' || got[n] == '(');
}

bool jg_gpu_class_match(const json_t *facts, const char *name, int integrated, const char *cc,
                        char *why, size_t n)
{
    const char *soc = JG_FACT_STR(facts, module_soc);
    const char *want_cc = JG_FACT_STR(facts, module_compute_capability);
    const char *want = jg_gpu_name_for_soc(soc);
    if (integrated == 0) {
        snprintf(why, n, "device '%s' (compute capability %s) is a discrete GPU; a Jetson GPU is "
                         "integrated", name ? name : "?", cc ? cc : "?");
        return false;
    }
    if (!soc || !want_cc) {
        snprintf(why, n, "the module's SoC or compute capability is not identified, so the "
                         "expected Jetson GPU class is unknown (device '%s', %s)",
                 name ? name : "?", cc ? cc : "?");
        return false;
    }
    if (!want) {
        snprintf(why, n, "no CUDA device name is on record for %s", soc);
        return false;
    }
    if (!name || !name_matches(name, want)) {
        snprintf(why, n, "device '%s' is not the Jetson GPU class '%s' of %s", name ? name : "?",
                 want, soc);
        return false;
    }
    if (!cc || strcmp(cc, want_cc) != 0) {
        snprintf(why, n, "device '%s' has compute capability %s; %s has %s", name, cc ? cc : "?",
                 soc, want_cc);
        return false;
    }
    snprintf(why, n, "'%s', compute capability %s%s: the Jetson GPU of %s", name, cc,
             integrated == 1 ? ", integrated" : "", soc);
    return true;
}
