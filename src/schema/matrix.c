#include "schema/matrix.h"

JG_DOC_DEFINE(matrix, JG_MATRIX_FIELDS);
JG_DOC_DEFINE(mrow, JG_MATRIX_ROW_FIELDS);
