/* CPU-side helpers for the probes' references: a deterministic hash to make
 * test data without storing it, and IEEE binary16 conversions (C11 has no
 * half type), written out so that the reference does not depend on a
 * compiler extension. */
#ifndef JG_CUDA_HOSTMATH_H
#define JG_CUDA_HOSTMATH_H
#include <stdint.h>

/* A well-mixed 32-bit value from a 64-bit index (splitmix64 finaliser). */
uint32_t jg_hash32(uint64_t x);
/* binary16 bits -> float (exact: every half is a float). */
float jg_half_to_float(uint16_t h);
/* float -> binary16 bits, rounded to nearest even (overflow to infinity). */
uint16_t jg_float_to_half(float f);
/* The spacing of binary16 numbers at |x| (one unit in the last place). */
double jg_half_ulp(double x);

#endif
