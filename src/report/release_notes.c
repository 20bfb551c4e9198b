/* Release notes: Jetson CUDA support stated only where the claim logic
 * accepts evidence, one line per tier of the policy. No other lane is named:
 * the policy knows only its tiers, and a project may have no aarch64 CPU lane. */
#include <stdlib.h>

#include "facts/tables.h"
#include "report/report.h"
#include "schema/policy.h"
#include "util/scrub.h"

static void tier_line(FILE *f, const json_t *t, const struct jg_tier_status *st)
{
    if (st->claimed)
        fprintf(f, "- Jetson CUDA support: claimed for %s (JetPack %s, Jetson Linux %s) on "
                   "commit %s%s.\n",
                JG_STR(tier, t, name), JG_STR(tier, t, jetpack), JG_STR(tier, t, l4t),
                st->commit, st->scope);
    else {
        char *why = jg_scrub_issue(st->why); /* may quote evidence values */
        fprintf(f, "- Jetson CUDA support: not claimed for %s (JetPack %s): %s.\n",
                JG_STR(tier, t, name), JG_STR(tier, t, jetpack), why ? why : "unknown");
        free(why);
    }
    /* the torch that works there, from the facts' channel table (the support doc's row) */
    const char *jp = JG_STR(tier, t, jetpack);
    const jg_torch_channel *c = jg_torch_channel_for(jp ? atoi(jp) : 0, JG_STR(tier, t, soc));
    if (c)
        fprintf(f, "  PyTorch on JetPack %s: %s%s%s.\n", jp, c->install,
                c->extra_pip ? ", plus pip install " : "", c->extra_pip ? c->extra_pip : "");
}

void jg_report_release_notes(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Platform support\n\n"
               "Jetson CUDA support is stated per tier, only from `jetson-runtime` evidence on "
               "that tier's hardware; a build or CPU test on another aarch64 machine is not "
               "Jetson CUDA support.\n\n");
    jg_report_each_tier(f, in, tier_line);
}
