/* The signal rules' one evaluator: each row whose signal the report showed
 * becomes its finding, with the line as evidence (rows: signal_rules.h). */
#include "doctor/rules.h"
#include "doctor/signal_rules.h"

static void signal_row(const jg_view *v, json_t *out, const jg_signal_rule *r)
{
    const json_t *sig = jg_view_signal(v, r->signal);
    if (!sig)
        return;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, r->what, sig);
    jg_finding_spec s = r->spec;
    if (r->fix_jetson && jg_on_jetson(v))
        s.fix = r->fix_jetson;
    jg_finding_add(out, &s, ev);
}

void jg_rule_signal_table(const jg_view *v, json_t *out)
{
    for (size_t i = 0; i < jg_signal_rules_lower_count; i++)
        signal_row(v, out, &jg_signal_rules_lower[i]);
    for (size_t i = 0; i < jg_signal_rules_upper_count; i++)
        signal_row(v, out, &jg_signal_rules_upper[i]);
}
