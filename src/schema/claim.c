#include "schema/claim.h"

JG_DOC_DEFINE(claim, JG_CLAIM_FIELDS);
JG_DOC_DEFINE(reason, JG_REASON_FIELDS);
JG_DOC_DEFINE(verdict, JG_VERDICT_FIELDS);
