/* The one-phrase tables and their runner: every phrase can match (lower case,
 * two characters at least, since lines are matched in lower case and bucketed
 * by their first pair), and a phrase is found wherever it stands in a line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "doctor/report_phrases.h"
#include "doctor/report_text.h"

static void table_can_match(const jg_phrase *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *s = rows[i].phrase;
        assert_true(strlen(s) >= 2);
        for (const char *c = s; *c; c++)
            if (isupper((unsigned char)*c))
                fail_msg("phrase '%s' has upper case: lines are matched in lower case", s);
    }
}

static void every_phrase_can_match(void **state)
{
    (void)state;
    table_can_match(jg_phrases_lower, jg_phrases_lower_count);
    table_can_match(jg_phrases_upper, jg_phrases_upper_count);
    table_can_match(jg_phrases_project, jg_phrases_project_count);
}

/* Does LINE, fed alone, set the signal of ROW? */
static bool sets(const jg_phrase *row, const char *line)
{
    jg_tp p;
    jg_tp_init(&p);
    jg_tp_line(&p, line);
    const json_t *obs = JG_FACT_ROBJ(p.facts, observed);
    bool seen = obs && jg_obs_signal(obs, row->signal) != NULL;
    json_decref(jg_tp_finish(&p));
    return seen;
}

static void found_anywhere_in_a_line(void **state)
{
    (void)state;
    const jg_phrase *tables[] = {jg_phrases_lower, jg_phrases_upper, jg_phrases_project};
    size_t counts[] = {jg_phrases_lower_count, jg_phrases_upper_count, jg_phrases_project_count};
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
        for (size_t i = 0; i < counts[t]; i++) {
            const jg_phrase *r = &tables[t][i];
            char line[600];
            snprintf(line, sizeof line, "%s", r->phrase);
            assert_true(sets(r, line));
            snprintf(line, sizeof line, "Error at x.c:12: %s (code 7)", r->phrase);
            assert_true(sets(r, line));
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_phrase_can_match),
        cmocka_unit_test(found_anywhere_in_a_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
