/* Release notes: generic ARM64 importability kept apart from Jetson CUDA
 * support, which is stated only where the claim logic accepts evidence. */
#include <stdlib.h>

#include "report/report.h"
#include "util/scrub.h"
#include "util/json.h"

static void tier_line(FILE *f, const json_t *t, const json_t *st)
{
    if (json_is_true(json_object_get(st, "claimed")))
        fprintf(f, "- Jetson CUDA support: claimed for %s (JetPack %s, Jetson Linux %s) on "
                   "commit %s%s.\n",
                jg_json_str(t, "name"), jg_json_str(t, "software.jetpack"),
                jg_json_str(t, "software.l4t"), jg_json_str(st, "commit"),
                jg_json_str(st, "scope"));
    else {
        char *why = jg_scrub_issue(jg_json_str(st, "why")); /* may quote evidence values */
        fprintf(f, "- Jetson CUDA support: not claimed for %s (JetPack %s): %s.\n",
                jg_json_str(t, "name"), jg_json_str(t, "software.jetpack"),
                why ? why : "unknown");
        free(why);
    }
}

void jg_report_release_notes(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Platform support\n\n"
               "- Generic ARM64: imports and CPU tests (the CPU-only linux/aarch64 lane). This "
               "is not Jetson CUDA support.\n");
    jg_report_each_tier(f, in, tier_line);
}
