/* One entry point per subcommand; src/main.c holds the table. Each takes
 * argv with argv[0] = the subcommand name and returns the exit code. */
#ifndef JG_CMD_H
#define JG_CMD_H

int cmd_facts(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_triage(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_claim(int argc, char **argv);
int cmd_matrix(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_constraints(int argc, char **argv);
int cmd_lint(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_init(int argc, char **argv);
int cmd_policy(int argc, char **argv);

#endif
