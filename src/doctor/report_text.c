#include "doctor/report_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/report_lines.h"
#include "facts/fact.h"
#include "util/json.h"

void jg_tp_init(jg_tp *p)
{
    memset(p, 0, sizeof *p);
    p->facts = json_object();
    json_object_set_new(p->facts, "schema", json_string("jetgate.facts/1"));
    json_object_set_new(p->facts, "mode", json_string("report"));
    p->obs = json_object();
    json_object_set_new(p->facts, "observed", p->obs);
}

/* Object at dotted path under root, created as needed; the last step is returned. */
static json_t *ensure_parent(json_t *root, const char *dotted, char *leaf, size_t cap)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", dotted);
    char *save = NULL, *tok = strtok_r(buf, ".", &save), *next;
    json_t *cur = root;
    while (tok && (next = strtok_r(NULL, ".", &save))) {
        json_t *child = json_object_get(cur, tok);
        if (!json_is_object(child)) {
            child = json_object();
            json_object_set_new(cur, tok, child);
        }
        cur = child;
        tok = next;
    }
    snprintf(leaf, cap, "%s", tok ? tok : "");
    return cur;
}

static void source_name(const jg_tp *p, char *buf, size_t cap)
{
    snprintf(buf, cap, "report:line %zu", p->line);
}

void jg_tp_fact(jg_tp *p, const char *path, json_t *value)
{
    char leaf[64], src[48];
    json_t *parent = ensure_parent(p->facts, path, leaf, sizeof leaf);
    if (json_object_get(parent, leaf)) {
        json_decref(value);
        return;
    }
    source_name(p, src, sizeof src);
    json_object_set_new(parent, leaf, jg_fact_ok(value, src));
}

void jg_tp_raw(jg_tp *p, const char *path, json_t *value)
{
    char leaf[64];
    json_t *parent = ensure_parent(p->facts, path, leaf, sizeof leaf);
    if (json_object_get(parent, leaf))
        json_decref(value);
    else
        json_object_set_new(parent, leaf, value);
}

void jg_tp_fact_missing(jg_tp *p, const char *path)
{
    char leaf[64], src[48];
    json_t *parent = ensure_parent(p->facts, path, leaf, sizeof leaf);
    if (json_object_get(parent, leaf))
        return;
    source_name(p, src, sizeof src);
    json_object_set_new(parent, leaf, jg_fact_missing(src));
}

json_t *jg_tp_seen(const jg_tp *p)
{
    char text[256];
    jg_scrub_line(p->text, text, sizeof text);
    json_t *o = json_object();
    json_object_set_new(o, "line", json_integer((json_int_t)p->line));
    json_object_set_new(o, "text", json_string(text));
    return o;
}

void jg_tp_signal(jg_tp *p, const char *id)
{
    char path[96];
    snprintf(path, sizeof path, "signals.%s", id);
    if (!jg_json_at(p->obs, path))
        jg_tp_set(p, path, jg_tp_seen(p));
}

void jg_tp_set(jg_tp *p, const char *dotted, json_t *value)
{
    char leaf[64];
    json_t *parent = ensure_parent(p->obs, dotted, leaf, sizeof leaf);
    json_object_set_new(parent, leaf, value);
}

bool jg_tp_room(const jg_tp *p, const char *list)
{
    return json_array_size(json_object_get(p->obs, list)) < JG_REPORT_LIST_CAP;
}

void jg_tp_add(jg_tp *p, const char *list, json_t *item)
{
    json_t *arr = json_object_get(p->obs, list);
    if (!arr) {
        arr = json_array();
        json_object_set_new(p->obs, list, arr);
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
    json_object_set_new(s, "version", json_string(version));
    jg_tp_add(p, "torch_sessions", s);
}

void jg_tp_torch_available(jg_tp *p, int available)
{
    json_t *arr = json_object_get(p->obs, "torch_sessions");
    json_t *last = json_array_get(arr, json_array_size(arr) ? json_array_size(arr) - 1 : 0);
    if (!last || json_object_get(last, "cuda_available")) {
        last = json_object();
        jg_tp_add(p, "torch_sessions", last);
    }
    json_object_set_new(last, "cuda_available", json_boolean(available));
}

void jg_tp_jetson_hint(jg_tp *p, const char *why)
{
    json_t *w = json_object_get(p->obs, "jetson_hints");
    if (!w) {
        w = json_array();
        json_object_set_new(p->obs, "jetson_hints", w);
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
    for (; clean[i] && i < sizeof p->lower - 1; i++)
        p->lower[i] = (char)tolower((unsigned char)clean[i]);
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
        if (json_is_false(json_object_get(s, "cuda_available")))
            return s;
    }
    return json_array_get(sessions, json_array_size(sessions) ? json_array_size(sessions) - 1 : 0);
}

static void finish_torch(jg_tp *p)
{
    json_t *torch = jg_json_at(p->facts, "python.torch");
    const json_t *s = pick_session(json_object_get(p->obs, "torch_sessions"));
    if (!s)
        return;
    if (!torch) {
        char leaf[16];
        json_t *py = ensure_parent(p->facts, "python.torch", leaf, sizeof leaf);
        torch = json_object();
        json_object_set_new(py, "torch", torch);
    }
    const char *ver = json_string_value(json_object_get(s, "version"));
    if (ver && !json_object_get(torch, "version"))
        json_object_set_new(torch, "version", json_string(ver));
    json_t *av = json_object_get(s, "cuda_available");
    if (av && !json_object_get(torch, "cuda_available"))
        json_object_set(torch, "cuda_available", av);
    if (ver && !json_object_get(torch, "imported"))
        json_object_set_new(torch, "imported", json_true());
}

static void finish_jetson(jg_tp *p)
{
    json_t *hints = json_object_get(p->obs, "jetson_hints");
    if (!json_array_size(hints) || jg_json_at(p->facts, "jetson.is_jetson"))
        return;
    json_t *j = json_object();
    json_object_set_new(j, "is_jetson", jg_fact_ok(json_true(), "report"));
    json_object_set(j, "why", hints);
    json_object_set_new(p->facts, "jetson", j);
}

json_t *jg_tp_finish(jg_tp *p)
{
    finish_torch(p);
    finish_jetson(p);
    json_t *doc = p->facts;
    p->facts = p->obs = NULL;
    return doc;
}
