#include "doctor/finding.h"

#include <stdlib.h>
#include <string.h>

#include "util/json.h"

static const char *const layer_names[JG_L_COUNT] = {
    "hardware",         "kernel-driver",  "cuda-driver",     "container-runtime",
    "cuda-libraries",   "pytorch-build",  "python-packages", "permissions",
    "configuration",    "project",
};
static const char *const severity_names[] = {"error", "warning", "info"};
static const char *const confidence_names[] = {"high", "medium", "low"};

const char *jg_layer_name(enum jg_layer l)
{
    return (unsigned)l < JG_L_COUNT ? layer_names[l] : "unknown";
}

int jg_layer_index(const char *name)
{
    for (int i = 0; name && i < JG_L_COUNT; i++)
        if (strcmp(layer_names[i], name) == 0)
            return i;
    return -1;
}

const char *jg_severity_name(enum jg_severity s)
{
    return severity_names[s];
}

const char *jg_confidence_name(enum jg_confidence c)
{
    return confidence_names[c];
}

void jg_finding_add(json_t *out, const jg_finding_spec *s, json_t *evidence)
{
    json_t *f = json_object();
    json_object_set_new(f, "id", json_string(s->id));
    json_object_set_new(f, "layer", json_string(jg_layer_name(s->layer)));
    json_object_set_new(f, "severity", json_string(jg_severity_name(s->severity)));
    json_object_set_new(f, "confidence", json_string(jg_confidence_name(s->confidence)));
    json_object_set_new(f, "summary", json_string(s->summary));
    json_object_set_new(f, "fix", json_string(s->fix));
    json_object_set_new(f, "evidence", evidence ? evidence : json_array());
    json_array_append_new(out, f);
}

bool jg_findings_has(const json_t *findings, const char *id)
{
    return jg_json_find_id(findings, id) != NULL;
}

static int rank_of(const char *v, const char *const names[], int n)
{
    for (int i = 0; v && i < n; i++)
        if (strcmp(v, names[i]) == 0)
            return i;
    return n;
}

static int compare(const void *pa, const void *pb)
{
    const json_t *a = *(json_t *const *)pa, *b = *(json_t *const *)pb;
    static const char *const keys[] = {"severity", "confidence"};
    static const char *const *const tables[] = {severity_names, confidence_names};
    for (int k = 0; k < 2; k++) {
        int ra = rank_of(json_string_value(json_object_get(a, keys[k])), tables[k], 3);
        int rb = rank_of(json_string_value(json_object_get(b, keys[k])), tables[k], 3);
        if (ra != rb)
            return ra - rb;
    }
    int la = jg_layer_index(json_string_value(json_object_get(a, "layer")));
    int lb = jg_layer_index(json_string_value(json_object_get(b, "layer")));
    if (la != lb)
        return la - lb;
    const char *ia = json_string_value(json_object_get(a, "id"));
    const char *ib = json_string_value(json_object_get(b, "id"));
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
