/* PEP 508 environment markers, evaluated for the Jetson the constraints are
 * for (aarch64 Linux, CPython, the probed Python version), so a requirement
 * line meant only for x86_64 or macOS is not taken as replacing the vendor
 * torch, and one that applies here is never skipped. */
#ifndef JG_MARKER_H
#define JG_MARKER_H

/* 1 applies, 0 does not, -1 cannot be evaluated (unknown variable, bad
 * syntax: callers then treat the line as applying). python_version is
 * "3.10.12" or NULL (then version comparisons cannot be evaluated). */
int jg_marker_eval(const char *marker, const char *python_version);

#endif
