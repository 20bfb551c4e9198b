/* jetgate triage --reply: a maintainer-ready Markdown reply (doctor/reply.c). */
#ifndef JG_DOCTOR_REPLY_H
#define JG_DOCTOR_REPLY_H
#include <jansson.h>
#include <stdio.h>

/* d: jg_diagnose's result; facts: the facts the report gave. */
void jg_render_reply(FILE *out, const json_t *d, const json_t *facts);

#endif
