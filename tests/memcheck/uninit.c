/* Preloaded into jetgate by tests/memcheck/selftest.sh only: uninitialised
 * heap bytes handed to a system call, and a block lost at once, the two kinds
 * of error tests/memcheck/memcheck.sh must report. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void jg_memcheck_bad(void)
{
    char *p = malloc(16);
    int fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (p && fd >= 0 && write(fd, p, 16) < 0)
        _exit(3);
    if (fd >= 0)
        close(fd);
    p = malloc(32);
}
