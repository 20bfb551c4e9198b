/* The human checklist for a diagnosis, in the spirit of `flutter doctor`:
 * one line per layer (✓ ok, ! warning or not verified, ✗ error; ASCII
 * [ok] [!] [x] when the locale is not UTF-8), details under -v, a summary. */
#ifndef JG_DOCTOR_RENDER_H
#define JG_DOCTOR_RENDER_H
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

/* title: the first line ("jetgate doctor", "jetgate triage"). */
void jg_render_checklist(FILE *f, const char *title, const json_t *diagnosis, bool verbose,
                         bool utf8);
/* True when the current locale's character set is UTF-8. */
bool jg_locale_utf8(void);

#endif
