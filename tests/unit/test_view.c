/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/test_view.c - the visualizer's run (replay/view.h) is the run
 *
 * A view reaches a step by restoring a snapshot (taken by the shown
 * engine, or handed over by the builder running ahead) and replaying the
 * rest.  Whatever way it takes, the state after view_goto(k) must be
 * byte for byte the state engine_step() reaches in k steps from the
 * start, and the record shown that of step k.  Checked at random steps,
 * forward and back, while the index grows and after it is complete, with
 * the builder made before the first frame or after it, with a snapshot
 * budget so small that snapshots are dropped and the interval between
 * them changes under the view, and with the cursor left by view_idle()
 * (the visualizer's work while no key waits) between a jump and its step
 * back.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "policy/registry.h"
#include "replay/view.h"
#include "scenario/scenario.h"

/* A trace of @n reads over @distinct pages (a third of them hot), in
 * @memory pages: reclaim all along, and steps of every kind. */
static int make_run(struct scenario *s, uint32_t n, uint32_t distinct, uint32_t memory)
{
	char *buf = malloc((size_t)n * 12), *w = buf;
	struct diag_list d = { 0 };
	uint64_t x = 12345;
	int rc;

	if (!buf)
		return -1;
	for (uint32_t i = 0; i < n; i++) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		w += sprintf(w, "%u\n",
			     (unsigned)((x >> 33) % 3 ? (x >> 40) % (distinct / 3) : (x >> 40) % distinct));
	}
	rc = scenario_from_trace_buffer("view.txt", buf, (size_t)(w - buf), "txt", memory, VIA_READ, s, &d);
	if (rc < 0)
		CHECKF(0, "the trace does not load: %s", d.n ? d.v[0].msg : "?");
	diag_list_free(&d);
	free(buf);
	return rc;
}

/* The reference: an engine stepped one engine_step() at a time. */
struct ref {
	struct engine *e;
	const struct workload *wl;
	struct step_record last, before; /* the records of steps k and k - 1 */
	void *now, *prev;		 /* the states after them (engine_save) */
	void *shown;
	unsigned idled; /* view_idle() calls that did something */
};

/* The reference at step @k, its state and the one before in now/prev. */
static void ref_to(struct ref *r, uint64_t k)
{
	struct engine_error err;

	if (!r->e || engine_steps(r->e) > k) {
		engine_free(r->e);
		r->e = engine_new(r->wl, policy_find("2.6.34"), &err);
		r->last = *engine_last(r->e);
	}
	while (engine_steps(r->e) < k && !engine_done(r->e)) {
		if (engine_steps(r->e) + 1 == k) {
			engine_save(r->e, r->prev);
			r->before = r->last;
		}
		r->last = *engine_step(r->e);
	}
	engine_save(r->e, r->now);
}

/* The view at @k, checked against @state and @rec; @why names the move. */
static void check_view(struct view *v, struct ref *r, uint64_t k, const void *state,
		       const struct step_record *rec, const char *why)
{
	view_goto(v, k);
	CHECKF(v->step == k, "%s: at step %llu, asked for %llu", why, (unsigned long long)v->step,
	       (unsigned long long)k);
	engine_save(view_engine(v), r->shown);
	CHECKF(memcmp(r->shown, state, engine_state_size(view_engine(v))) == 0,
	       "%s: the state at step %llu is not engine_step()'s", why, (unsigned long long)k);
	if (k > 0)
		CHECKF(memcmp(&v->rec, rec, sizeof v->rec) == 0, "%s: the record of step %llu differs", why,
		       (unsigned long long)k);
}

static void check_at(struct view *v, struct ref *r, uint64_t k, const char *why)
{
	ref_to(r, k);
	check_view(v, r, k, r->now, &r->last, why);
}

/* @n random steps among those indexed, each followed by a step back. */
static void jumps(struct view *v, struct ref *r, uint64_t *seed, int n, const char *why)
{
	for (int i = 0; i < n && v->total > 1; i++) {
		uint64_t k;
		*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
		k = 2 + (*seed >> 11) % (v->total - 1);
		check_at(v, r, k, why);
		if (i % 2 && view_idle(v)) { /* the user looks: a cursor for the steps back */
			CHECKF(!view_idle_pending(v), "%s: at step %llu, idle work left after view_idle()",
			       why, (unsigned long long)k);
			engine_save(view_engine(v), r->shown);
			CHECKF(v->step == k && memcmp(r->shown, r->now, engine_state_size(r->e)) == 0,
			       "%s: view_idle() moved the view from step %llu", why, (unsigned long long)k);
			r->idled++;
			check_view(v, r, k - 1, r->prev, &r->before, why);
			/* its lead covers the next steps back: no idle work at each */
			CHECKF(!view_idle_pending(v), "%s: idle work again after one step back to %llu", why,
			       (unsigned long long)(k - 1));
			continue;
		}
		check_view(v, r, k - 1, r->prev, &r->before, why);
	}
}

static void test_a_jump_to_step_k_is_the_state_engine_step_reaches(void)
{
	static const struct {
		const char *sentence;
		size_t eager;  /* struct view_tunables' eager_state */
		size_t budget; /* a snapshot budget set under the view, 0: its own */
	} rows[] = {
		{ "builder made before the first frame, the visualizer's budget", (size_t)16 << 20, 0 },
		{ "builder made after the first frame, the visualizer's budget", 0, 0 },
		{ "builder made before the first frame, snapshots dropped and spaced anew", (size_t)16 << 20,
		  3 },
		{ "builder made after the first frame, snapshots dropped and spaced anew", 0, 3 },
	};
	struct view_tunables tun = view_tunables_default;
	struct scenario s;

	if (make_run(&s, 20000, 3000, 1024) < 0)
		return;
	tun.first_steps = 5000;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		struct view v;
		struct ref r = { .wl = &s.wl };
		char err[200];
		uint64_t seed = 99 + i;
		size_t snap;

		tun.eager_state = rows[i].eager;
		if (view_build(&v, &s.wl, policy_find("2.6.34"), &tun, err, sizeof err) < 0) {
			CHECKF(0, "%s: %s", rows[i].sentence, err);
			ROW_END();
			continue;
		}
		r.now = malloc(engine_state_size(view_engine(&v)));
		r.prev = malloc(engine_state_size(view_engine(&v)));
		r.shown = malloc(engine_state_size(view_engine(&v)));
		snap = engine_pack_bound(view_engine(&v)) / 8;
		CHECKF(v.bld ? rows[i].eager != 0 : rows[i].eager == 0, "%s: builder %s", rows[i].sentence,
		       v.bld ? "made" : "not made");
		if (rows[i].budget)
			timeline_set_budget(v.tl, rows[i].budget * snap);
		check_at(&v, &r, 0, "first frame");
		while (!v.complete) {
			view_build_more(&v, 3000);
			view_settle(&v);
			if (rows[i].budget)
				timeline_set_budget(v.tl, rows[i].budget * snap);
			jumps(&v, &r, &seed, 3, "while the index grows");
		}
		CHECKF(v.total > 20000, "%s: %llu steps", rows[i].sentence, (unsigned long long)v.total);
		jumps(&v, &r, &seed, 20, "once the index is complete");
		if (rows[i].budget) { /* the length known: snapshots spaced anew, fewer */
			timeline_set_budget(v.tl, rows[i].budget * snap);
			timeline_plan(v.tl, v.total);
			jumps(&v, &r, &seed, 20, "after the interval changed");
		}
		/* with snapshots far apart, the steps back need the cursor */
		CHECKF(r.idled > 0 || !rows[i].budget, "%s: view_idle() never had anything to do",
		       rows[i].sentence);
		check_at(&v, &r, v.total, "the end");
		check_at(&v, &r, 0, "back to the start");
		view_free(&v);
		engine_free(r.e);
		free(r.now);
		free(r.prev);
		free(r.shown);
		ROW_END();
	}
	scenario_free(&s);
}

/* p: the run redone under another policy is that policy's run, and the
 * view it replaces is gone (one view's memory, not two). */
static void test_a_rebuilt_view_is_the_other_policys_run(void)
{
	static const struct {
		const char *sentence;
		size_t eager;
	} rows[] = {
		{ "a small run, built beside the old one", (size_t)16 << 20 },
		{ "a large run, built once the old one is freed", 0 },
	};
	struct view_tunables tun = view_tunables_default;
	struct scenario s;

	if (make_run(&s, 5000, 3000, 1024) < 0)
		return;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		ROW_BEGIN(rows[i].sentence);
		struct view v;
		struct engine_error ee;
		struct engine *e;
		char err[200];

		tun.eager_state = rows[i].eager;
		if (view_build(&v, &s.wl, policy_find("2.6.34"), &tun, err, sizeof err) < 0) {
			CHECKF(0, "%s", err);
			ROW_END();
			continue;
		}
		while (v.total < 200)
			view_build_more(&v, 100);
		view_goto(&v, 100);
		CHECKF(view_rebuild(&v, policy_find("2.6.33"), err, sizeof err) == 0, "%s: %s",
		       rows[i].sentence, err);
		CHECKF(v.policy == policy_find("2.6.33") && v.step == 0, "%s: policy %s, step %llu",
		       rows[i].sentence, v.policy->name, (unsigned long long)v.step);
		while (!v.complete)
			view_build_more(&v, 4096);
		view_goto(&v, v.total);
		e = engine_new(&s.wl, policy_find("2.6.33"), &ee);
		engine_run(e, UINT64_MAX);
		CHECKF(v.total == engine_steps(e), "%s: %llu steps, not %llu", rows[i].sentence,
		       (unsigned long long)v.total, (unsigned long long)engine_steps(e));
		CHECKF(memcmp(engine_vmstat(view_engine(&v)), engine_vmstat(e),
			      NR_VM_EVENTS * sizeof(uint64_t)) == 0,
		       "%s: the counters at the end differ", rows[i].sentence);
		engine_free(e);
		view_free(&v);
		ROW_END();
	}
	scenario_free(&s);
}

int main(int argc, char **argv)
{
	HARNESS_START(argc, argv);
	RUN_TABLE(test_a_jump_to_step_k_is_the_state_engine_step_reaches);
	RUN_TABLE(test_a_rebuilt_view_is_the_other_policys_run);
	return HARNESS_END("view");
}
