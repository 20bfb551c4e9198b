/* The phrase index (generated from src/doctor/knowledge) and its runner: every
 * phrase can match (lower case, two characters at least, since lines are
 * matched in lower case and indexed by their first pair), it sits in its
 * pair's run of the index, and a phrase is found wherever it stands in a line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "doctor/triage/report_phrases.h"
#include "doctor/triage/report_text.h"

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
    assert_true(jg_phrases_count > 600);
    table_can_match(jg_phrases, jg_phrases_count);
}

static void index_runs_by_pair(void **state)
{
    (void)state;
    assert_int_equal(jg_phrase_first[0], 0);
    assert_int_equal(jg_phrase_first[JG_TP_PAIRS], jg_phrases_count);
    for (unsigned h = 0; h < JG_TP_PAIRS; h++)
        for (unsigned e = jg_phrase_first[h]; e < jg_phrase_first[h + 1]; e++) {
            assert_int_equal(JG_TP_PAIR(jg_phrases[e].phrase[0], jg_phrases[e].phrase[1]), h);
            assert_int_equal(jg_phrases[e].len, strlen(jg_phrases[e].phrase));
        }
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
    for (size_t i = 0; i < jg_phrases_count; i++) {
        const jg_phrase *r = &jg_phrases[i];
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
        cmocka_unit_test(index_runs_by_pair),
        cmocka_unit_test(found_anywhere_in_a_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
