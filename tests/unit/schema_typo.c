/* Compiled by ctest schema/...: builds as is (schema/field_ok), and must NOT
 * build with -DJG_TYPO=<expression> naming a misspelled field, member or
 * signal, or one read as the wrong type (schema/typo_*; the expressions are
 * listed in tests/CMakeLists.txt). Not a test_*.c file: it is never linked. */
#include "schema/doctor.h"
#include "schema/facts.h"
#include "schema/observed.h"

int read_fields(const json_t *doc);
int read_fields(const json_t *doc)
{
    int n = 0;
#ifdef JG_TYPO
    n += !!(JG_TYPO);
#endif
    /* each accessor, spelled right */
    n += !!JG_FACT_STR(doc, l4t_version) + !!JG_FACT_RSTR(doc, python_torch_version);
    n += !!JG_ITEM_STR(JG_OBS_LIST(doc, images), ref) + !!jg_obs_signal(doc, JG_SIG_numpy_abi);
    n += !!JG_FINDING_STR(doc, summary) + JG_RESULT_BOOL(doc, healthy);
    return n;
}
