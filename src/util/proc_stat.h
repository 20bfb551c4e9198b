/* The parent and process group of a process, from /proc/PID/stat
 * ("pid (comm) S ppid pgrp ..."). One reader for the orphan reaper
 * (util/adopted.c, which may run in a signal handler) and the keeper's
 * group sweep (util/spawn_child.c). */
#ifndef JG_PROC_STAT_H
#define JG_PROC_STAT_H
#include <sys/types.h>

/* 0 with *ppid and *pgrp set, -1 when the process is gone or the line is
 * not as expected. pid is the decimal name of a /proc entry ("1234").
 * Async-signal-safe: open, read and close only; no stdio, no allocation. */
int jg_proc_stat_ids(const char *pid, pid_t *ppid, pid_t *pgrp);

#endif
