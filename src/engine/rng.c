/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/rng.c - deterministic random accesses for `random` operations
 *
 * xoshiro256** (Blackman and Vigna), seeded through splitmix64, and a Zipf
 * sampler by rejection-inversion (Hörmann and Derflinger, 1996), which draws
 * in O(1) expected time with no table, so a Zipf range of a million pages
 * costs nothing to set up.  Same seed, same accesses, on every run.
 */
#include <math.h>

#include "rng.h"

static uint64_t rotl(uint64_t x, int k)
{
	return x << k | x >> (64 - k);
}

uint64_t rng_next(uint64_t s[4])
{
	uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

void rng_seed(uint64_t s[4], uint64_t seed)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		s[i] = z ^ (z >> 31);
	}
}

static double rng_unit(uint64_t s[4])
{
	return (double)(rng_next(s) >> 11) * 0x1.0p-53;
}

/* H(x) = ((x)^(1-s) - 1) / (1 - s), the integral of x^-s, and its inverse;
 * helper1/helper2 keep them accurate when s is close to 1. */
static double helper1(double x)
{
	return fabs(x) > 1e-8 ? log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
}
static double helper2(double x)
{
	return fabs(x) > 1e-8 ? expm1(x) / x : 1 + x * 0.5 * (1 + x * (1.0 / 3) * (1 + 0.25 * x));
}
static double zipf_h(const struct zipf *z, double x)
{
	double lx = log(x);
	return helper2((1 - z->s) * lx) * lx;
}
static double zipf_hinv(const struct zipf *z, double x)
{
	double t = x * (1 - z->s);
	if (t < -1)
		t = -1;
	return exp(helper1(t) * x);
}

void zipf_setup(struct zipf *z, uint32_t n, double theta, uint32_t op)
{
	z->n = n;
	z->s = theta;
	z->h_x1 = zipf_h(z, 1.5) - 1;
	z->h_n = zipf_h(z, n + 0.5);
	z->q = 2 - zipf_hinv(z, zipf_h(z, 2.5) - exp(-z->s * log(2.0)));
	z->op = op;
}

uint32_t zipf_sample(const struct zipf *z, uint64_t s[4])
{
	for (int tries = 0; tries < 64; tries++) {
		double u = z->h_n + rng_unit(s) * (z->h_x1 - z->h_n);
		double x = zipf_hinv(z, u);
		double k = floor(x + 0.5);

		if (k < 1)
			k = 1;
		else if (k > z->n)
			k = z->n;
		if (k - x <= z->q || u >= zipf_h(z, k + 0.5) - exp(-z->s * log(k)))
			return (uint32_t)k - 1;
	}
	return 0; /* rejection never runs this long in practice; stay bounded */
}
