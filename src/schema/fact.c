#include "schema/fact.h"

JG_DOC_DEFINE(fact, JG_FACT_MEMBER_FIELDS);
