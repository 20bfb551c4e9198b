/* The host's own identifying values, read where host I/O lives: what no
 * output may carry (the scrubber, evidence/sanitize.h, is told each one).
 * They are never facts: nothing here reaches the facts document. */
#ifndef JG_UTIL_HOST_IDS_H
#define JG_UTIL_HOST_IDS_H

#include "util/sysroot.h"

/* Calls fn(ctx, value, label) for the host name (gethostname() on a live
 * root, etc/hostname: "<host>") and the device-tree serial numbers (under
 * the root and, when given, a mounted device-tree directory: "<serial>"). */
void jg_host_ids(const jg_root *r, const char *mounted_dt,
                 void (*fn)(void *ctx, const char *value, const char *label), void *ctx);

#endif
