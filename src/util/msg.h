/* Messages to the user: one prefix, one place, stderr only.
 * Errors read "jetgate: <what>: <why>" (DESIGN.md); progress lines are
 * silenced by --quiet; colour only on a TTY without NO_COLOR. */
#ifndef JG_MSG_H
#define JG_MSG_H
#include <stdbool.h>
#include <stdio.h>

enum jg_exit { JG_EXIT_OK = 0, JG_EXIT_NO = 1, JG_EXIT_USAGE = 2 };

extern bool jg_quiet;

void jg_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void jg_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void jg_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Usage error for subcommand cmd, the one form on one line:
 *   jetgate: <cmd>: <what is wrong> (try 'jetgate <cmd> --help')
 * Returns JG_EXIT_USAGE (2). */
int jg_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool jg_use_color(FILE *f);
/* Flush and close stdout; report a write failure (full disk, closed pipe) as exit 2. */
int jg_finish_stdout(int code);

#endif
