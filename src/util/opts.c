#include "util/opts.h"

#include <stddef.h>
#include <string.h>

const char *jg_opt_value(int argc, char **argv, int *i, const char *name, bool *bad)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *bad = true;
        return NULL;
    }
    return argv[++*i];
}
