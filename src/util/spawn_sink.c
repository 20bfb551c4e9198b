#include "util/spawn_sink.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void jg_sink_init(jg_sink *s, int fd, size_t cap)
{
    memset(s, 0, sizeof *s);
    s->fd = fd;
    s->cap = cap < 2 ? 2 : cap;
    s->buf = malloc(s->cap + 1);
    if (!s->buf)
        s->cap = 0;
}

static void put(jg_sink *s, const char *p, size_t n)
{
    size_t half = s->cap / 2, tail = s->cap - half;
    while (n > 0 && s->cap > 0) {
        if (!s->truncated) {
            size_t take = s->cap - s->len < n ? s->cap - s->len : n;
            memcpy(s->buf + s->len, p, take);
            s->len += take;
            p += take;
            n -= take;
            if (n > 0)
                s->truncated = true; /* the tail half now turns into a ring */
            continue;
        }
        size_t take = tail - s->ring < n ? tail - s->ring : n;
        memcpy(s->buf + half + s->ring, p, take);
        s->ring = (s->ring + take) % tail;
        p += take;
        n -= take;
    }
}

void jg_sink_read(jg_sink *s)
{
    char tmp[16384];
    ssize_t n = read(s->fd, tmp, sizeof tmp);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        close(s->fd);
        s->fd = -1;
        return;
    }
    put(s, tmp, (size_t)n);
}

static void reverse(char *a, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        char t = a[i];
        a[i] = a[n - 1 - i];
        a[n - 1 - i] = t;
    }
}

char *jg_sink_finish(jg_sink *s, size_t *len, bool *truncated)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
    *len = s->len;
    *truncated = s->truncated;
    if (!s->buf)
        return NULL;
    if (s->truncated && s->ring > 0) {
        /* Rotate the tail half left by ring: its oldest byte first. */
        char *t = s->buf + s->cap / 2;
        size_t tail = s->cap - s->cap / 2;
        reverse(t, s->ring);
        reverse(t + s->ring, tail - s->ring);
        reverse(t, tail);
    }
    s->buf[s->len] = '\0';
    return s->buf;
}
