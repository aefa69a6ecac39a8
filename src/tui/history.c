/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tui/history.c - the inspected page, and its whole history so far
 *
 * The history of a page is not stored anywhere: the engine keeps only the
 * current record.  So the inspector runs a scratch engine of its own over
 * the same workload and policy, from step 0 up to the current step, and
 * keeps the records that name this page (object and index).  The scratch
 * engine only ever moves forward: stepping back just shows fewer of the
 * records already collected, stepping forward continues the replay.
 * Selecting another page, or another policy, starts it again.  The replay
 * runs VIEW_SLICE_STEPS steps at a time between keys (app_work), so a
 * page looked at a billion steps into a run shows its history as it
 * arrives, and the inspector (inspector.c) says how far it has got.
 * Nothing here draws.
 */
#include <stdio.h>
#include <stdlib.h>

#include "../util/grow.h"
#include "history.h"

static void reset(struct inspector *in)
{
	engine_free(in->scratch);
	in->scratch = NULL;
	in->upto = 0;
	in->nev = 0;
	in->back = 0;
}

void history_close(struct app *a)
{
	reset(&a->insp);
	free(a->insp.ev);
	a->insp.ev = NULL;
	a->insp.cap = 0;
	a->insp.open = false;
	a->insp.hist = false;
}

void history_select(struct app *a, uint32_t object, uint32_t index)
{
	struct inspector *in = &a->insp;

	if (!in->cursor || in->object != object || in->index != index)
		reset(in);
	in->cursor = true;
	in->pinned = false;
	in->object = object;
	in->index = index;
	history_update(a);
}

static bool names_page(const struct step_record *r, uint32_t object, uint32_t index)
{
	if (r->kind == STEP_END || r->object != object)
		return false;
	return r->count > 1 ? index >= r->index && index - r->index < r->count : r->index == index;
}

bool history_update(struct app *a)
{
	struct inspector *in = &a->insp;
	const struct view *v = &a->views[0];
	struct engine_error err;
	uint64_t slice = VIEW_SLICE_STEPS;

	if (!in->open || !in->cursor || a->cmp.on)
		return false;
	if (in->scratch && (engine_policy(in->scratch) != v->policy ||
			    engine_workload(in->scratch) != engine_workload(view_engine(v))))
		reset(in); /* another policy, or the same without cgroups (P/global) */
	if (!in->scratch && !(in->scratch = engine_new(engine_workload(view_engine(v)), v->policy, &err))) {
		snprintf(a->ui.msg, sizeof a->ui.msg, "inspector: %.140s", err.msg);
		in->open = false;
		return false;
	}
	if (in->upto >= v->step || engine_done(in->scratch))
		return false;
	while (in->upto < v->step && !engine_done(in->scratch) && slice--) {
		const struct step_record *r = engine_step(in->scratch);
		in->upto = engine_steps(in->scratch);
		if (!names_page(r, in->object, in->index))
			continue;
		if (in->nev == INSPECTOR_MAX_EVENTS)
			continue; /* counted no more: the panel says the history is cut */
		if (!grow_array(in->ev, in->cap, in->nev + 1, 64))
			return false;
		in->ev[in->nev++] = *r;
	}
	return true;
}
