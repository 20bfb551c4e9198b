/* Signed evidence (docs/schema.md "Signed evidence"): the in-toto
 * test-result predicate jetgate writes for `actions/attest` to sign
 * (`jetgate run --predicate FILE`, src/gate/predicate.c), and what
 * `gh attestation verify --format json` prints about a verified
 * attestation, as `jetgate claim --attestation` reads it
 * (src/policy/attest_verify.c). Field tables (schema/doc.h). */
#ifndef JG_SCHEMA_ATTEST_H
#define JG_SCHEMA_ATTEST_H
#include "schema/doc.h"

/* https://in-toto.io/attestation/test-result/v0.1 (in-toto/attestation,
 * spec/predicates/test-result.md): result is PASSED, WARNED or FAILED,
 * configuration is required, the test lists are optional. */
#define JG_TEST_RESULT_TYPE "https://in-toto.io/attestation/test-result/v0.1"
#define JG_TEST_RESULT_FIELDS(X, P)                                                              \
    X(P, result, "result", STR)                                                                   \
    X(P, configuration, "configuration", OBJS)                                                    \
    X(P, url, "url", STR)                                                                         \
    X(P, passed, "passedTests", STRS)                                                             \
    X(P, warned, "warnedTests", STRS)                                                             \
    X(P, failed, "failedTests", STRS)
JG_DOC_DECLARE(testres, JG_TEST_RESULT_FIELDS);

/* One configuration entry: an in-toto ResourceDescriptor. */
#define JG_RESOURCE_FIELDS(X, P)                                                                 \
    X(P, name, "name", STR)                                                                       \
    X(P, sha256, "digest.sha256", STR)
JG_DOC_DECLARE(resource, JG_RESOURCE_FIELDS);

/* One element of the array `gh attestation verify --format json` prints
 * (cli/cli pkg/cmd/attestation/verification: AttestationProcessingResult
 * {attestation, verificationResult}; verificationResult is sigstore-go's
 * verify.VerificationResult). */
#define JG_GH_RESULT_FIELDS(X, P)                                                                \
    X(P, verification, "verificationResult", OBJ)                                                 \
    X(P, statement, "verificationResult.statement", OBJ)                                          \
    X(P, predicate_type, "verificationResult.statement.predicateType", STR)                       \
    X(P, subjects, "verificationResult.statement.subject", OBJS)                                  \
    X(P, result, "verificationResult.statement.predicate.result", STR)                            \
    X(P, certificate, "verificationResult.signature.certificate", OBJ)
JG_DOC_DECLARE(ghres, JG_GH_RESULT_FIELDS);

/* One subject of the statement. */
#define JG_GH_SUBJECT_FIELDS(X, P)                                                               \
    X(P, name, "name", STR)                                                                       \
    X(P, sha256, "digest.sha256", STR)
JG_DOC_DECLARE(ghsubj, JG_GH_SUBJECT_FIELDS);

/* The Fulcio certificate's summary (sigstore-go certificate.Summary and
 * Extensions); for GitHub Actions Fulcio fills them from the OIDC token
 * (sigstore/fulcio config/identity/config.yaml): buildSignerURI is
 * https://github.com/<job_workflow_ref> (the reusable workflow, at the ref
 * the caller's uses: names), buildSignerDigest its job_workflow_sha,
 * sourceRepositoryURI/Digest the caller's repository and github.sha,
 * runInvocationURI .../actions/runs/<id>/attempts/<n>, runnerEnvironment
 * github-hosted or self-hosted. */
#define JG_GH_CERT_FIELDS(X, P)                                                                  \
    X(P, issuer, "issuer", STR)                                                                   \
    X(P, signer_uri, "buildSignerURI", STR)                                                       \
    X(P, signer_digest, "buildSignerDigest", STR)                                                 \
    X(P, runner, "runnerEnvironment", STR)                                                        \
    X(P, source_uri, "sourceRepositoryURI", STR)                                                  \
    X(P, source_digest, "sourceRepositoryDigest", STR)                                            \
    X(P, source_ref, "sourceRepositoryRef", STR)                                                  \
    X(P, run_uri, "runInvocationURI", STR)
JG_DOC_DECLARE(ghcert, JG_GH_CERT_FIELDS);

#endif
