/* Compiled by ctest schema/typo_*: builds as is, and must NOT build with
 * -DJG_TYPO_NAME (a misspelled field) or -DJG_TYPO_TYPE (a BOOL read as a
 * STR). Not a test_*.c file: it is never linked. */
#include "schema/facts.h"

const char *read_field(const json_t *facts);
const char *read_field(const json_t *facts)
{
#if defined(JG_TYPO_NAME)
    return JG_FACT_STR(facts, l4t_verison);
#elif defined(JG_TYPO_TYPE)
    return JG_FACT_STR(facts, jetson_is_jetson);
#else
    return JG_FACT_STR(facts, l4t_version);
#endif
}
