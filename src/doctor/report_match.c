/* One line of a pasted report through every recogniser group. Matching is by
 * fixed phrases and token shapes, never by whole example lines. */
#include <string.h>

#include "doctor/report_scan.h"

void jg_match_line(jg_tp *p)
{
    if (jg_match_python(p) || strlen(p->text) < 4)
        return; /* a REPL value was consumed, or nothing shorter than "True" carries a fact */
    jg_match_platform(p);
    jg_match_errors(p);
    jg_match_containers(p);
    jg_match_env(p);
}
