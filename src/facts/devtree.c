/* Device-tree string properties (jetson-facts.md §1.3). Values end with a
 * NUL; `compatible` is a NUL-separated list such as
 * "nvidia,p3737-0000+p3701-0005\0nvidia,p3701-0005\0nvidia,tegra234\0". */
#include <string.h>

#include "facts/parsers.h"
#include "facts/text.h"

#define MAX_COMPATIBLE 32

const char *jg_parse_dt_model(const char *data, size_t len, char *buf, size_t size)
{
    while (len && data[len - 1] == '\0')
        len--;
    if (len == 0)
        return "empty property";
    if (jg_find_nul(data, len) >= 0)
        return "NUL byte inside the string";
    if (!jg_clean_utf8(data, len))
        return "not clean UTF-8";
    if (len >= size)
        return "longer than expected";
    memcpy(buf, data, len);
    buf[len] = '\0';
    return NULL;
}

const char *jg_parse_dt_compatible(const char *data, size_t len, json_t **list)
{
    *list = NULL;
    while (len && data[len - 1] == '\0')
        len--;
    if (len == 0)
        return "empty property";
    json_t *arr = json_array();
    for (size_t pos = 0; pos <= len;) {
        const char *z = memchr(data + pos, '\0', len - pos);
        jg_line e = {data + pos, z ? (size_t)(z - data) - pos : len - pos};
        char buf[128];
        if (e.n == 0 || !jg_printable(e) || !jg_copy(e, buf, sizeof buf) ||
            json_array_size(arr) >= MAX_COMPATIBLE) {
            json_decref(arr);
            return e.n == 0 ? "empty entry in the list" : "entry not printable ASCII or too long";
        }
        json_array_append_new(arr, json_string(buf));
        pos += e.n + 1;
    }
    *list = arr;
    return NULL;
}

/* "p3701-0005": 'p' or a letter, four digits, '-', four digits. */
static bool is_part(const char *s, size_t n)
{
    if (n != 10 || s[5] != '-' || !((s[0] >= 'a' && s[0] <= 'z')))
        return false;
    for (size_t i = 1; i < 10; i++)
        if (i != 5 && (s[i] < '0' || s[i] > '9'))
            return false;
    return true;
}

/* "nvidia,<carrier>+<module>[-super]". */
static bool split_board(const char *e, jg_dt_ids *out)
{
    if (strncmp(e, "nvidia,", 7) != 0)
        return false;
    const char *b = e + 7, *plus = strchr(b, '+');
    if (!plus || !is_part(b, (size_t)(plus - b)))
        return false;
    const char *m = plus + 1;
    size_t mn = strlen(m);
    bool super = mn == 16 && strcmp(m + 10, "-super") == 0;
    if (!is_part(m, super ? 10 : mn))
        return false;
    memcpy(out->carrier, b, 10);
    out->carrier[10] = '\0';
    memcpy(out->module, m, 10);
    out->module[10] = '\0';
    out->super = super;
    return true;
}

/* "nvidia,tegra234" / "nvidia,tegra23x": the first tegra entry. */
static bool take_soc(const char *e, jg_dt_ids *out)
{
    if (strncmp(e, "nvidia,tegra", 12) != 0 || strlen(e + 7) >= sizeof out->soc)
        return false;
    strcpy(out->soc, e + 7);
    return true;
}

void jg_dt_identify(const json_t *compatible, jg_dt_ids *out)
{
    memset(out, 0, sizeof *out);
    size_t i;
    json_t *v;
    json_array_foreach(compatible, i, v) {
        const char *e = json_string_value(v);
        if (!e)
            continue;
        if (!out->module[0])
            split_board(e, out);
        if (!out->soc[0])
            take_soc(e, out);
    }
}
