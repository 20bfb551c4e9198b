#include "util/msg.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool jg_quiet = false;

__attribute__((format(printf, 2, 0))) static void vreport(const char *kind, const char *fmt, va_list ap)
{
    fputs("jetgate: ", stderr);
    if (kind)
        fputs(kind, stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void jg_err(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(NULL, fmt, ap);
    va_end(ap);
}

void jg_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("warning: ", fmt, ap);
    va_end(ap);
}

void jg_progress(const char *fmt, ...)
{
    if (jg_quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vreport(NULL, fmt, ap);
    va_end(ap);
}

int jg_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "jetgate: %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (try 'jetgate %s --help')\n", cmd);
    return JG_EXIT_USAGE;
}

bool jg_use_color(FILE *f)
{
    const char *no = getenv("NO_COLOR");
    if (no && *no)
        return false;
    return isatty(fileno(f)) == 1;
}

int jg_finish_stdout(int code)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        jg_err("writing output failed: %s", strerror(errno));
        return JG_EXIT_USAGE;
    }
    return code;
}
