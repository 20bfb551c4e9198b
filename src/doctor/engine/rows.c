/* The signal rules' one evaluator: each row whose signal the report showed
 * becomes its finding (or its second reading), with the line as evidence
 * (rows: rows.h). */
#include <string.h>

#include "doctor/rules/rules.h"
#include "doctor/engine/rows.h"

static bool platform_holds(const jg_view *v, enum jg_platform_test t)
{
    switch (t) {
    case JG_PT_OFF_JETSON:
        return !jg_jetson_seen(v);
    case JG_PT_JETSON:
        return jg_jetson_seen(v);
    case JG_PT_NO_NVIDIA_GPU:
        return !jg_nvidia_gpu_evidenced(v);
    default:
        return true;
    }
}

static bool alt_holds(const jg_view *v, enum jg_alt_test t, const json_t *sig)
{
    const char *line = JG_ITEM_STR(sig, text);
    const char *stack = JG_ITEM_STR(JG_OBS_OBJ(v->observed, other_stack), package);
    switch (t) {
    case JG_AT_CONTAINER_SEEN:
        return jg_container_evidenced(v);
    case JG_AT_INSIDE_CONTAINER:
        return v->in_container == JG_YES;
    case JG_AT_PACKAGE_FILE:
        return (line && strstr(line, "-packages/")) || (stack && strcmp(stack, "triton") == 0);
    case JG_AT_TORCH_SEEN:
        return JG_OBS_GET(v->observed, torch_seen) != NULL;
    case JG_AT_INTERPRETER_SEEN:
        return jg_view_signal(v, JG_SIG_interpreter_hint) != NULL;
    case JG_AT_DEVICES_LIMITED:
        return jg_view_signal(v, JG_SIG_visible_devices_set) || jg_view_signal(v, JG_SIG_mig_seen);
    default:
        return false;
    }
}

static void signal_row(const jg_view *v, jg_finding_list *out, const jg_signal_rule *r)
{
    const json_t *sig = jg_view_signal(v, r->signal);
    if (!sig || !platform_holds(v, r->platform))
        return;
    jg_finding_spec s = alt_holds(v, r->alt_test, sig) ? r->alt : r->spec;
    if (r->fix_jetson && jg_on_jetson(v))
        s.fix = r->fix_jetson;
    json_t *ev = jg_ev_new();
    jg_ev_seen(ev, r->what, sig);
    const char *frame = JG_ITEM_STR(sig, file); /* the traceback frame that raised it */
    if (frame)
        jg_ev_printf(ev, "raised in %s", frame);
    jg_finding_add(out, &s, ev);
}

size_t jg_signal_rows_count(void)
{
    return jg_signal_rules_count;
}

const jg_signal_rule *jg_signal_row(size_t i)
{
    return i < jg_signal_rules_count ? &jg_signal_rules[i] : NULL;
}

const char *jg_platform_test_name(enum jg_platform_test t)
{
    static const char *const names[] = {"any", "off-jetson", "jetson", "no-nvidia-gpu"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

const char *jg_alt_test_name(enum jg_alt_test t)
{
    static const char *const names[] = {"none",          "container-seen",  "inside-container",
                                        "package-file",  "torch-seen",      "devices-limited",
                                        "interpreter-seen"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

void jg_rule_signal_table(const jg_view *v, jg_finding_list *out)
{
    for (size_t i = 0, n = jg_signal_rows_count(); i < n; i++)
        signal_row(v, out, jg_signal_row(i));
}
