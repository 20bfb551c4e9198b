/* Runs the phrase index (report_phrases.h) over a line: a line is read once, and
 * at each position only the phrases starting with that position's character
 * pair are compared, so the cost follows the line's length, not the number of
 * phrases. The index is built at build time: no state here, no cap. */
#include "doctor/triage/report_phrases.h"

#include <string.h>

#include "doctor/triage/report_scan.h"

void jg_rx_phrases(jg_tp *p)
{
    const char *l = p->lower;
    for (size_t k = 0; l[k] && l[k + 1]; k++) {
        unsigned h = JG_TP_PAIR(l[k], l[k + 1]);
        for (unsigned e = jg_phrase_first[h]; e < jg_phrase_first[h + 1]; e++)
            if (strncmp(l + k, jg_phrases[e].phrase, jg_phrases[e].len) == 0)
                jg_tp_signal(p, jg_phrases[e].signal);
    }
}
