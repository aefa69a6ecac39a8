/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine/rng.h - what rng.c offers: the workload's random accesses
 */
#ifndef VMSCAN_RNG_H
#define VMSCAN_RNG_H

#include <stdint.h>

struct zipf { /* rejection-inversion sampler, set up per op */
	double h_x1, h_n, s, q, n;
	uint32_t op; /* op it was set up for; UINT32_MAX: none */
};

uint64_t rng_next(uint64_t s[4]);
void rng_seed(uint64_t s[4], uint64_t seed);
void zipf_setup(struct zipf *z, uint32_t n, double theta, uint32_t op);
uint32_t zipf_sample(const struct zipf *z, uint64_t s[4]); /* 0..n-1, 0 hottest */

#endif
