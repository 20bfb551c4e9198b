/* Dotted version numbers ("36.4.3", "12.6", "9.3.0.75"), parsed in one place
 * for every stage: L4T and JetPack releases, CUDA/cuDNN/TensorRT versions,
 * schema versions, the release segment of a PEP 440 version (install/pep440.c
 * adds PEP 440's pre/post/dev/local rules on top) and policy version patterns. */
#ifndef JG_UTIL_VERSION_H
#define JG_UTIL_VERSION_H
#include <stdbool.h>
#include <stddef.h>

#define JG_DOTTED_PARTS 8

typedef struct jg_dotted {
    int n;                       /* parts seen (may exceed JG_DOTTED_PARTS) */
    long part[JG_DOTTED_PARTS];  /* the first JG_DOTTED_PARTS of them */
    size_t widest;               /* digits of the longest part */
} jg_dotted;

/* The dotted number at the very start of s: digits ('.' digits)*; a trailing
 * dot is not part of it. Returns the length consumed, 0 when s does not start
 * with a digit (then v->n is 0). v may be NULL. */
size_t jg_dotted_parse(const char *s, jg_dotted *v);
/* s is exactly a dotted number of min_parts..max_parts parts, none longer than
 * 9 digits (so every part fits an int). v may be NULL. */
bool jg_dotted_exact(const char *s, int min_parts, int max_parts, jg_dotted *v);
/* Part k (0 = major) of the dotted number at the start of s; -1 when s is
 * NULL, does not start with a digit, or has no such part. */
long jg_dotted_part(const char *s, int k);
/* <0, 0, >0; missing parts count as 0 ("12.6" == "12.6.0"). */
int jg_dotted_cmp(const jg_dotted *a, const jg_dotted *b);

#endif
