/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli/real_result.c - the figures of a run, real or simulated, in one
 * form: what the guest printed ("vv " lines, src/guest/vmscan-viz-replay.c)
 * read back, and the same taken from an engine, so that the report sets
 * them side by side without knowing which is which.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../replay/names.h"
#include "real.h"

const char *const real_counter_name[NR_REAL_COUNTERS] = {
#define X(id, name, src) [(id)] = (name),
	REAL_COUNTERS(X)
#undef X
};
static const char real_counter_src[NR_REAL_COUNTERS] = {
#define X(id, name, src) [(id)] = (src),
	REAL_COUNTERS(X)
#undef X
};

void real_fig_init(struct real_fig *f, uint32_t nr_objects)
{
	memset(f, 0, sizeof *f);
	f->nr_objects = nr_objects;
	f->obj = calloc(nr_objects ? nr_objects : 1, sizeof *f->obj);
}

void real_fig_free(struct real_fig *f)
{
	free(f->obj);
	for (uint32_t i = 0; i < f->nr_pauses; i++)
		free(f->gens[i]);
	free(f->sample_at);
	free(f->sample_seq);
	free(f->sample);
	memset(f, 0, sizeof *f);
}

static void add_sample(struct real_fig *f, uint64_t at, uint64_t seq, const uint32_t *v)
{
	uint32_t k = f->nr_samples, w = 2 * f->nr_objects;
	uint64_t *at2 = realloc(f->sample_at, (k + 1) * sizeof *at2), *seq2;
	uint32_t *v2;

	if (!at2)
		return;
	f->sample_at = at2;
	seq2 = realloc(f->sample_seq, (k + 1) * sizeof *seq2);
	if (!seq2)
		return;
	f->sample_seq = seq2;
	f->sample_seq[k] = seq;
	v2 = realloc(f->sample, ((size_t)(k + 1) * w + 1) * sizeof *v2);
	if (!v2)
		return;
	f->sample = v2;
	f->sample_at[k] = at;
	memcpy(f->sample + (size_t)k * w, v, w * sizeof *v);
	f->nr_samples++;
}

/* @text appended to lru_gen's text of the pause at operation @op. */
static void add_gen(struct real_fig *f, uint32_t op, const char *text)
{
	size_t old, len = strlen(text);
	char *s;

	if (!f->nr_pauses || f->pause_op[f->nr_pauses - 1] != op) {
		if (f->nr_pauses == REAL_MAX_PAUSES)
			return;
		f->pause_op[f->nr_pauses] = op;
		f->gens[f->nr_pauses++] = NULL;
	}
	old = f->gens[f->nr_pauses - 1] ? strlen(f->gens[f->nr_pauses - 1]) : 0;
	s = realloc(f->gens[f->nr_pauses - 1], old + len + 2);
	if (!s)
		return;
	memcpy(s + old, text, len);
	s[old + len] = '\n';
	s[old + len + 1] = '\0';
	f->gens[f->nr_pauses - 1] = s;
}

static void counter(struct real_fig *f, char src, const char *key, long long v)
{
	for (int i = 0; i < NR_REAL_COUNTERS; i++) {
		if (strcmp(real_counter_name[i], key) != 0)
			continue;
		if (real_counter_src[i] == src && src != 'l')
			f->ctr[i] = v < 0 ? 0 : (uint64_t)v;
		else if (real_counter_src[i] == 'l' && src == 'm')
			f->ctr[i] = v < 0 ? 0 : (uint64_t)v / 4096; /* memory.stat's sizes are in bytes */
	}
}

/* One "vv " line (without the prefix and the newline). */
static int line(struct real_fig *f, char *l, char *err, size_t n, bool *done)
{
	char key[64];
	long long v;
	unsigned i, op;
	int at;
	unsigned long long res, faults, refaults, evicted;

	if (strncmp(l, "error ", 6) == 0) {
		snprintf(err, n, "the guest: %s", l + 6);
		return -1;
	}
	if (strncmp(l, "warn ", 5) == 0) {
		if (!f->warn[0])
			snprintf(f->warn, sizeof f->warn, "%s", l + 5);
	} else if (strncmp(l, "kernel ", 7) == 0) {
		snprintf(f->kernel, sizeof f->kernel, "%s", l + 7);
	} else if (sscanf(l, "obj %u %llu %llu %llu %llu", &i, &res, &faults, &refaults, &evicted) == 5) {
		if (i < f->nr_objects)
			f->obj[i] = (struct real_obj_fig){ (uint32_t)res, faults, refaults, evicted };
	} else if (sscanf(l, "memstat %63s %lld", key, &v) == 2) {
		counter(f, 'm', key, v);
	} else if (sscanf(l, "vmstat %63s %lld", key, &v) == 2) {
		counter(f, 'v', key, v);
	} else if (sscanf(l, "gen %u %n", &op, &at) == 1) {
		add_gen(f, op, l + at);
	} else if (strncmp(l, "t ", 2) == 0) {
		uint32_t *vals = calloc(2 * (size_t)f->nr_objects + 1, sizeof *vals);
		char *p = l + 2, *q;
		uint64_t acc = strtoull(p, &q, 10), seq = strtoull(q, &q, 10);
		for (uint32_t k = 0; vals && k < 2 * f->nr_objects && q != p; k++) {
			p = q;
			vals[k] = (uint32_t)strtoul(p, &q, 10);
		}
		if (vals)
			add_sample(f, acc, seq, vals);
		free(vals);
	} else if (strcmp(l, "done") == 0) {
		*done = true;
	}
	return 0;
}

int real_fig_parse(const char *text, struct real_fig *f, char *err, size_t n)
{
	bool done = false;
	const char *p = text;

	err[0] = '\0';
	while (p && *p) {
		const char *nl = strchr(p, '\n'), *vv = strstr(p, "vv ");
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		/* the console may interleave the kernel's messages: a line of
		 * ours starts "vv " wherever the line begins */
		if (vv && vv < p + len && (vv == p || vv[-1] == '\r' || vv[-1] == '\n' || vv[-1] == '.')) {
			size_t k = len - (size_t)(vv + 3 - p);
			char *l = malloc(k + 1);
			if (!l)
				break;
			memcpy(l, vv + 3, k);
			l[k] = '\0';
			if (k && l[k - 1] == '\r')
				l[k - 1] = '\0';
			if (line(f, l, err, n, &done) < 0) {
				free(l);
				return -1;
			}
			free(l);
		}
		p = nl ? nl + 1 : NULL;
	}
	if (!done) {
		snprintf(err, n, "the guest stopped before the end of the replay");
		return -1;
	}
	return 0;
}

/* The operations whose steps access a page: a timeline's unit. */
static const bool access_kind[NR_WL_KINDS] = {
	[WL_TOUCH] = true, [WL_READ] = true,   [WL_WRITE] = true, [WL_DIRTY] = true,
	[WL_MLOCK] = true, [WL_RANDOM] = true, [WL_TRACE] = true,
};

/* The simulated lru_gen, one line a generation as the kernel's debugfs
 * file has them (mm/vmscan.c lru_gen_seq_show(): seq, age, anon, file),
 * the age in steps since the generation's birth. */
static void sim_gens(struct real_fig *f, const struct engine *e, uint32_t op)
{
	struct lru_gen_info g = engine_lru_gen(e);
	uint64_t lo = g.min_seq[0] < g.min_seq[1] ? g.min_seq[0] : g.min_seq[1];
	char buf[128];

	if (!shown_generations(e))
		return;
	for (uint64_t seq = lo; seq <= g.max_seq; seq++) {
		unsigned slot = (unsigned)(seq % 4);
		snprintf(buf, sizeof buf, "%10" PRIu64 " %10" PRIu64 " %10" PRId64 " %10" PRId64, seq,
			 engine_steps(e) - g.timestamps[slot], g.nr_pages[slot][0], g.nr_pages[slot][1]);
		add_gen(f, op, buf);
	}
}

static void sim_sample(struct real_fig *f, const struct engine *e, uint64_t acc)
{
	uint32_t *vals = calloc(2 * (size_t)f->nr_objects + 1, sizeof *vals);

	if (!vals)
		return;
	for (uint32_t o = 0; o < f->nr_objects; o++) {
		struct object_stats st = engine_object(e, o);
		vals[(size_t)o * 2] = st.resident;
		vals[(size_t)o * 2 + 1] = (uint32_t)st.refaults;
	}
	add_sample(f, acc, engine_lru_gen(e).max_seq, vals); /* 0 without generations */
	free(vals);
}

void real_fig_sim(struct engine *e, uint64_t every, struct real_fig *f)
{
	const struct workload *wl = engine_workload(e);
	const uint64_t *vm;
	uint64_t acc = 0;

	real_fig_init(f, wl->nr_objects);
	while (!engine_done(e)) {
		const struct step_record *r = engine_step(e);
		const struct wl_op *op;
		if (r->kind != STEP_WORKLOAD || r->op >= wl->nr_ops)
			continue;
		op = &wl->ops[r->op];
		if ((r->inputs & IN_PAUSE) || op->kind == WL_PAUSE)
			sim_gens(f, e, r->op);
		if (access_kind[op->kind] && every && ++acc % every == 0)
			sim_sample(f, e, acc);
	}
	if (every && acc % every)
		sim_sample(f, e, acc);
	for (uint32_t o = 0; o < wl->nr_objects; o++) {
		struct object_stats st = engine_object(e, o);
		f->obj[o] = (struct real_obj_fig){ st.resident, st.faults, st.refaults, st.evicted };
	}
	vm = engine_vmstat(e);
	f->ctr[RC_PGACTIVATE] = vm[PGACTIVATE];
	f->ctr[RC_PGDEACTIVATE] = vm[PGDEACTIVATE];
	f->ctr[RC_PGREFILL] = vm[PGREFILL];
	f->ctr[RC_PGSCAN] = vm[PGSCAN_KSWAPD] + vm[PGSCAN_DIRECT];
	f->ctr[RC_PGSTEAL] = vm[PGSTEAL];
	f->ctr[RC_PGMAJFAULT] = vm[PGMAJFAULT];
	f->ctr[RC_PSWPIN] = vm[PSWPIN];
	f->ctr[RC_PSWPOUT] = vm[PSWPOUT];
	f->ctr[RC_WS_REFAULT_FILE] = vm[WORKINGSET_REFAULT];
	f->ctr[RC_WS_ACTIVATE_FILE] = vm[WORKINGSET_ACTIVATE];
	f->ctr[RC_WS_REFAULT_ANON] = vm[WORKINGSET_REFAULT_ANON];
	for (int l = LRU_INACTIVE_ANON; l <= LRU_UNEVICTABLE; l++)
		f->ctr[RC_INACTIVE_ANON + l] = engine_lru_size(e, (enum lru_list)l);
}

/* The counter of the figures that an expectation's vmstat item names. */
static int counter_of(int item)
{
	switch (item) {
	case PGACTIVATE: return RC_PGACTIVATE;
	case PGDEACTIVATE: return RC_PGDEACTIVATE;
	case PGREFILL: return RC_PGREFILL;
	case PGSTEAL: return RC_PGSTEAL;
	case PGMAJFAULT: return RC_PGMAJFAULT;
	case PSWPIN: return RC_PSWPIN;
	case PSWPOUT: return RC_PSWPOUT;
	case WORKINGSET_REFAULT: return RC_WS_REFAULT_FILE;
	case WORKINGSET_ACTIVATE: return RC_WS_ACTIVATE_FILE;
	case WORKINGSET_REFAULT_ANON: return RC_WS_REFAULT_ANON;
	default: return -1;
	}
}

double real_fig_measure(const struct real_fig *f, const struct workload *wl, const struct expectation *x,
			bool *ok)
{
	int c;

	*ok = x->object < f->nr_objects || (x->metric != EXPECT_RESIDENT_PERCENT &&
					    x->metric != EXPECT_RESIDENT && x->metric != EXPECT_REFAULTS);
	if (!*ok)
		return 0;
	switch (x->metric) {
	case EXPECT_RESIDENT_PERCENT:
		return 100.0 * f->obj[x->object].resident /
		       (wl->objects[x->object].pages ? wl->objects[x->object].pages : 1);
	case EXPECT_RESIDENT: return f->obj[x->object].resident;
	case EXPECT_REFAULTS: return (double)f->obj[x->object].refaults;
	case EXPECT_COUNTER:
		if ((c = counter_of(x->item)) >= 0)
			return (double)f->ctr[c];
		break;
	case EXPECT_LIST:
		if (x->item >= LRU_INACTIVE_ANON && x->item <= LRU_UNEVICTABLE)
			return (double)f->ctr[RC_INACTIVE_ANON + x->item];
		break;
	default: break;
	}
	*ok = false;
	return 0;
}
