/* Placeholder until the issue that owns 'jetgate matrix' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_matrix(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("matrix: not implemented yet");
    return JG_EXIT_USAGE;
}
