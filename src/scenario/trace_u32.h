/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace_u32.h - a u32 trace: little-endian page numbers (trace_u32.c)
 */
#ifndef VMSCAN_SCENARIO_TRACE_U32_H
#define VMSCAN_SCENARIO_TRACE_U32_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "trace_sink.h"

/* Reads @f into @s; s->failed after a message. */
void trace_read_u32(struct trace_sink *s, FILE *f);
/* The file @fd of @size bytes mapped as the accesses themselves, when
 * nothing in it needs a message; false: read it with trace_read_u32(). */
bool trace_map_u32(struct trace_sink *s, int fd, off_t size);

#endif
