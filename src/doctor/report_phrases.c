/* Runs the one-phrase tables over a line. The phrases are bucketed once by
 * their first character pair; a line is then read once, and at each position
 * only the phrases starting with that position's pair are compared. The cost
 * follows the line's length, not the number of phrases (about 400 by now). */
#include "doctor/report_phrases.h"

#include <string.h>

#include "doctor/report_scan.h"

#define JG_PHRASES_MAX 2048 /* all tables together; beyond it a phrase is never read */
#define JG_PAIRS 4096       /* JG_TP_PAIR's range */

static const struct {
    const jg_phrase *rows;
    const size_t *count;
} tables[] = {{jg_phrases_lower, &jg_phrases_lower_count},
              {jg_phrases_upper, &jg_phrases_upper_count},
              {jg_phrases_project, &jg_phrases_project_count}};

static struct {
    const jg_phrase *row;
    size_t len;
    int next; /* the next phrase with the same first pair, -1 at the end */
} entries[JG_PHRASES_MAX];
static int heads[JG_PAIRS];

static void bucket_phrases(void)
{
    int n = 0;
    memset(heads, -1, sizeof heads);
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
        for (size_t i = 0; i < *tables[t].count && n < JG_PHRASES_MAX; i++, n++) {
            const char *s = tables[t].rows[i].phrase;
            unsigned h = JG_TP_PAIR(s[0], s[1]);
            entries[n].row = &tables[t].rows[i];
            entries[n].len = strlen(s);
            entries[n].next = heads[h];
            heads[h] = n;
        }
}

size_t jg_phrases_count(void)
{
    size_t n = 0;
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
        n += *tables[t].count;
    return n;
}

const jg_phrase *jg_phrase_at(size_t i)
{
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; i -= *tables[t].count, t++)
        if (i < *tables[t].count)
            return &tables[t].rows[i];
    return NULL;
}

void jg_rx_phrases(jg_tp *p)
{
    static bool bucketed;
    if (!bucketed) {
        bucket_phrases();
        bucketed = true;
    }
    const char *l = p->lower;
    for (size_t k = 0; l[k] && l[k + 1]; k++)
        for (int e = heads[JG_TP_PAIR(l[k], l[k + 1])]; e >= 0; e = entries[e].next)
            if (strncmp(l + k, entries[e].row->phrase, entries[e].len) == 0)
                jg_tp_signal(p, entries[e].row->signal);
}
