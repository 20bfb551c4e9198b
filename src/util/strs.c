#include "util/strs.h"

#include <string.h>

bool jg_str_in(const char *const *list, const char *s)
{
    for (size_t i = 0; s && list && list[i]; i++)
        if (strcmp(list[i], s) == 0)
            return true;
    return false;
}
