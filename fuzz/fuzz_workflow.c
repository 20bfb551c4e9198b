/* Workflow lint input: the YAML tree builder (aliases, duplicate keys, depth,
 * node budget) and every rule over it, with the embedded default policy. */
#include <stddef.h>
#include <stdint.h>

#include "lint/lint.h"
#include "policy/policy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static json_t *policy;
    if (!policy) {
        jg_jerr err;
        policy = jg_policy_load(NULL, &err);
        if (!policy)
            __builtin_trap();
    }
    char err[512];
    jg_ynode *root = jg_yaml_parse((const char *)data, size, "fuzz.yml", err, sizeof err);
    if (root) {
        jg_findings f = {0};
        jg_lint_workflow(policy, "fuzz.yml", root, &f);
        jg_findings_free(&f);
        jg_yaml_free(root);
    }
    return 0;
}
