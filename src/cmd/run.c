/* Placeholder until the issue that owns 'jetgate run' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_run(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("run: not implemented yet");
    return JG_EXIT_USAGE;
}
