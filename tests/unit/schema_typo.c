/* Compiled by ctest schema/...: builds as is (schema/fields_ok), and must
 * NOT build with -DJG_TYPO=<expression> naming a misspelled field, member
 * or signal, or one read or written as the wrong type, in any field table
 * of src/schema/ (schema/typo_*; the expressions are listed in
 * tests/CMakeLists.txt, and each test passes only when the compiler calls
 * the name undeclared). Every table has its right spelling below, so a
 * typo test fails for its typo and nothing else. Not a test_*.c file: it is
 * never linked. */
#include "schema/check.h"
#include "schema/claim.h"
#include "schema/doctor.h"
#include "schema/evidence.h"
#include "schema/fact.h"
#include "schema/facts.h"
#include "schema/matrix.h"
#include "schema/observed.h"
#include "schema/policy.h"
#include "schema/probe.h"
#include "schema/pyprobe.h"

long long read_fields(const json_t *doc, json_t *w);
long long read_fields(const json_t *doc, json_t *w)
{
    long long n = 0;
#ifdef JG_TYPO
    n += !!(JG_TYPO);
#endif
    /* plain documents (schema/probe.h, check.h, evidence.h, pyprobe.h, fact.h) */
    n += !!JG_STR(probe, doc, reason) + !!JG_OBJS(probes, doc, probes);
    n += JG_INT(cuerr, doc, code, 0) + !!JG_STR(cudev, doc, name);
    n += JG_BOOL(check, doc, required) + JG_SET_NUM(check, w, duration_s, 1.0);
    n += JG_INT(checkm, doc, tests, 0) + JG_INT(counts, doc, total, 0);
    n += !!JG_STR(stmt, doc, predicate_type) + !!JG_STR(subject, doc, git_commit);
    n += !!JG_STR(pred, doc, finished_at) + !!JG_STR(tool, doc, version);
    n += JG_BOOL(commit, doc, dirty) + !!JG_STRS(run, doc, runner_labels);
    n += JG_INT(platform, doc, driver_version, 0) + !!JG_STR(pyprobe, doc, torch_version);
    n += !!JG_STRS(cprobe, doc, torch_cuda_libraries) + !!JG_STR(fact, doc, status);
    /* the facts document (schema/facts.h): facts, plain values, gpu.nodes */
    n += !!JG_FACT_STR(doc, l4t_version) + !!JG_FACT_RSTR(doc, python_torch_version);
    n += !!JG_GPU_NODE_STR(doc, path);
    /* observed (schema/observed.h) */
    n += !!JG_OBS_LIST(doc, images) + JG_DOCKER_BOOL(doc, build) + !!JG_ITEM_STR(doc, soname);
    n += JG_ITEM_SET_INT(w, major, 8) + !!jg_obs_signal(doc, JG_SIG_numpy_abi);
    n += !!JG_PATH(obs, docker);
    /* the doctor's documents (schema/doctor.h) */
    n += !!JG_FINDING_STR(doc, summary) + JG_RESULT_BOOL(doc, healthy);
    n += !!JG_LAYER_ENTRY_STR(doc, status) + !!JG_EXPERIMENT_STR(doc, detail);
    n += JG_INT(input, doc, bytes, 0);
    /* the policy, the claim decision and the matrix (schema/policy.h, claim.h, matrix.h) */
    n += JG_INT(policy, doc, max_age_days, 0) + !!JG_STRS(gate, doc, triggers);
    n += !!JG_STR(hook, doc, command) + !!JG_STR(tier, doc, compute_capability);
    n += !!JG_STR(pin, doc, sha256) + !!JG_STR(waiver, doc, expires);
    n += JG_BOOL(claim, doc, claimable) + JG_SET_BOOL(claim, w, claimable, true);
    n += !!JG_STR(reason, doc, text);
    n += JG_BOOL(verdict, doc, accepted);
    n += JG_INT(matrix, doc, retention_days, 0) + !!JG_STRS(mrow, doc, recommended_labels);
    return n;
}
