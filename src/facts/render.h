/* Human rendering of the facts document, grouped like jetson_release. */
#ifndef JG_FACTS_RENDER_H
#define JG_FACTS_RENDER_H
#include <jansson.h>
#include <stdio.h>

void jg_facts_print_text(FILE *f, const json_t *doc);
/* One fact as text: the value, or "not installed", "unknown (why)",
 * "unreadable (Permission denied)", ... written into buf. */
const char *jg_fact_text(const json_t *fact, const char *missing_text, char *buf, size_t size);

#endif
