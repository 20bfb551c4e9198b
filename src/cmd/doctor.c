/* Placeholder until the issue that owns 'jetgate doctor' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_doctor(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("doctor: not implemented yet");
    return JG_EXIT_USAGE;
}
