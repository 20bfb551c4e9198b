/* The signal rules' one evaluator: each row whose signal the report showed
 * becomes its finding, with the line as evidence (rows: signal_rules.h). */
#include "doctor/rules.h"
#include "doctor/signal_rules.h"

static bool container_holds(const jg_view *v, enum jg_container_test t)
{
    return (t == JG_CT_SEEN && jg_container_evidenced(v)) ||
           (t == JG_CT_INSIDE && v->in_container == JG_YES);
}

static void signal_row(const jg_view *v, json_t *out, const jg_signal_rule *r)
{
    const json_t *sig = jg_view_signal(v, r->signal);
    bool jetson = jg_on_jetson(v) || json_array_size(JG_VIEW_LIST(v, jetson_hints)) > 0;
    if (!sig || (r->off_jetson && jetson))
        return;
    jg_finding_spec s = container_holds(v, r->container_test) ? r->in_container : r->spec;
    if (r->fix_jetson && jg_on_jetson(v))
        s.fix = r->fix_jetson;
    jg_finding_add_seen(out, &s, r->what, sig);
}

void jg_rule_signal_table(const jg_view *v, json_t *out)
{
    for (size_t i = 0; i < jg_signal_rules_count; i++)
        signal_row(v, out, &jg_signal_rules[i]);
}
