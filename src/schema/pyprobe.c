#include "schema/pyprobe.h"

JG_DOC_DEFINE(pyprobe, JG_PYPROBE_FIELDS);
JG_DOC_DEFINE(cprobe, JG_CPROBE_FIELDS);
