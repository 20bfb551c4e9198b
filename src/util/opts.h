/* The value of a long option given as "--opt VALUE" or "--opt=VALUE", for
 * the commands that walk argv themselves (facts, run). */
#ifndef JG_OPTS_H
#define JG_OPTS_H
#include <stdbool.h>

/* argv[*i] is the option name? Then its value (advancing *i past a separate
 * value); NULL otherwise, with *bad set when the value is missing. */
const char *jg_opt_value(int argc, char **argv, int *i, const char *name, bool *bad);

#endif
