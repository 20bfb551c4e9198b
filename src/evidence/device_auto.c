#include "evidence/device_auto.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool jg_device_auto_is_cuda(const char *out, char *got, size_t n)
{
    const char *end = out ? out + strlen(out) : NULL;
    while (end && end > out && isspace((unsigned char)end[-1]))
        end--;
    const char *start = end;
    while (start && start > out && start[-1] != '\n')
        start--;
    while (start && start < end && isspace((unsigned char)*start))
        start++;
    snprintf(got, n, "%.*s", start ? (int)(end - start) : 0, start ? start : "");
    if (strcmp(got, "cuda") == 0)
        return true;
    if (strncmp(got, "cuda:", 5) != 0 || !got[5])
        return false;
    for (const char *p = got + 5; *p; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    return true;
}
