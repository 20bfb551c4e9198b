/* Runs the one-phrase tables over a line. Each phrase's first and last
 * character pair are hashed once: the tables run on every line of a paste, and
 * most lines lack one of the two pairs, so strstr runs for few phrases. */
#include "doctor/report_phrases.h"

#include <string.h>

#include "doctor/report_scan.h"

typedef struct {
    unsigned short first, last;
} pair_index;

static const struct {
    const jg_phrase *rows;
    const size_t *count;
} tables[] = {{jg_phrases_lower, &jg_phrases_lower_count},
              {jg_phrases_upper, &jg_phrases_upper_count}};

#define JG_PHRASES_MAX 1024 /* per table; a longer table runs unfiltered */

/* The index of table T, built on first use; NULL when the table is too long. */
static const pair_index *index_of(size_t t)
{
    static pair_index built[sizeof tables / sizeof tables[0]][JG_PHRASES_MAX];
    static bool ready[sizeof tables / sizeof tables[0]];
    size_t n = *tables[t].count;
    if (n > JG_PHRASES_MAX)
        return NULL;
    pair_index *ix = built[t];
    if (ready[t])
        return ix;
    for (size_t i = 0; i < n; i++) {
        const char *s = tables[t].rows[i].phrase;
        size_t len = strlen(s);
        ix[i].first = (unsigned short)JG_TP_PAIR(s[0], s[1]);
        ix[i].last = (unsigned short)JG_TP_PAIR(s[len - 2], s[len - 1]);
    }
    ready[t] = true;
    return ix;
}

static bool has_pair(const jg_tp *p, unsigned h)
{
    return (p->pairs[h >> 3] >> (h & 7)) & 1u;
}

void jg_rx_phrases(jg_tp *p)
{
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        const pair_index *ix = index_of(t);
        for (size_t i = 0; i < *tables[t].count; i++)
            if ((!ix || (has_pair(p, ix[i].first) && has_pair(p, ix[i].last))) &&
                strstr(p->lower, tables[t].rows[i].phrase))
                jg_tp_signal(p, tables[t].rows[i].signal);
    }
}
