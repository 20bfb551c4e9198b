#include "doctor/triage/report_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/triage/report_lines.h"
#include "facts/fact.h"
#include "util/json.h"

void jg_tp_init(jg_tp *p)
{
    memset(p, 0, sizeof *p);
    p->facts = json_object();
    jg_ff_set(p->facts, JG_FF_schema, json_string("jetgate.facts/1"));
    jg_ff_set(p->facts, JG_FF_mode, json_string("report"));
    p->obs = json_object(); /* held by the document */
    jg_ff_set(p->facts, JG_FF_observed, p->obs);
}

static void source_name(const jg_tp *p, char *buf, size_t cap)
{
    snprintf(buf, cap, "report:line %zu", p->line);
}

void jg_tp_fact(jg_tp *p, jg_ff field, json_t *value)
{
    char src[48];
    if (jg_ff_node(p->facts, field)) {
        json_decref(value);
        return;
    }
    source_name(p, src, sizeof src);
    jg_ff_put(p->facts, field, jg_fact_ok(value, src));
}

void jg_tp_raw(jg_tp *p, jg_ff field, json_t *value)
{
    jg_ff_put(p->facts, field, value);
}

void jg_tp_fact_missing(jg_tp *p, jg_ff field)
{
    char src[48];
    source_name(p, src, sizeof src);
    jg_ff_put(p->facts, field, jg_fact_missing(src));
}

const char *jg_tp_l4t_release(jg_tp *p, const char *text, const jg_l4t_release **rel)
{
    size_t n = strlen(text);
    if (!p->l4t_text[0] || strcmp(p->l4t_text, text) != 0) {
        p->l4t_why = jg_parse_tegra_release(text, n, &p->l4t);
        json_decref(p->l4t.extra);
        p->l4t.extra = NULL;
        snprintf(p->l4t_text, sizeof p->l4t_text, "%s", n < sizeof p->l4t_text ? text : "");
    }
    *rel = &p->l4t;
    return p->l4t_why;
}

json_t *jg_tp_seen(const jg_tp *p)
{
    char text[256];
    jg_scrub_line(p->text, text, sizeof text);
    json_t *o = json_object();
    JG_ITEM_SET_INT(o, line, p->line);
    JG_ITEM_SET_STR(o, text, text);
    return o;
}

json_t *jg_tp_obj(jg_tp *p, int member)
{
    const jg_field *f = &jg_fields_obs[member];
    json_t *o = jg_doc_node(p->obs, f);
    if (!json_is_object(o)) {
        o = json_object();
        jg_doc_set(p->obs, f, o);
    }
    return o;
}

void jg_tp_signal(jg_tp *p, jg_signal s)
{
    if (!jg_obs_signal(p->obs, s))
        json_object_set_new(JG_TP_OBJ(p, signals), jg_signal_name(s), jg_tp_seen(p));
}

bool jg_tp_room(const jg_tp *p, int list)
{
    return json_array_size(jg_doc_node(p->obs, &jg_fields_obs[list])) < JG_REPORT_LIST_CAP;
}

void jg_tp_add(jg_tp *p, int list, json_t *item)
{
    json_t *arr = jg_doc_node(p->obs, &jg_fields_obs[list]);
    if (!arr) {
        arr = json_array();
        jg_doc_set(p->obs, &jg_fields_obs[list], arr);
    }
    if (json_array_size(arr) >= JG_REPORT_LIST_CAP) {
        json_decref(item);
        return;
    }
    json_t *seen = jg_tp_seen(p);
    json_object_update_missing(item, seen);
    json_decref(seen);
    json_array_append_new(arr, item);
}

void jg_tp_torch_version(jg_tp *p, const char *version)
{
    json_t *s = json_object();
    JG_ITEM_SET_STR(s, version, version);
    JG_TP_ADD(p, torch_sessions, s);
}

void jg_tp_torch_available(jg_tp *p, int available)
{
    json_t *arr = JG_OBS_LIST(p->obs, torch_sessions);
    json_t *last = json_array_get(arr, json_array_size(arr) ? json_array_size(arr) - 1 : 0);
    if (!last || JG_ITEM_GET(last, cuda_available)) {
        last = json_object();
        JG_TP_ADD(p, torch_sessions, last);
    }
    JG_ITEM_SET_BOOL(last, cuda_available, available);
}

void jg_tp_jetson_hint(jg_tp *p, const char *why)
{
    json_t *w = JG_OBS_LIST(p->obs, jetson_hints);
    if (!w) {
        w = json_array();
        JG_OBS_SET_LIST(p->obs, jetson_hints, w);
    }
    if (json_array_size(w) < 8)
        json_array_append_new(w, json_string(why));
}

void jg_tp_line(jg_tp *p, const char *clean)
{
    p->line++;
    if (!*clean)
        return;
    p->text = clean;
    size_t i = 0;
    memset(p->pairs, 0, sizeof p->pairs);
    for (; clean[i] && i < sizeof p->lower - 1; i++) {
        p->lower[i] = (char)tolower((unsigned char)clean[i]);
        if (i) {
            unsigned h = JG_TP_PAIR(p->lower[i - 1], p->lower[i]);
            p->pairs[h >> 3] |= (unsigned char)(1u << (h & 7));
        }
    }
    p->lower[i] = '\0';
    jg_match_line(p);
}

/* The session the report is about: the first that failed, else the last. */
static const json_t *pick_session(const json_t *sessions)
{
    size_t i;
    json_t *s;
    json_array_foreach(sessions, i, s)
    {
        if (JG_ITEM_BOOL(s, cuda_available) == 0)
            return s;
    }
    return json_array_get(sessions, json_array_size(sessions) ? json_array_size(sessions) - 1 : 0);
}

/* The session's torch version and is_available() answer, where nothing
 * more direct (a probe-shaped value) set them. */
static void finish_torch(jg_tp *p)
{
    const json_t *s = pick_session(JG_OBS_LIST(p->obs, torch_sessions));
    if (!s)
        return;
    const char *ver = JG_ITEM_STR(s, version);
    if (ver)
        jg_ff_put(p->facts, JG_FF_python_torch_version, json_string(ver));
    json_t *av = JG_ITEM_GET(s, cuda_available);
    if (av)
        jg_ff_put(p->facts, JG_FF_python_torch_cuda_available, json_incref(av));
    if (ver)
        jg_ff_put(p->facts, JG_FF_python_torch_imported, json_true());
}

static void finish_jetson(jg_tp *p)
{
    json_t *hints = JG_OBS_LIST(p->obs, jetson_hints);
    if (!json_array_size(hints) || JG_FACT_NODE(p->facts, jetson_is_jetson))
        return;
    jg_ff_put(p->facts, JG_FF_jetson_is_jetson, jg_fact_ok(json_true(), "report"));
    jg_ff_put(p->facts, JG_FF_jetson_why, json_incref(hints));
}

json_t *jg_tp_finish(jg_tp *p)
{
    finish_torch(p);
    finish_jetson(p);
    json_t *doc = p->facts;
    p->facts = p->obs = NULL;
    return doc;
}
