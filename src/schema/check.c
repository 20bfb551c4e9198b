#include "schema/check.h"

#include <string.h>

JG_DOC_DEFINE(check, JG_CHECK_FIELDS);
JG_DOC_DEFINE(checkm, JG_CHECK_MEASUREMENT_FIELDS);
JG_DOC_DEFINE(counts, JG_COUNTS_FIELDS);

#define JG__STATUS_NAME(P, name, path, type) path,
const char *const jg_check_statuses[] = {JG_CHECK_STATUS_ROWS(JG__STATUS_NAME, _) NULL};
#undef JG__STATUS_NAME

int jg_check_status_index(const char *status)
{
    for (size_t k = 0; status && k < JG_CHECK_NSTATUS; k++)
        if (strcmp(status, jg_check_statuses[k]) == 0)
            return (int)k;
    return -1;
}

/* The counts row of status k: the statuses follow "total". */
static const jg_field *status_row(size_t k)
{
    return &jg_fields_counts[JGF_counts_total + 1 + k];
}

json_t *jg_check_counts(const json_t *checks, bool missing_as_error)
{
    json_int_t n[JG_CHECK_NSTATUS] = {0};
    for (size_t i = 0; i < json_array_size(checks); i++) {
        const char *st = JG_STR(check, json_array_get(checks, i), status);
        int k = jg_check_status_index(st ? st : missing_as_error ? "error" : NULL);
        if (k >= 0)
            n[k]++;
    }
    json_t *counts = json_object();
    JG_SET_INT(counts, counts, total, (json_int_t)json_array_size(checks));
    for (size_t k = 0; k < JG_CHECK_NSTATUS; k++)
        jg_doc_set(counts, status_row(k), json_integer(n[k]));
    return counts;
}

long long jg_counts_get(const json_t *counts, size_t k)
{
    return k < JG_CHECK_NSTATUS ? jg_doc_int(counts, status_row(k), -1) : -1;
}
