/* LD_PRELOAD shim for crash-consistency tests: counts the file-system calls
 * that write evidence (open for writing, write, fsync, rename, close) and
 * SIGKILLs the process at call number JG_KILL_AT. Walking JG_KILL_AT from 1
 * upwards kills the program at every such point in turn. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

static long calls;

static void tick(void)
{
    static long kill_at = -1;
    if (kill_at < 0) {
        const char *s = getenv("JG_KILL_AT");
        kill_at = s ? atol(s) : 0;
    }
    if (kill_at > 0 && ++calls == kill_at)
        raise(SIGKILL);
}

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

ssize_t write(int fd, const void *buf, size_t n)
{
    if (fd > 2)
        tick();
    return NEXT(write)(fd, buf, n);
}

int fsync(int fd)
{
    tick();
    return NEXT(fsync)(fd);
}

int rename(const char *a, const char *b)
{
    tick();
    return NEXT(rename)(a, b);
}

int mkstemp(char *tmpl)
{
    tick();
    return NEXT(mkstemp)(tmpl);
}
