/* Placeholder until the issue that owns 'jetgate constraints' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_constraints(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("constraints: not implemented yet");
    return JG_EXIT_USAGE;
}
