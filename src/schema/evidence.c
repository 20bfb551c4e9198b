#include "schema/evidence.h"

JG_DOC_DEFINE(stmt, JG_STATEMENT_FIELDS);
JG_DOC_DEFINE(subject, JG_SUBJECT_FIELDS);
JG_DOC_DEFINE(pred, JG_PREDICATE_FIELDS);
JG_DOC_DEFINE(tool, JG_TOOL_FIELDS);
JG_DOC_DEFINE(commit, JG_COMMIT_FIELDS);
JG_DOC_DEFINE(run, JG_RUN_FIELDS);
JG_DOC_DEFINE(platform, JG_PLATFORM_FIELDS);

#define JG__PF_ROW(pfield, type, ffield, kind)                                                    \
    {(enum jgf_platform)JGF_platform_##type##_##pfield, (jg_ff)JGF_ff_FACT_##type##_##ffield, kind},
const jg_platform_fact jg_platform_facts[JG_PLATFORM_NFACTS] = {JG_PLATFORM_FACT_ROWS(JG__PF_ROW)};
#undef JG__PF_ROW
