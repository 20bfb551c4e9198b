/* var/lib/dpkg/status: RFC 822 stanzas separated by blank lines. Only
 * packages whose Status is "install ok installed" count: a removed package
 * leaves a "deinstall ok config-files" stanza behind. */
#include <string.h>

#include "facts/parsers.h"
#include "facts/text.h"

typedef struct stanza {
    char package[128], version[128];
    bool installed, bad;
} stanza;

static void field(stanza *st, jg_line l)
{
    if (jg_starts(l, "Package:")) {
        jg_line v = jg_trim((jg_line){l.s + 8, l.n - 8});
        if (!jg_printable(v) || !jg_copy(v, st->package, sizeof st->package))
            st->bad = true;
    } else if (jg_starts(l, "Version:")) {
        jg_line v = jg_trim((jg_line){l.s + 8, l.n - 8});
        if (!jg_printable(v) || !jg_copy(v, st->version, sizeof st->version))
            st->bad = true;
    } else if (jg_starts(l, "Status:")) {
        jg_line v = jg_trim((jg_line){l.s + 7, l.n - 7});
        st->installed = v.n == 20 && memcmp(v.s, "install ok installed", 20) == 0;
    }
}

static void finish(stanza *st, bool (*want)(const char *), json_t *out, int *seen)
{
    if (st->package[0])
        (*seen)++;
    if (!st->bad && st->installed && st->package[0] && st->version[0] && want(st->package) &&
        !json_object_get(out, st->package))
        json_object_set_new(out, st->package, json_string(st->version));
    memset(st, 0, sizeof *st);
}

const char *jg_parse_dpkg_status(const char *text, size_t len, bool (*want)(const char *name),
                                 json_t *out)
{
    if (jg_find_nul(text, len) >= 0)
        return "NUL byte in the file";
    stanza st;
    memset(&st, 0, sizeof st);
    int seen = 0;
    size_t pos = 0;
    jg_line l;
    while (jg_next_line(text, len, &pos, &l)) {
        if (jg_trim(l).n == 0)
            finish(&st, want, out, &seen);
        else if (l.s[0] != ' ' && l.s[0] != '\t') /* continuation lines belong to Description */
            field(&st, l);
    }
    finish(&st, want, out, &seen);
    if (seen == 0 && len > 0)
        return "no 'Package:' field in the file";
    return NULL;
}
