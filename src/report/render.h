/* Rendering of decisions and tables for people (text, markdown) or tools
 * (canonical JSON). Output is composed in memory first and written in one
 * go, so an error never leaves half a document on stdout. */
#ifndef JG_REPORT_RENDER_H
#define JG_REPORT_RENDER_H
#include <jansson.h>
#include <stdio.h>

typedef void (*jg_text_fn)(FILE *f, const json_t *doc);

/* Print doc to stdout: canonical JSON when json, else through text(). 0 or -1. */
int jg_render_out(const json_t *doc, int json, jg_text_fn text);

/* Text forms of "jetgate.claim/1" and "jetgate.matrix/1" documents. */
void jg_render_claim_text(FILE *f, const json_t *claim);
void jg_render_matrix_text(FILE *f, const json_t *matrix);

/* Comma-joined strings of a JSON array ("-" when empty). malloc'd. */
char *jg_render_join(const json_t *strings, const char *sep);

#endif
