/* xorshift.h — the tests' deterministic random numbers: Marsaglia's xorshift64
 * (shifts 13, 7, 17) mapped to a uniform double in (−1, 1).  One state per
 * test, seeded by the test, so every run draws the same numbers. */
#ifndef DAEBENCH_XORSHIFT_H
#define DAEBENCH_XORSHIFT_H

static inline double xorshift_uniform(unsigned long long *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return (double)(*state >> 11) / 4503599627370496.0 - 1.0;
}

#endif
