#include "util/proc_stat.h"

#include <fcntl.h>
#include <unistd.h>

/* A decimal field at *p, moving p past it and one space; -1 when none. */
static long field(const char **p)
{
    long v = 0;
    const char *s = *p;
    if (*s < '0' || *s > '9')
        return -1;
    for (; *s >= '0' && *s <= '9' && v < 100000000; s++)
        v = v * 10 + (*s - '0');
    if (*s != ' ')
        return -1;
    *p = s + 1;
    return v;
}

int jg_proc_stat_ids(const char *pid, pid_t *ppid, pid_t *pgrp)
{
    char path[64] = "/proc/", buf[512];
    size_t k = 6;
    for (const char *p = pid; *p && k < sizeof path - 8; p++)
        path[k++] = *p;
    for (const char *p = "/stat"; *p; p++)
        path[k++] = *p;
    path[k] = '\0';
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    /* the command name may hold spaces and parentheses: the state follows
     * the last ')' */
    const char *close_paren = NULL;
    for (const char *p = buf; *p; p++)
        if (*p == ')')
            close_paren = p;
    if (!close_paren || close_paren[1] != ' ' || !close_paren[2] || close_paren[3] != ' ')
        return -1;
    const char *p = close_paren + 4;
    long parent = field(&p), group = field(&p);
    if (parent < 0 || group < 0)
        return -1;
    *ppid = (pid_t)parent;
    *pgrp = (pid_t)group;
    return 0;
}
