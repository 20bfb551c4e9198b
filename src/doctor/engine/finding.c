#include "doctor/engine/finding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"

static char *copy(const char *s)
{
    char *c = s ? strdup(s) : NULL;
    if (s && !c) {
        fputs("jetgate: out of memory\n", stderr);
        abort();
    }
    return c;
}

void jg_finding_add(jg_finding_list *out, const jg_finding_spec *s, json_t *evidence)
{
    if (out->n == out->cap) {
        size_t cap = out->cap ? out->cap * 2 : 16;
        jg_doctor_finding *v = realloc(out->v, cap * sizeof *v);
        if (!v) {
            fputs("jetgate: out of memory\n", stderr);
            abort();
        }
        out->v = v;
        out->cap = cap;
    }
    jg_doctor_finding *f = &out->v[out->n++];
    f->spec = *s;
    f->spec.summary = copy(s->summary); /* eight rules format theirs on the stack */
    f->spec.fix = copy(s->fix);
    f->evidence = evidence ? evidence : json_array();
}

void jg_finding_list_free(jg_finding_list *list)
{
    for (size_t i = 0; i < list->n; i++) {
        free((char *)list->v[i].spec.summary);
        free((char *)list->v[i].spec.fix);
        json_decref(list->v[i].evidence);
    }
    free(list->v);
    *list = (jg_finding_list){0};
}

json_t *jg_findings_json(const jg_finding_list *list)
{
    json_t *a = json_array();
    for (size_t i = 0; i < list->n; i++) {
        const jg_finding_spec *s = &list->v[i].spec;
        json_t *f = json_object();
        JG_FINDING_SET_STR(f, id, jg_fid_name(s->id));
        JG_FINDING_SET_STR(f, layer, jg_layer_name(s->layer));
        JG_FINDING_SET_STR(f, severity, jg_severity_name(s->severity));
        JG_FINDING_SET_STR(f, confidence, jg_confidence_name(s->confidence));
        JG_FINDING_SET_STR(f, summary, s->summary);
        JG_FINDING_SET_STR(f, fix, s->fix);
        JG_FINDING_SET_LIST(f, evidence, json_incref(list->v[i].evidence));
        json_array_append_new(a, f);
    }
    return a;
}

const char *jg_fid_name(jg_fid id)
{
    return (unsigned)id < JG_FID_COUNT ? jg_fid_names[id] : NULL;
}

bool jg_findings_has(const jg_finding_list *list, jg_fid id)
{
    for (size_t i = 0; i < list->n; i++)
        if (list->v[i].spec.id == id)
            return true;
    return false;
}

bool jg_findings_has_any(const jg_finding_list *list, const jg_fid *ids)
{
    for (; *ids != JG_FID_COUNT; ids++)
        if (jg_findings_has(list, *ids))
            return true;
    return false;
}

size_t jg_findings_of_severity(const jg_finding_list *list, enum jg_severity sev)
{
    size_t n = 0;
    for (size_t i = 0; i < list->n; i++)
        n += list->v[i].spec.severity == sev;
    return n;
}

bool jg_findings_quote_line(const jg_finding_list *list, long long line)
{
    char mark[40];
    snprintf(mark, sizeof mark, JG_EV_LINE, line);
    for (size_t i = 0; i < list->n; i++) {
        size_t j;
        json_t *e;
        json_array_foreach(list->v[i].evidence, j, e)
        {
            const char *s = json_string_value(e);
            if (s && strstr(s, mark))
                return true;
        }
    }
    return false;
}

static int compare(const void *pa, const void *pb)
{
    const jg_finding_spec *a = &((const jg_doctor_finding *)pa)->spec;
    const jg_finding_spec *b = &((const jg_doctor_finding *)pb)->spec;
    int d = (int)a->severity - (int)b->severity;
    if (!d)
        d = (int)a->confidence - (int)b->confidence;
    if (!d)
        d = (int)a->layer - (int)b->layer;
    if (!d) /* jg_fid follows the ids' names */
        d = (int)a->id - (int)b->id;
    return d;
}

void jg_findings_sort(jg_finding_list *list)
{
    if (list->n > 1)
        qsort(list->v, list->n, sizeof *list->v, compare);
}
