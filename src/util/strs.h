/* Small string helpers every stage needs, written once. */
#ifndef JG_UTIL_STRS_H
#define JG_UTIL_STRS_H
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* Is s one of the strings of list (NULL-terminated)? false for a NULL s. */
bool jg_str_in(const char *const *list, const char *s);

/* In a printf-like function: its arguments after fmt, formatted into the
 * array buf (cut to its size). va_start must run in the function itself,
 * hence a macro. */
#define JG_FORMAT_VARGS(buf, fmt)                                                                 \
    do {                                                                                          \
        va_list jg_ap_;                                                                           \
        va_start(jg_ap_, fmt);                                                                    \
        vsnprintf((buf), sizeof(buf), (fmt), jg_ap_);                                             \
        va_end(jg_ap_);                                                                           \
    } while (0)

#endif
