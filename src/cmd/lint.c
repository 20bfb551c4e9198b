/* Placeholder until the issue that owns 'jetgate lint' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_lint(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("lint: not implemented yet");
    return JG_EXIT_USAGE;
}
