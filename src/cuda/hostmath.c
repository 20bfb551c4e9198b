#include "cuda/hostmath.h"

#include <math.h>
#include <string.h>

uint32_t jg_hash32(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    x ^= x >> 31;
    return (uint32_t)(x >> 16);
}

float jg_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1Fu, man = h & 0x3FFu, bits;
    if (exp == 0x1F)
        bits = sign | 0x7F800000u | (man << 13); /* inf / nan */
    else if (exp != 0)
        bits = sign | ((exp + 112u) << 23) | (man << 13);
    else if (man == 0)
        bits = sign;
    else { /* subnormal: value = man * 2^-24, normalise it */
        int e = -1;
        do {
            man <<= 1;
            e++;
        } while (!(man & 0x400u));
        bits = sign | ((uint32_t)(112 - e) << 23) | ((man & 0x3FFu) << 13);
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

uint16_t jg_float_to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t ax = x & 0x7FFFFFFFu;
    if (ax >= 0x7F800000u) /* inf or nan */
        return (uint16_t)(sign | 0x7C00u | (ax > 0x7F800000u ? 0x200u : 0));
    if (ax >= 0x477FF000u) /* rounds to >= 65520: overflow */
        return (uint16_t)(sign | 0x7C00u);
    if (ax < 0x33000001u) /* below half the smallest subnormal: zero */
        return sign;
    uint32_t exp = ax >> 23, man = (ax & 0x7FFFFFu) | 0x800000u;
    int shift = exp >= 113 ? 13 : (int)(126 - exp); /* normal vs subnormal result */
    uint32_t base = exp >= 113 ? ((exp - 112) << 10) : 0;
    uint32_t keep = man >> shift, rest = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    uint32_t r = (exp >= 113 ? (keep & 0x3FFu) : keep) + base;
    if (rest > half || (rest == half && (keep & 1u)))
        r++; /* carries into the exponent correctly */
    return (uint16_t)(sign | r);
}

double jg_half_ulp(double x)
{
    x = fabs(x);
    if (x < 6.103515625e-05) /* below 2^-14: subnormal spacing */
        return ldexp(1.0, -24);
    int e;
    frexp(x, &e); /* x = m * 2^e, m in [0.5, 1) */
    return ldexp(1.0, e - 11);
}
