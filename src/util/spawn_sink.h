/* A child's output pipe read into a capped buffer (internal to util/spawn.c).
 * Past the cap the first half is kept and the second half keeps the LAST
 * bytes: a hook's verdict and an interpreter's exception are at the end of
 * its output, however much it printed before. */
#ifndef JG_SPAWN_SINK_H
#define JG_SPAWN_SINK_H
#include <stdbool.h>
#include <stddef.h>

typedef struct jg_sink {
    int fd;        /* -1 once closed */
    char *buf;     /* cap + 1 bytes, or NULL: drain without keeping */
    size_t len, cap;
    bool truncated;
    size_t ring;   /* once truncated: next write position in the tail half */
} jg_sink;

void jg_sink_init(jg_sink *s, int fd, size_t cap);
/* One read(); closes fd at EOF or error. Always drains, so the child never blocks. */
void jg_sink_read(jg_sink *s);
/* Closes fd, puts the kept bytes in order, NUL-terminates; returns the buffer (caller frees). */
char *jg_sink_finish(jg_sink *s, size_t *len, bool *truncated);

#endif
