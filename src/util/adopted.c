#define _GNU_SOURCE
#include "util/adopted.h"

#include "util/cleanup.h"
#include "util/proc_stat.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* A bound on passes: a process that forks faster than it is killed cannot
 * keep jetgate here for ever. */
#define MAX_PASSES 64

struct dirent64_raw {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

void jg_adopt_orphans(void)
{
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

static long parse_pid(const char *s)
{
    long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > 100000000)
            return -1;
        v = v * 10 + (*s - '0');
    }
    return v;
}

/* The parent of the /proc entry name; -1 when unknown. */
static long parent_of(const char *name)
{
    pid_t ppid, pgrp;
    return jg_proc_stat_ids(name, &ppid, &pgrp) == 0 ? (long)ppid : -1;
}

/* One pass over /proc: kill and reap each adopted process; how many. */
static int one_pass(pid_t self, int keep)
{
    int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buf[4096] __attribute__((aligned(8)));
    int found = 0;
    long n;
    while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
        for (long off = 0; off < n;) {
            const struct dirent64_raw *d = (const void *)(buf + off);
            off += d->d_reclen;
            long pid = parse_pid(d->d_name);
            /* a child still supervised (its group on the cleanup list) is
             * not an orphan: it runs beside the one just reaped */
            if (pid <= 0 || pid == keep || jg_cleanup_has_group((pid_t)pid) ||
                parent_of(d->d_name) != (long)self)
                continue;
            kill((pid_t)pid, SIGKILL);
            while (waitpid((pid_t)pid, NULL, 0) < 0 && errno == EINTR)
                ;
            found++;
        }
    close(fd);
    return found;
}

int jg_adopted_kill(int keep)
{
    pid_t self = getpid();
    int total = 0;
    for (int pass = 0; pass < MAX_PASSES; pass++) {
        int found = one_pass(self, keep);
        if (!found)
            break;
        total += found;
    }
    return total;
}
