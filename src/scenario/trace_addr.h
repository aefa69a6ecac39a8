/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace_addr.h - traces of virtual addresses: valgrind's lackey
 * and `perf script` (trace_addr.c)
 */
#ifndef VMSCAN_SCENARIO_TRACE_ADDR_H
#define VMSCAN_SCENARIO_TRACE_ADDR_H

#include <stdio.h>

#include "maps.h"
#include "trace_sink.h"

/* Reads @f, valgrind lackey's output or perf script's, into @s: through
 * @maps (NULL: none) each address takes its mapping's object.  s->failed
 * after a message. */
void trace_read_lackey(struct trace_sink *s, FILE *f, struct maps *maps);
void trace_read_perf(struct trace_sink *s, FILE *f, struct maps *maps);

#endif
