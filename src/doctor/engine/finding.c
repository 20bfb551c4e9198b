#include "doctor/engine/finding.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"

void jg_finding_add(json_t *out, const jg_finding_spec *s, json_t *evidence)
{
    json_t *f = json_object();
    JG_FINDING_SET_STR(f, id, jg_fid_name(s->id));
    JG_FINDING_SET_STR(f, layer, jg_layer_name(s->layer));
    JG_FINDING_SET_STR(f, severity, jg_severity_name(s->severity));
    JG_FINDING_SET_STR(f, confidence, jg_confidence_name(s->confidence));
    JG_FINDING_SET_STR(f, summary, s->summary);
    JG_FINDING_SET_STR(f, fix, s->fix);
    JG_FINDING_SET_LIST(f, evidence, evidence ? evidence : json_array());
    json_array_append_new(out, f);
}

const char *jg_fid_name(jg_fid id)
{
    return (unsigned)id < JG_FID_COUNT ? jg_fid_names[id] : NULL;
}

bool jg_findings_has(const json_t *findings, jg_fid id)
{
    return jg_json_find_id(findings, jg_fid_name(id)) != NULL;
}

bool jg_findings_has_any(const json_t *findings, const jg_fid *ids)
{
    for (; *ids != JG_FID_COUNT; ids++)
        if (jg_findings_has(findings, *ids))
            return true;
    return false;
}

size_t jg_findings_of_severity(const json_t *findings, enum jg_severity sev)
{
    size_t i, n = 0;
    json_t *f;
    json_array_foreach(findings, i, f)
    {
        if (jg_severity_index(JG_FINDING_STR(f, severity)) == (int)sev)
            n++;
    }
    return n;
}

bool jg_findings_quote_line(const json_t *findings, long long line)
{
    char mark[40];
    snprintf(mark, sizeof mark, JG_EV_LINE, line);
    size_t i, j;
    json_t *f, *e;
    json_array_foreach(findings, i, f)
    {
        json_array_foreach(JG_FINDING_LIST(f, evidence), j, e)
        {
            const char *s = json_string_value(e);
            if (s && strstr(s, mark))
                return true;
        }
    }
    return false;
}

/* A vocabulary index, with a value outside the vocabulary ranked last. */
static int rank(int index, int count)
{
    return index < 0 ? count : index;
}

static int compare(const void *pa, const void *pb)
{
    const json_t *a = *(json_t *const *)pa, *b = *(json_t *const *)pb;
    int d = rank(jg_severity_index(JG_FINDING_STR(a, severity)), JG_SEV_COUNT) -
            rank(jg_severity_index(JG_FINDING_STR(b, severity)), JG_SEV_COUNT);
    if (!d)
        d = rank(jg_confidence_index(JG_FINDING_STR(a, confidence)), JG_CONF_COUNT) -
            rank(jg_confidence_index(JG_FINDING_STR(b, confidence)), JG_CONF_COUNT);
    if (!d)
        d = jg_layer_index(JG_FINDING_STR(a, layer)) - jg_layer_index(JG_FINDING_STR(b, layer));
    if (d)
        return d;
    const char *ia = JG_FINDING_STR(a, id), *ib = JG_FINDING_STR(b, id);
    return strcmp(ia ? ia : "", ib ? ib : "");
}

void jg_findings_sort(json_t *findings)
{
    size_t n = json_array_size(findings);
    if (n < 2)
        return;
    json_t **v = malloc(n * sizeof *v);
    if (!v)
        return;
    for (size_t i = 0; i < n; i++)
        v[i] = json_incref(json_array_get(findings, i));
    qsort(v, n, sizeof *v, compare);
    json_array_clear(findings);
    for (size_t i = 0; i < n; i++)
        json_array_append_new(findings, v[i]);
    free(v);
}
