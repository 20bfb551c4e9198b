/* What a child leaves behind outside its process group. A hook may start a
 * process in a new session (setsid, start_new_session=True), which the group
 * kill of util/spawn.c and util/cleanup.c never reaches. jetgate is a child
 * subreaper (PR_SET_CHILD_SUBREAPER), so such a process, once its parent has
 * gone, becomes jetgate's child instead of init's; jg_adopted_kill ends it.
 * A SIGKILL of jetgate itself cannot be caught: what was adopted then goes to
 * init (docs/threat-model.md says so). */
#ifndef JG_ADOPTED_H
#define JG_ADOPTED_H

/* Become a child subreaper; once, at start (jg_cleanup_init). */
void jg_adopt_orphans(void);

/* SIGKILL and reap every process whose parent is jetgate other than keep
 * (a child still being supervised; 0 for none), pass after pass while any
 * is found, since each one's own children are adopted in turn. Returns how
 * many were ended. Async-signal-safe: raw syscalls only. */
int jg_adopted_kill(int keep);

#endif
