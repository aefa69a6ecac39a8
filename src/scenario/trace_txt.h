/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * scenario/trace_txt.h - a txt trace: `PAGE [OBJECT] [KIND]` a line (trace_txt.c)
 */
#ifndef VMSCAN_SCENARIO_TRACE_TXT_H
#define VMSCAN_SCENARIO_TRACE_TXT_H

#include <stdio.h>

#include "trace_sink.h"

/* Reads @f into @s; s->failed after a message. */
void trace_read_txt(struct trace_sink *s, FILE *f);

#endif
