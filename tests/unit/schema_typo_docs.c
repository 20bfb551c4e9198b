/* Compiled by ctest schema/doc_*: builds as is, and must NOT build with any
 * one of the JG_TYPO_* macros defined (a misspelled field, or a field read
 * or written as the wrong type, in the probe result, CUDA error, check,
 * evidence and platform tables). Not a test_*.c file: it is never linked. */
#include "schema/check.h"
#include "schema/evidence.h"
#include "schema/probe.h"

long long read_fields(const json_t *probe, const json_t *check, const json_t *pred);
long long read_fields(const json_t *probe, const json_t *check, const json_t *pred)
{
    long long n = 0;
#if defined(JG_TYPO_PROBE_NAME)
    n += JG_STR(probe, probe, reasn) != NULL;
#elif defined(JG_TYPO_PROBE_TYPE)
    n += JG_INT(probe, probe, reason, 0);
#elif defined(JG_TYPO_CUDA_ERROR_NAME)
    n += JG_INT(cuerr, JG_OBJ(probe, probe, cuda_error), cod, 0);
#elif defined(JG_TYPO_CUDA_ERROR_TYPE)
    n += JG_STR(cuerr, JG_OBJ(probe, probe, cuda_error), code) != NULL;
#elif defined(JG_TYPO_CHECK_NAME)
    n += JG_BOOL(check, check, requird);
#elif defined(JG_TYPO_CHECK_TYPE)
    n += JG_STR(check, check, required) != NULL;
#elif defined(JG_TYPO_CHECK_SET_TYPE)
    JG_SET_STR(check, (json_t *)check, duration_s, "1.0");
#elif defined(JG_TYPO_EVIDENCE_NAME)
    n += JG_STR(pred, pred, finshed_at) != NULL;
#elif defined(JG_TYPO_PLATFORM_TYPE)
    n += JG_STR(platform, JG_OBJ(pred, pred, platform), driver_version) != NULL;
#else
    n += JG_STR(probe, probe, reason) != NULL;
    n += JG_INT(cuerr, JG_OBJ(probe, probe, cuda_error), code, 0);
    n += JG_BOOL(check, check, required);
    JG_SET_NUM(check, (json_t *)check, duration_s, 1.0);
    n += JG_STR(pred, pred, finished_at) != NULL;
    n += JG_INT(platform, JG_OBJ(pred, pred, platform), driver_version, 0);
#endif
    return n;
}
