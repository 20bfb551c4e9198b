/* Small string helpers every stage needs, written once. */
#ifndef JG_UTIL_STRS_H
#define JG_UTIL_STRS_H
#include <stdbool.h>

/* Is s one of the strings of list (NULL-terminated)? false for a NULL s. */
bool jg_str_in(const char *const *list, const char *s);

#endif
